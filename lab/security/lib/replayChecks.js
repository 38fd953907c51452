'use strict';
/**
 * After the replay, relabel and planted-id attacks (./replaySuite.js): every answer against its expectation, every
 * execution counted against the request that caused it (the X-Attack-Copy header in the trigger's item), what the
 * captured delivery's item says about its unsigned fields and its key, and the tables.
 */
const { deliveryKeyOf } = require('../../lib/deliveryKey');
const { TRIGGER_NODE_NAME } = require('../../lib/workflows');
const { nodeOutput, settledExecutions } = require('../../lib/executions');
const { QUIET_MS, tally } = require('./attackChecks');
const { CAPTURED_EVENT, COPY_HEADER, HEADER_ONLY_EVENT } = require('./attacks/replays');

/**
 * @typedef {import('./replaySuite').SentCopy} SentCopy
 * @typedef {import('./attackRun').Trigger} Trigger
 * @typedef {import('./stack').SecurityStack} SecurityStack
 * @typedef {import('../../lib/groupReport').Report} Report
 * @typedef {import('./checkItems').CheckResult} CheckResult
 */

/**
 * Whether n8n's answer says the delivery was taken to run (any 2xx the trigger did not answer "ignored").
 * @param {SentCopy['answer']} answer
 */
const answeredAsRun = (answer) =>
	answer.status !== null &&
	answer.status >= 200 &&
	answer.status < 300 &&
	!answer.text.includes('"ignored"');

/**
 * The executions of `trigger`, once as many as the answers say ran have settled, by the request that caused them.
 * @param {SecurityStack} stack
 * @param {Trigger} trigger
 * @param {SentCopy[]} sent the requests sent to it
 * @returns {Promise<{ byCopy: Map<string, any[]>, untraced: string[], statuses: string[] }>} byCopy: copy id →
 *   the trigger items of its executions
 */
async function executionsByCopy(stack, trigger, sent) {
	const executions = await settledExecutions(
		stack.client,
		{ workflowId: trigger.workflowId, includeData: true },
		sent.filter((s) => answeredAsRun(s.answer)).length,
		{ quietMs: QUIET_MS },
	);
	const byCopy = new Map();
	const untraced = [];
	for (const execution of executions) {
		const item = nodeOutput(execution, TRIGGER_NODE_NAME)[0];
		const copyId = item?.headers?.[COPY_HEADER];
		if (typeof copyId !== 'string') untraced.push(execution.id);
		else byCopy.set(copyId, [...(byCopy.get(copyId) ?? []), item]);
	}
	return { byCopy, untraced, statuses: executions.map((e) => e.status) };
}

/**
 * The checks of one request: its answer and the executions it caused.
 * @param {SentCopy} s
 * @param {number} runs
 * @returns {CheckResult[]}
 */
function copyResults(s, runs) {
	const { expect, answer, copy } = s;
	const statusOk = answer.status === expect.status;
	const textOk = !expect.text || answer.text.includes(expect.text);
	return [
		{
			label: `${copy.label}: answered ${expect.status}${expect.text ? ` "${expect.text}"` : ''}`,
			ok: statusOk && textOk,
			problem: `answered ${answer.status ?? answer.error} ${answer.text.slice(0, 100)}`,
		},
		{
			label: `${copy.label}: ${expect.runs} execution${expect.runs === 1 ? '' : 's'}`,
			ok: runs === expect.runs,
			problem: `${runs} executions`,
		},
	];
}

/**
 * What the captured delivery's item must say: the event its signed record's status names (X-Event decides nothing);
 * its id (the signed Standard Webhooks id, else the X-Delivery-Id header, marked unsigned); its key, the signed id or
 * the body's digest.
 * @param {SentCopy} s
 * @param {any} item
 * @returns {CheckResult[]}
 */
function capturedItemResults(s, item) {
	const { copy } = s;
	const signedId = copy.messageId;
	const digest = deliveryKeyOf(copy.body);
	const unsigned = Array.isArray(item?.unsignedFields) ? item.unsignedFields : [];
	const expectedUnsigned = signedId ? [] : ['id'];
	return [
		{
			label: `its item: event ${CAPTURED_EVENT}, named by the signed record's status`,
			ok: item?.event === CAPTURED_EVENT && !unsigned.includes('event'),
			problem: `event ${item?.event}, unsignedFields ${JSON.stringify(item?.unsignedFields)}`,
		},
		{
			label: `its item: id ${signedId ? 'the signed webhook-id' : 'from X-Delivery-Id, listed in unsignedFields'}`,
			ok:
				item?.id === (signedId ?? copy.headers['x-delivery-id']) &&
				unsigned.length === expectedUnsigned.length &&
				expectedUnsigned.every((field) => unsigned.includes(field)),
			problem: `id ${item?.id}, unsignedFields ${JSON.stringify(item?.unsignedFields)}`,
		},
		{
			label: `its item: deliveryKey ${signedId ? 'the signed webhook-id' : "the body's digest"}`,
			ok: item?.deliveryKey === (signedId ?? digest),
			problem: `deliveryKey ${item?.deliveryKey}`,
		},
	];
}

