'use strict';
/**
 * Part 2, second half, while n8n runs: every place n8n keeps or prints something, searched for every secret in every
 * form. One group per place, and the counts per secret and place for the table (./leakStorage.js prints it).
 */
const { ACTION_NODE_NAME } = require('../../lib/workflows');
const { allExecutions } = require('../../lib/executions');
const { countSecret, jsonPaths } = require('./leaks');

/**
 * @typedef {import('./stack').SecurityStack} SecurityStack
 * @typedef {import('../../lib/groupReport').Report} Report
 * @typedef {import('./secretRegistry').SecretRegistry} SecretRegistry
 * @typedef {import('./leaks').Secret} Secret
 * @typedef {import('./checkItems').CheckResult} CheckResult
 * @typedef {import('../../lib/executions').Execution} Execution
 * @typedef {Map<string, Record<string, number | string>>} Counts secret name -> place -> occurrences
 * @typedef {{ restAnswers: string[], cliRuns: import('./leakCliRuns').CliRun[] }} Collected
 * @typedef {{ answers: string[], signatures: string[] }} Attacks what n8n answered to part 1's deliveries, and the
 *   MACs they carried
 */

/** What the trigger writes in n8n's log when it refuses a delivery, and how often at most (per webhook). */
const REFUSAL_LINE = /Payment Platform Trigger in workflow "([^"]*)" answered 401 to a delivery/;
const REFUSAL_LINES_EVERY_MS = 60_000;

/**
 * Searches everything; prints one group per place and returns the counts for the table.
 * @param {Report} report
 * @param {SecurityStack} stack
 * @param {SecretRegistry} registry
 * @param {Collected} collected
 * @param {Attacks} attacks
 * @returns {Promise<Counts>}
 */
async function searchEverything(report, stack, registry, collected, attacks) {
	/** @type {Counts} */
	const counts = new Map(registry.all.map((s) => [s.name, {}]));
	/** @type {Note} */
	const note = (s, place, value) => {
		const row = counts.get(s.name);
		if (row) row[place] = value;
	};
	const executions = await allExecutions(stack.client, { includeData: true });
	searchExecutionData(report, registry, executions, note);
	searchErrors(report, registry, executions, note);
	searchPrintedText(report, stack, registry, [...attacks.answers, ...collected.restAnswers], note);
	searchRefusalLines(report, stack, attacks.signatures);
	searchCliOutput(report, registry, collected.cliRuns, note);
	return counts;
}

/** @typedef {(s: Secret, place: string, value: number) => void} Note */

/**
 * Execution data through the public API: a secret the user asked for (Webhook Endpoint → Create) once, in that
 * node's output; every other secret nowhere.
 * @param {Report} report
 * @param {SecretRegistry} registry
 * @param {Execution[]} executions
 * @param {Note} note
 */
function searchExecutionData(report, registry, executions, note) {
	/** @type {CheckResult[]} */
	const results = [];
	for (const s of registry.all) {
		const hits = executions.flatMap((e) =>
			jsonPaths(e.data, s).map((p) => ({ executionId: e.id, path: p })),
		);
		note(s, 'execution data', hits.length);
		if (s.kind === 'createdSecret') {
			const where = registry.createdIn.get(s.name);
			const inItsOutput = hits.every(
				(h) => where?.executionIds.includes(h.executionId) && h.path === createdSecretPath(),
			);
			const ok = inItsOutput && (where?.atMostOnce ? hits.length <= 1 : hits.length === 1);
			results.push({
				label: `${s.name}: ${where?.atMostOnce ? 'at most' : 'exactly'} once, in the node's output`,
				ok,
				problem: `${hits.length} occurrences: ${hits.map((h) => `execution ${h.executionId} ${h.path}`).join('; ')}`,
			});
		} else {
			results.push({
				label: `${s.name}: 0 occurrences`,
				ok: hits.length === 0,
				problem: `${hits.length}: ${hits
					.slice(0, 3)
					.map((h) => `execution ${h.executionId} ${h.path}`)
					.join('; ')}`,
			});
		}
	}
	report.group(
		'execution data (public API, includeData): secrets only where the user asked for them',
		results,
		`${executions.length} executions searched`,
	);
}

