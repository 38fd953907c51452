'use strict';
/**
 * The Payment Platform Trigger in a running n8n: registration on activation, signed deliveries that start exactly
 * one execution (the platform's, and signed bodies of other shapes, kept whole), forged and repeated deliveries that
 * start none, removal after unpublishing; and the charge-events example posting its message to the sandbox's sink.
 */
const assert = require('node:assert/strict');
const { randomUUID } = require('crypto');
const { SEED } = require('../../../sandbox/seedIds');
const { WEBHOOK_EVENTS } = require('../../../sandbox/api/values');
const { deliveryHeaders } = require('../../../sandbox/signature');
const { deliveryKeyOf } = require('../../lib/deliveryKey');
const { sleep, waitFor } = require('../../../scripts/lib/wait');
const { waitForWebhook } = require('../../lib/http');
const { TRIGGER_NODE_NAME, triggerWorkflow } = require('../../lib/workflows');
const { nodeOutput } = require('../../lib/executions');
const {
	endpointSecret,
	executionsOf,
	runsOf,
	sendSigned,
	settledDelivery,
} = require('./signedDeliveries');

const EVENTS = ['charge.captured', 'charge.refunded', 'charge.chargeback'];
/** How long to wait before saying that something did NOT happen. */
const QUIET_MS = 2_000;
/** The Endpoint Removal Delay the checks set where they watch an unpublish remove the endpoint. */
const REMOVAL_DELAY_SECONDS = 2;

async function checkTrigger(report, context) {
	const { admin, client, credential, instance } = context;
	await admin.reset();
	const { webhookId, workflow } = triggerWorkflow('E2E trigger', EVENTS, credential, {
		endpointRemovalDelay: REMOVAL_DELAY_SECONDS,
	});
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
			// Every event the platform documents (Endpoint Events' default); the selected ones run.
			assert.deepEqual([...endpoints[0].events].sort(), [...WEBHOOK_EVENTS].sort());
			state.endpoint = endpoints[0];
		},
	);

	await report.check(
		'trigger: the webhook answers on its production URL (not only after readiness)',
		async () => {
			// n8n may register webhooks a moment after activation returns: wait for an answer other than 404.
			await waitForWebhook(webhookUrl);
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
			const [item] = nodeOutput(execution, TRIGGER_NODE_NAME);
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
		const response = await fetch(webhookUrl, {
			method: 'POST',
			headers: deliveryHeaders({
				secret: `whsec_${'0'.repeat(64)}`,
				rawBody: body,
				deliveryId: '99999999-0000-4000-8000-000000000001',
				event: 'charge.refunded',
			}),
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
		'trigger: a repeated delivery (the same bytes) starts no execution',
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

	// Signed bodies in other shapes: each runs once, its body whole in the item (`body`, or `rawBody` for text).
	state.executions = 1;
	const shape = (title, send, expected) =>
		report.check(
			`trigger: a signed ${title} starts one execution with the body intact`,
			async () => {
				const secret = endpointSecret(context, webhookUrl);
				const { body, headers, deliveryKey } = send;
				const answer = await sendSigned(webhookUrl, secret, body, headers);
				assert.equal(answer.status, 200, `n8n answered ${answer.status} ${answer.text}`);
				state.executions++;
				const runs = await runsOf(client, created.id, state.executions, deliveryKey);
				assert.equal(runs.length, 1, `${runs.length} executions for ${deliveryKey}`);
				assert.equal(runs[0].execution.status, 'success');
				assert.partialDeepStrictEqual(runs[0].item, expected);
			},
		);
	const at = new Date().toISOString();
	const refund = {
		id: SEED.charges.captured,
		status: 'refunded',
		amount: 90000,
		currency: 'BRL',
		payment_method: 'pix',
	};
	const typed = { id: randomUUID(), type: 'charge.refunded', created_at: at, data: refund };
	await shape(
		'event under "type", the charge under "data"',
		{
			body: JSON.stringify(typed),
			headers: { 'content-type': 'application/json' },
			deliveryKey: deliveryKeyOf(JSON.stringify(typed)),
		},
		{ id: typed.id, event: 'charge.refunded', charge: refund, occurred_at: at, body: typed },
	);
	const charge = { ...refund, id: SEED.charges.authorized, status: 'captured', created_at: at };
	const headerId = randomUUID();
	await shape(
		'charge as the whole body (id in a header only; the event its status names, not the unsigned X-Event)',
		{
			body: JSON.stringify(charge),
			headers: {
				'content-type': 'application/json',
				'x-event': 'charge.refunded',
				'x-delivery-id': headerId,
			},
			deliveryKey: deliveryKeyOf(JSON.stringify(charge)),
		},
		{
			id: headerId,
			event: 'charge.captured',
			charge,
			body: charge,
			occurred_at: null,
			unsignedFields: ['id'],
		},
	);
	const text = `charge ${SEED.charges.authorized} captured: R$ 259,90`;
	const textId = randomUUID();
	await shape(
		'text body (not JSON; the unsigned X-Event names no event)',
		{
			body: text,
			headers: {
				'content-type': 'text/plain',
				'x-event': 'charge.captured',
				'x-delivery-id': textId,
			},
			deliveryKey: deliveryKeyOf(text),
		},
		{ id: textId, event: null, body: null, rawBody: text, rawBodyEncoding: 'utf8' },
	);
	const anonymous = JSON.stringify({
		event: 'charge.chargeback',
		charge: { ...refund, status: 'chargeback' },
		occurred_at: at,
	});
	const digest = deliveryKeyOf(anonymous);
	await shape(
		'body without any id (known by its digest)',
		{ body: anonymous, headers: { 'content-type': 'application/json' }, deliveryKey: digest },
		{ id: null, deliveryKey: digest, event: 'charge.chargeback', body: JSON.parse(anonymous) },
	);

	await report.check(
		'trigger: the same bytes without id again are a duplicate; no shape ran twice',
		async () => {
			const answer = await sendSigned(webhookUrl, endpointSecret(context, webhookUrl), anonymous, {
				'content-type': 'application/json',
			});
			assert.equal(answer.status, 200);
			assert.match(answer.text, /duplicate delivery/);
			await sleep(QUIET_MS);
			assert.equal((await executionsOf(client, created.id)).length, state.executions);
		},
	);

	await report.check(
		`trigger: unpublishing stops the webhook at once and removes the endpoint after the delay (${REMOVAL_DELAY_SECONDS} s here)`,
		async () => {
			await client.deactivateWorkflow(created.id);
			const response = await fetch(webhookUrl, { method: 'POST', body: '{}' });
			assert.equal(response.status, 404, 'the production webhook is still served');
			assert.equal((await admin.webhookEndpoints()).length, 1, 'removed before the delay');
			await waitFor('the endpoint removed', async () =>
				(await admin.webhookEndpoints()).length === 0 ? true : undefined,
			);
		},
	);
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
			// Unpublished: the endpoint stays for the removal delay (a publish within it would take it back).
			assert.equal((await admin.webhookEndpoints()).length, 1);
		},
	);
}

module.exports = { checkChargeEventsExample, checkTrigger };
