'use strict';
/**
 * Part 1, a replaced secret: a trigger is unpublished, its endpoint removed (Endpoint Removal Delay 1 s), and
 * published again, which registers a new endpoint with a new secret. A delivery signed with the old secret (what the
 * platform signed before and resends after) must run while the old secret is inside its grace period (Previous
 * Secret Grace Period, 72 hours by default), marked `verification.secret: "previous"`, and get 401 with no grace
 * period (0). A delivery signed with the new secret runs in both.
 */
const { waitFor } = require('../../../scripts/lib/wait');
const { send } = require('../../lib/http');
const { TRIGGER_NODE_NAME } = require('../../lib/workflows');
const { nodeOutput, settledExecutions } = require('../../lib/executions');
const { EVENTS_A, activateTrigger, noteAttackTriggers, publishTrigger } = require('./attackRun');
const { QUIET_MS } = require('./attackChecks');
const { delivery, eventBody } = require('./attacks/delivery');
const { signatureHeaderValue } = require('../../../sandbox/signature');

/**
 * @typedef {import('./stack').SecurityStack} SecurityStack
 * @typedef {import('./attackRun').Trigger} Trigger
 * @typedef {import('../../lib/groupReport').Report} Report
 */

const CASES = [
	{ title: 'default grace period', options: {}, oldSecretRuns: true },
	{ title: 'grace period 0', options: { previousSecretHours: 0 }, oldSecretRuns: false },
];

/**
 * Unpublishes `trigger`, waits until the sandbox no longer holds its endpoint, and publishes it again.
 * @param {SecurityStack} stack
 * @param {string} name
 * @param {Trigger} trigger
 */
async function republishAfterRemoval(stack, name, trigger) {
	await stack.client.deactivateWorkflow(trigger.workflowId);
	await waitFor(
		`the endpoint of "${name}" to be removed after its delay`,
		() => !stack.sandbox.store.webhookEndpoints.has(trigger.endpointId),
		{ timeoutMs: 30_000 },
	);
	return await publishTrigger(stack, name, trigger);
}

/**
 * Signs an event with `secret`, sends it to `trigger`; returns the answer and the event's id.
 * @param {Trigger} trigger
 * @param {string} secret
 */
async function sendSignedWith(trigger, secret) {
	const body = eventBody();
	const built = delivery('signed', body, {
		expectStatus: 200,
		signature: signatureHeaderValue(secret, Buffer.from(JSON.stringify(body))),
	});
	const answer = await send(trigger.url, { body: built.body, headers: built.headers });
	return { id: body.id, answer };
}

/**
 * @param {Report} report
 * @param {SecurityStack} stack
 */
async function checkReplacedSecret(report, stack) {
	const rows = [];
	const answers = [];
	for (const { title, options, oldSecretRuns } of CASES) {
		const name = `Security: secret replaced (${title})`;
		const first = await activateTrigger(stack, name, EVENTS_A, {
			endpointRemovalDelay: 1,
			...options,
		});
		const second = await republishAfterRemoval(stack, name, first);
		noteAttackTriggers(stack, { [`${title}, replaced`]: first, [title]: second });
		const old = await sendSignedWith(second, first.secret);
		const current = await sendSignedWith(second, second.secret);
		answers.push(old.answer.text, current.answer.text);
		const executions = await settledExecutions(
			stack.client,
			{ workflowId: second.workflowId, includeData: true },
			[old, current].filter((s) => s.answer.status === 200).length,
			{ quietMs: QUIET_MS },
		);
		const itemOf = (/** @type {string} */ id) =>
			executions.map((e) => nodeOutput(e, TRIGGER_NODE_NAME)[0]).filter((item) => item?.id === id);
		const [oldItem, ...oldExtra] = itemOf(old.id);
		const [currentItem, ...currentExtra] = itemOf(current.id);
		const ok = report.group(`a replaced secret, ${title}`, [
			{
				label: 'publishing again after the removal registered a new endpoint with a new secret',
				ok: second.endpointId !== first.endpointId && second.secret !== first.secret,
				problem: `endpoint ${second.endpointId === first.endpointId ? 'kept' : 'new'}, secret ${second.secret === first.secret ? 'kept' : 'new'}`,
			},
			oldSecretRuns
				? {
						label: 'signed with the old secret: 200, one execution, verification.secret "previous"',
						ok:
							old.answer.status === 200 &&
							oldExtra.length === 0 &&
							oldItem?.verification?.secret === 'previous',
						problem: `status ${old.answer.status ?? old.answer.error}, ${itemOf(old.id).length} executions, verification ${JSON.stringify(oldItem?.verification)}`,
					}
				: {
						label: 'signed with the old secret: 401, no execution',
						ok: old.answer.status === 401 && oldItem === undefined,
						problem: `status ${old.answer.status ?? old.answer.error}, ${itemOf(old.id).length} executions`,
					},
			{
				label: 'signed with the new secret: 200, one execution, no verification.secret',
				ok:
					current.answer.status === 200 &&
					currentExtra.length === 0 &&
					currentItem !== undefined &&
					currentItem.verification?.secret === undefined,
				problem: `status ${current.answer.status ?? current.answer.error}, ${itemOf(current.id).length} executions, verification ${JSON.stringify(currentItem?.verification)}`,
			},
		]);
		const describe = (/** @type {typeof old} */ s) =>
			`${s.answer.status ?? 'no answer'}, ${itemOf(s.id).length} run${itemOf(s.id).length === 1 ? '' : 's'}`;
		rows.push({
			'Previous Secret Grace Period': title,
			'signed with the old secret': describe(old),
			'signed with the new secret': describe(current),
			result: ok ? 'ok' : 'FAIL',
		});
	}
	report.table(
		'A replaced secret (unpublished, endpoint removed, published again: a new endpoint and secret)',
		rows,
	);
	return { answers };
}

module.exports = { checkReplacedSecret };