/**
 * Error messages, descriptions and error objects: no secret in any; the wrong-key 401 among them as a control.
 * @param {Report} report
 * @param {SecretRegistry} registry
 * @param {Execution[]} executions
 * @param {Note} note
 */
function searchErrors(report, registry, executions, note) {
	const errors = executions.flatMap((e) => errorsOf(e).map((x) => ({ ...x, executionId: e.id })));
	const results = registry.all.map((s) => {
		const hits = errors.filter((x) => countSecret(JSON.stringify(x.error), s) > 0);
		note(s, 'errors', hits.length);
		return {
			label: `${s.name}: in no error`,
			ok: hits.length === 0,
			problem: `in ${hits.map((h) => `${h.where} of execution ${h.executionId}`).join(', ')}`,
		};
	});
	results.push({
		label: 'control: the wrong-key 401 error is among them',
		ok: errors.some((x) => /Authorization failed/.test(String(x.error.message))),
		problem: 'not found',
	});
	report.group(
		'error messages, descriptions and error objects',
		results,
		`${errors.length} errors searched`,
	);
	const messages = [
		...new Set(
			errors.map((x) => `${x.error.message ?? x.error.error} | ${x.error.description ?? ''}`),
		),
	];
	for (const message of messages) console.log(`       seen: ${message.slice(0, 150)}`);
}

/**
 * What n8n printed, the sandbox logged, and the answers n8n gave. Each place has a control, something that must be
 * there, so that 0 hits means "not there", not "not captured".
 * @param {Report} report
 * @param {SecurityStack} stack
 * @param {SecretRegistry} registry
 * @param {string[]} answers
 * @param {Note} note
 */
function searchPrintedText(report, stack, registry, answers, note) {
	const places = [
		['n8n server log (debug)', stack.n8nLog.join('\n'), 'Running node "Payment Platform" finished'],
		['sandbox log', stack.sandboxLog.join('\n'), 'POST /v1/postbacks/endpoints'],
		['HTTP answers (deliveries, REST)', answers.join('\n'), 'Missing or invalid signature'],
	];
	for (const [place, text, control] of places) {
		const results = registry.all.map((s) => {
			const count = countSecret(text, s);
			note(s, place, count);
			return {
				label: `${s.name}: 0 occurrences`,
				ok: count === 0,
				problem: `${count} occurrences`,
			};
		});
		results.push({
			label: `control: holds "${control}"`,
			ok: text.includes(control),
			problem: 'not captured',
		});
		report.group(place, results, `${Math.round(text.length / 1024)} KB searched`);
	}
}

/**
 * The trigger's refusals in n8n's log: warn lines, at most one per webhook a minute, and no MAC that part 1 sent
 * (valid or forged) anywhere in the log. The secrets in them are searched with the whole log above.
 * @param {Report} report
 * @param {SecurityStack} stack
 * @param {string[]} signatures
 */