/**
 * "0", or "1 (as charge.captured)" when a relabelled copy ran as another event.
 * @param {SentCopy[]} entries
 * @param {Map<string, any[]>} byCopy
 */
function runsWithEvents(entries, byCopy) {
	const items = entries.flatMap((e) => byCopy.get(e.copy.copyId) ?? []);
	const events = [...new Set(items.map((item) => item.event))];
	return items.length === 0 ? '0' : `${items.length} (as ${events.join(', ')})`;
}

/**
 * Checks the answers and executions of every request; prints the groups and two tables.
 * @param {Report} report
 * @param {SecurityStack} stack
 * @param {{ replays: Trigger, ignore: Trigger }} triggers
 * @param {SentCopy[]} sent
 */
async function verifyReplays(report, stack, triggers, sent) {
	const toReplays = sent.filter((s) => s.trigger === 'replays');
	const toIgnore = sent.filter((s) => s.trigger === 'ignore');
	const replays = await executionsByCopy(stack, triggers.replays, toReplays);
	const ignore = await executionsByCopy(stack, triggers.ignore, toIgnore);
	const runsOf = (/** @type {SentCopy} */ s) =>
		((s.trigger === 'replays' ? replays : ignore).byCopy.get(s.copy.copyId) ?? []).length;

	const rows = [];
	for (const window of ['inside', 'outside']) {
		for (const family of [...new Set(toReplays.map((s) => s.family))]) {
			const entries = toReplays.filter((s) => s.family === family && s.window === window);
			const results = entries.flatMap((s) => copyResults(s, runsOf(s)));
			const original = entries.find((s) => s.copy.role === 'original');
			if (original) {
				const [item] = replays.byCopy.get(original.copy.copyId) ?? [];
				results.push(...capturedItemResults(original, item));
			}
			const byRole = (/** @type {string} */ role) => entries.filter((s) => s.copy.role === role);
			const ok = report.group(
				`replay, relabel and planted id (${family.title}, ${window} the replay window)`,
				results,
				`${entries.length} deliveries, ${tally(entries.map((s) => s.answer.status ?? 'no answer'))}`,
			);
			rows.push({
				family: family.title,
				'replay window': family.timestamped ? window : `${window} (no timestamp)`,
				'answers to the 6 attacks': tally(
					[...byRole('replay'), ...byRole('relabel'), ...byRole('planted')].map(
						(s) => s.answer.status ?? 'no answer',
					),
				),
				'captured delivery': runsOf(byRole('original')[0]),
				'replays (new id ×2, none)': runsWithEvents(byRole('replay'), replays.byCopy),
				'relabels (other X-Event)': runsWithEvents(byRole('relabel'), replays.byCopy),
				"victim's id planted": runsWithEvents(byRole('planted'), replays.byCopy),
				'victim, sent after': byRole('victim').map(runsOf).join(' '),
				result: ok ? 'ok' : 'FAIL',
			});
		}
	}

	const ignoreRows = [];
	for (const family of [...new Set(toIgnore.map((s) => s.family))]) {
		const entries = toIgnore.filter((s) => s.family === family);
		const headerOnly = entries.filter((s) => s.copy.role === 'headerEvent');
		const ok = report.group(
			`Event Named Only in a Header = Ignore the Header (${family.title})`,
			[
				...entries.flatMap((s) => copyResults(s, runsOf(s))),
				...headerOnly.map((s) => {
					const [item] = ignore.byCopy.get(s.copy.copyId) ?? [];
					return {
						label: `body without an event, X-Event ${HEADER_ONLY_EVENT}: ran as ${CAPTURED_EVENT}, its record's status`,
						ok: item?.event === CAPTURED_EVENT && !(item?.unsignedFields ?? []).includes('event'),
						problem: `event ${item?.event}, unsignedFields ${JSON.stringify(item?.unsignedFields)}`,
					};
				}),
			],
			`${entries.length} deliveries`,
		);
		const describe = (/** @type {string} */ role) =>
			entries
				.filter((s) => s.copy.role === role)
				.map(
					(s) => `${s.answer.status ?? 'no answer'}, ${runsOf(s)} run${runsOf(s) === 1 ? '' : 's'}`,
				)
				.join('; ');
		ignoreRows.push({
			family: family.title,
			'body without an event, X-Event names one': describe('headerEvent'),
			'body naming its event': describe('bodyEvent'),
			result: ok ? 'ok' : 'FAIL',
		});
	}

	const every = [replays, ignore];
	report.group('replays: every execution traced to the request that caused it', [
		{
			label: 'every execution carries the request it came from',
			ok: every.every((e) => e.untraced.length === 0),
			problem: `untraced executions: ${every.flatMap((e) => e.untraced).join(', ')}`,
		},
		{
			label: 'every execution succeeded',
			ok: every.every((e) => e.statuses.every((status) => status === 'success')),
			problem: tally(every.flatMap((e) => e.statuses)),
		},
	]);

	report.table(
		'Replay, relabel and planted-id attacks, per signature family (executions each caused; a captured delivery whose body names no id nor event)',
		rows,
	);
	report.table('Event Named Only in a Header = Ignore the Header (answer, executions)', ignoreRows);
}

module.exports = { verifyReplays };
