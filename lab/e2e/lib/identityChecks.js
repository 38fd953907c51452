'use strict';
/**
 * One run per event, in a running n8n: what says which delivery a request is (only signed bytes: the event id inside
 * the signed body, else the body's digest), and what the trigger remembers across a restart (n8n's deduplication
 * store, which its execute() reads). After the Workflow Succeeds throughout; each run is counted at the node after
 * the trigger, so "runs nothing more" means that node did not run again.
 */
const assert = require('node:assert/strict');
const { randomUUID } = require('crypto');
const { SEED } = require('../../../sandbox/seedIds');
const { sleep, waitFor } = require('../../../scripts/lib/wait');
const { nodeOutput } = require('../../lib/executions');
const { TRIGGER_NODE_NAME, setNode, triggerWorkflow } = require('../../lib/workflows');
const { publish, restartN8n, urlOf } = require('./seams/shared');
const { endpointSecret, executionsOf, sendSigned } = require('./signedDeliveries');

const EVENTS = ['charge.captured'];
const RAN_NODE = 'Ran';
/** How long to wait before saying that something did NOT happen. */
const QUIET_MS = 3_000;
const JSON_HEADERS = { 'content-type': 'application/json' };

/** The runs that reached the node after the trigger, for the trigger items `matches` picks. */
async function runsOf(client, workflowId, matches) {
	const executions = await executionsOf(client, workflowId);
	return executions.filter((execution) => {
		const item = nodeOutput(execution, TRIGGER_NODE_NAME)[0];
		return item !== undefined && matches(item) && nodeOutput(execution, RAN_NODE).length > 0;
	}).length;
}

/** Waits for `expected` runs, then QUIET_MS more to see that no other comes. */
async function settledRuns(client, workflowId, matches, expected) {
	await waitFor(`${expected} runs`, async () =>
		(await runsOf(client, workflowId, matches)) >= expected ? true : undefined,
	);
	await sleep(QUIET_MS);
	return await runsOf(client, workflowId, matches);
}

const charge = (status) => ({ id: SEED.charges.authorized, status, amount: 25990 });

/** The chosen shape: an event envelope whose `id` is the event's. */
function envelope(eventId, occurredAt = new Date().toISOString()) {
	return JSON.stringify({
		id: eventId,
		event: 'charge.captured',
		charge: charge('captured'),
		occurred_at: occurredAt,
	});
}

async function checkOneRunPerEvent(report, context) {
	const { admin, client, credential } = context;
	await admin.reset();
	const trigger = triggerWorkflow(
		'E2E identity',
		EVENTS,
		credential,
		{},
		{ parameters: { acknowledge: 'lastNode' }, after: [setNode(RAN_NODE, { ran: 'yes' })] },
	);
	const workflowId = await publish(context, trigger);
	const url = urlOf(context, trigger.webhookId);
	const secret = endpointSecret(context, url);
	const byEventId = (eventId) => (item) => item.body?.id === eventId;
	/** Sends signed `bytes` (JSON, with `headers` added) and asserts n8n answered 200. */
	const send200 = async (bytes, headers = {}) => {
		const answer = await sendSigned(url, secret, bytes, { ...JSON_HEADERS, ...headers });
		assert.equal(answer.status, 200, `${answer.status} ${answer.text}`);
		return answer;
	};
	try {
		const rebuiltId = randomUUID();
		await report.check(
			'identity: a retry whose body the platform rebuilt (a new timestamp inside, the same event id in the signed body) runs nothing more',
			async () => {
				await send200(envelope(rebuiltId, '2026-01-15T12:00:00Z'));
				await send200(envelope(rebuiltId, '2026-01-15T12:05:00Z'));
				assert.equal(await settledRuns(client, workflowId, byEventId(rebuiltId), 1), 1);
			},
		);

		await report.check(
			"identity: two bare charge records (no event id: their id is the charge's) with other bytes run twice",
			async () => {
				const chargeId = randomUUID();
				const records = [
					{
						...charge('captured'),
						id: chargeId,
						payment_method: 'pix',
						updated_at: '2026-01-15T12:00:00Z',
					},
					{
						...charge('captured'),
						id: chargeId,
						payment_method: 'pix',
						updated_at: '2026-01-15T12:00:01Z',
					},
				];
				for (const record of records) {
					await send200(JSON.stringify(record));
				}
				const runs = await settledRuns(
					client,
					workflowId,
					(item) => item.charge?.id === chargeId,
					2,
				);
				assert.equal(runs, 2);
			},
		);

		await report.check(
			"identity: a body without an event name runs as the event its signed record's status names; the unsigned X-Event header decides nothing",
			async () => {
				const refundedId = randomUUID();
				const refunded = JSON.stringify({ id: refundedId, charge: charge('refunded') });
				// Only charge.captured is selected: a header naming it must not make a refund run.
				const answer = await send200(refunded, { 'x-event': 'charge.captured' });
				assert.match(answer.text, /event not selected/);
				const capturedId = randomUUID();
				const captured = JSON.stringify({ id: capturedId, charge: charge('captured') });
				await send200(captured, { 'x-event': 'charge.refunded' });
				assert.equal(await settledRuns(client, workflowId, byEventId(capturedId), 1), 1);
				const [execution] = (await executionsOf(client, workflowId)).filter(
					(e) => nodeOutput(e, TRIGGER_NODE_NAME)[0]?.body?.id === capturedId,
				);
				assert.equal(nodeOutput(execution, TRIGGER_NODE_NAME)[0].event, 'charge.captured');
				assert.equal(await runsOf(client, workflowId, byEventId(refundedId)), 0);
			},
		);

		await report.check(
			'identity: a delivery sent again byte for byte after n8n restarted (its 2xx lost in a deploy) runs nothing more, and is answered 2xx',
			async () => {
				const eventId = randomUUID();
				const body = envelope(eventId);
				const bare = JSON.stringify({
					...charge('captured'),
					id: randomUUID(),
					payment_method: 'pix',
				});
				for (const bytes of [body, bare]) await send200(bytes);
				const bareId = JSON.parse(bare).id;
				assert.equal(await settledRuns(client, workflowId, byEventId(eventId), 1), 1);
				assert.equal(
					await settledRuns(client, workflowId, (item) => item.charge?.id === bareId, 1),
					1,
				);
				await restartN8n(context, url);
				for (const bytes of [body, bare]) await send200(bytes);
				await send200(envelope(rebuiltId, '2026-01-15T12:10:00Z'));
				await sleep(QUIET_MS);
				assert.deepEqual(
					{
						resent: await runsOf(client, workflowId, byEventId(eventId)),
						bareResent: await runsOf(client, workflowId, (item) => item.charge?.id === bareId),
						rebuiltAfterRestart: await runsOf(client, workflowId, byEventId(rebuiltId)),
					},
					{ resent: 1, bareResent: 1, rebuiltAfterRestart: 1 },
				);
			},
		);
	} finally {
		await context.client.deactivateWorkflow(workflowId);
	}
}

module.exports = { checkOneRunPerEvent };