function searchRefusalLines(report, stack, signatures) {
	// n8n's console format colours its lines.
	const plain = stack.n8nLog.map((line) => line.replace(/\u001b\[[0-9;]*m/g, ''));
	const refusals = plain.filter((line) => REFUSAL_LINE.test(line));
	/** @type {Map<string, number[]>} workflow name → the times of its refusal lines (ms since midnight) */
	const times = new Map();
	for (const line of refusals) {
		const workflow = REFUSAL_LINE.exec(line)?.[1] ?? '';
		times.set(workflow, [...(times.get(workflow) ?? []), logTimeMs(line)]);
	}
	const tooClose = [...times].flatMap(([workflow, at]) =>
		at.slice(1).flatMap((ms, i) => {
			if (Number.isNaN(ms) || Number.isNaN(at[i])) return [`${workflow}: a line without its time`];
			const gap = (ms - at[i] + DAY_MS) % DAY_MS;
			// 1 s of slack: the line's time is taken by n8n's logger, a moment after the trigger's clock.
			return gap < REFUSAL_LINES_EVERY_MS - 1_000 ? [`${workflow}: ${gap} ms apart`] : [];
		}),
	);
	const log = plain.join('\n');
	const found = [...new Set(signatures)].filter((mac) => log.includes(mac));
	report.group(
		"n8n server log: the trigger's refusals",
		[
			{
				label: 'control: refusal lines are there',
				ok: refusals.length > 0,
				problem: 'none: the trigger logged no refusal',
			},
			{
				label: 'every refusal line is at warn level',
				ok: refusals.every((line) => /\bwarn\b/.test(line)),
				problem: refusals.filter((line) => !/\bwarn\b/.test(line))[0]?.slice(0, 150),
			},
			{
				label: 'at most one refusal line per webhook a minute',
				ok: tooClose.length === 0,
				problem: tooClose.slice(0, 3).join('; '),
			},
			{
				label: `none of the ${new Set(signatures).size} MACs the attacks sent is in the log`,
				ok: signatures.length > 0 && found.length === 0,
				problem: signatures.length === 0 ? 'no MAC collected' : `${found.length} found`,
			},
		],
		`${refusals.length} refusal lines from ${times.size} workflows`,
	);
}

const DAY_MS = 86_400_000;

/**
 * The time of day a log line starts with ("08:38:51.364 ..."), in milliseconds.
 * @param {string} line
 */
function logTimeMs(line) {
	const [, h, m, sec, ms] = /^(\d{2}):(\d{2}):(\d{2})\.(\d{3})/.exec(line) ?? [];
	return ((Number(h) * 60 + Number(m)) * 60 + Number(sec)) * 1000 + Number(ms);
}

/**
 * What `n8n execute` printed: a secret the user asked for once, in the execution it prints, never in its log lines.
 * @param {Report} report
 * @param {SecretRegistry} registry
 * @param {import('./leakCliRuns').CliRun[]} cliRuns
 * @param {Note} note
 */
function searchCliOutput(report, registry, cliRuns, note) {
	const cliLog = cliRuns.map((r) => r.output).join('\n');
	const results = registry.all.map((s) => {
		const total = countSecret(cliLog, s);
		const inPrinted = cliRuns.reduce(
			(sum, r) => sum + (r.printed ? countSecret(JSON.stringify(r.printed), s) : 0),
			0,
		);
		note(s, 'n8n execute output', total);
		const where = registry.createdIn.get(s.name);
		if (where?.cli) {
			return {
				label: `${s.name}: once, in the execution it prints, not in its log lines`,
				ok: total === inPrinted && (where.atMostOnce ? inPrinted <= 1 : inPrinted === 1),
				problem: `${total} occurrences, ${inPrinted} in the printed execution`,
			};
		}
		return { label: `${s.name}: 0 occurrences`, ok: total === 0, problem: `${total} occurrences` };
	});
	report.group(
		'n8n execute output (log lines and printed execution)',
		results,
		`${Math.round(cliLog.length / 1024)} KB searched`,
	);
}

/** Where Webhook Endpoint → Create puts the secret in its execution's data. */
function createdSecretPath() {
	return `resultData.runData[${JSON.stringify(ACTION_NODE_NAME)}][0].data.main[0][0].json.secret`;
}

/**
 * Every error an execution holds: the execution's, each node run's, and Continue On Fail error items.
 * @param {Execution} execution
 * @returns {Array<{ where: string, error: any }>}
 */
function errorsOf(execution) {
	/** @type {Array<{ where: string, error: any }>} */
	const errors = [];
	const resultData = execution.data?.resultData ?? {};
	if (resultData.error) errors.push({ where: 'execution', error: resultData.error });
	for (const [node, runs] of Object.entries(resultData.runData ?? {})) {
		for (const run of runs ?? []) {
			if (run.error) errors.push({ where: node, error: run.error });
			for (const output of run.data?.main ?? []) {
				for (const item of output ?? []) {
					if (item?.json && 'error' in item.json)
						errors.push({ where: `${node} (item)`, error: item.json });
				}
			}
		}
	}
	return errors;
}

module.exports = { searchEverything };
