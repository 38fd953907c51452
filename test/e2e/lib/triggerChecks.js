'use strict';
/**
 * The Payment Platform Trigger in a running n8n: registration on activation, signed deliveries that start exactly
 * one execution, forged and repeated deliveries that start none, removal on deactivation; and the charge-events
 * example posting its message to the sandbox's sink.
 */
const assert = require('node:assert/strict');
const { createHmac } = require('crypto');
const { SEED } = require('../../../sandbox/seedIds');
const { sleep, waitFor } = require('../../../scripts/lib/n8n');
const { TRIGGER_NODE_NAME, nodeOutput, triggerWorkflow } = require('./workflows');

const EVENTS = ['charge.captured', 'charge.refunded', 'charge.chargeback'];
/** How long to wait before saying that something did NOT happen. */
const QUIET_MS = 2_000;

/** The workflow's executions (public API, newest first), with their data. */
async function executionsOf(client, workflowId) {
	return await client.listExecutions({ workflowId, includeData: true, limit: 50 });
}

/** Waits until the sandbox has the delivery with at least `attempts` attempts and a final answer. */
async function settledDelivery(admin, deliveryId, attempts = 1) {
	return await waitFor(`delivery ${deliveryId}`, async () => {
		const record = (await admin.deliveries()).find((d) => d.id === deliveryId);
		return record && record.attempts >= attempts && record.lastStatus !== null ? record : undefined;
	});
}

async function checkTrigger(report, context) {
	const { admin, client, credential, instance } = context;
	await admin.reset();
	const { webhookId, workflow } = triggerWorkflow('E2E trigger', EVENTS, credential);
	const created = await client.createWorkflow(workflow);
	const webhookUrl = `${instance.url}/webhook/${webhookId}/webhook`;
	const state = {};

	await report.check(
		'trigger: activation registers the production webhook URL in the sandbox',
		async () => {
			await client.activateWorkflow(created.id);
			const endpoints = await admin.webhookEndpoints();
			assert.equal(endpoints.length, 1, JSON.stringify(endpoints));
			assert.equal(endpoints[0].url, webhookUrl);
			assert.deepEqual([...endpoints[0].events].sort(), [...EVENTS].sort());
			state.endpoint = endpoints[0];
		},
	);

	await report.check(
		'trigger: the webhook answers on its production URL (not only after readiness)',
		async () => {
			// n8n may register webhooks a moment after activation returns: wait for an answer other than 404.
			await waitFor('the production webhook', async () => {
				const response = await fetch(webhookUrl, { method: 'POST', body: '{}' });
				return response.status !== 404;
			});
		},
	);

	await report.check(
		'trigger: a charge event starts exactly one execution holding the event',
		async () => {
			const fired = await admin.chargeEvent(SEED.charges.authorized, 'charge.captured');
			assert.equal(fired.deliveries.length, 1);
			state.deliveryId = fired.deliveries[0].id;
			const delivery = await settledDelivery(admin, state.deliveryId);
			assert.equal(delivery.lastStatus, 200, `n8n answered ${delivery.lastStatus}`);
			const [execution] = await waitFor('the execution', async () => {
				const list = await executionsOf(client, created.id);
				return list.length > 0 && list.every((e) => e.finished || e.status === 'error')
					? list
					: undefined;
			});
			assert.equal(execution.status, 'success');
			const [item] = nodeOutput(execution.data, TRIGGER_NODE_NAME);
			assert.partialDeepStrictEqual(item, {
				id: state.deliveryId,
				event: 'charge.captured',
				charge: { id: SEED.charges.authorized, status: 'captured', amount: 25990 },
			});
			await sleep(QUIET_MS);
			assert.equal((await executionsOf(client, created.id)).length, 1, 'more than one execution');
		},
	);

	await report.check('trigger: a forged delivery gets 401 and starts no execution', async () => {
		const body = JSON.stringify({
			id: '99999999-0000-4000-8000-000000000001',
			event: 'charge.refunded',
			charge: { id: SEED.charges.captured, status: 'refunded', amount: 90000 },
			occurred_at: new Date().toISOString(),
		});
		const wrongSecret = `whsec_${'0'.repeat(64)}`;
		const signature = createHmac('sha256', wrongSecret).update(body).digest('hex');
		const response = await fetch(webhookUrl, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'x-signature': `sha256=${signature}`,
				'x-event': 'charge.refunded',
				'x-delivery-id': '99999999-0000-4000-8000-000000000001',
			},
			body,
		});
		assert.equal(response.status, 401);
		await sleep(QUIET_MS);
		assert.equal(
			(await executionsOf(client, created.id)).length,
			1,
			'a forged delivery ran the workflow',
		);
	});

	await report.check(
		'trigger: a repeated delivery (same id, same bytes) starts no execution',
		async () => {
			assert.ok(state.deliveryId, 'no delivery from the earlier check');
			await admin.redeliver(state.deliveryId);
			const delivery = await settledDelivery(admin, state.deliveryId, 2);
			assert.equal(
				delivery.lastStatus,
				200,
				'a duplicate is acknowledged so the platform stops resending',
			);
			await sleep(QUIET_MS);
			assert.equal(
				(await executionsOf(client, created.id)).length,
				1,
				'the duplicate ran the workflow',
			);
		},
	);

	await report.check('trigger: deactivation removes the endpoint in the sandbox', async () => {
		await client.deactivateWorkflow(created.id);
		assert.deepEqual(await admin.webhookEndpoints(), []);
		const response = await fetch(webhookUrl, { method: 'POST', body: '{}' });
		assert.equal(response.status, 404, 'the production webhook is still served');
	});
}

async function checkChargeEventsExample(report, context) {
	const { admin, client, examples } = context;
	await admin.reset();
	const workflowId = examples['charge-events-to-team-channel'].id;

	await report.check(
		'example "charge events": a refund is posted to the team channel (sandbox sink)',
		async () => {
			await client.activateWorkflow(workflowId);
			try {
				assert.equal((await admin.webhookEndpoints()).length, 1);
				await admin.chargeEvent(SEED.charges.authorized, 'charge.refunded');
				const [entry] = await waitFor('the message in the sink', async () => {
					const sink = await admin.sink();
					return sink.length > 0 ? sink : undefined;
				});
				assert.deepEqual(entry.body, {
					text: `Refund issued: R$ 259,90 by credit_card from Mariana Alves (charge ${SEED.charges.authorized})`,
					event: 'charge.refunded',
					charge_id: SEED.charges.authorized,
				});
			} finally {
				await client.deactivateWorkflow(workflowId);
			}
			assert.deepEqual(await admin.webhookEndpoints(), []);
		},
	);
}

module.exports = { checkChargeEventsExample, checkTrigger };
