'use strict';
/**
 * The trigger's registration repairing itself on activation, in a running n8n: a workflow imported with the
 * registration of an endpoint the platform no longer has, while another endpoint (whose secret n8n does not have) is
 * registered with its webhook URL. Activation must register it again and remove the other one, and a charge event
 * must then run.
 */
const assert = require('node:assert/strict');
const { SEED } = require('../../../sandbox/seedIds');
const { waitFor } = require('../../../scripts/lib/wait');
const { TRIGGER_NODE_NAME, triggerWorkflow } = require('../../lib/workflows');

const EVENTS = ['charge.captured', 'charge.refunded'];
const ENDPOINTS_PATH = '/v1/postbacks/endpoints';

/** Registers an endpoint directly with the platform, as another n8n or a copy of the workflow would have. */
async function registerDirectly(sandbox, url, events = EVENTS) {
	const auth = Buffer.from(`${sandbox.publicKey}:${sandbox.secretKey}`).toString('base64');
	const response = await fetch(`${sandbox.url}${ENDPOINTS_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Basic ${auth}` },
		body: JSON.stringify({ url, events }),
	});
	assert.equal(response.status, 201, await response.clone().text());
	const created = /** @type {{ data: { id: string } }} */ (await response.json());
	return created.data;
}

async function checkRegistrationRepair(report, context) {
	const { admin, client, credential, instance, sandbox } = context;
	await admin.reset();
	const { webhookId, workflow } = triggerWorkflow('E2E trigger repair', EVENTS, credential, {
		endpointRemovalDelay: 0,
	});
	const webhookUrl = `${instance.url}/webhook/${webhookId}/webhook`;
	// What an exported workflow carries: the registration of an endpoint that is gone from the platform.
	const imported = {
		...workflow,
		staticData: {
			[`node:${TRIGGER_NODE_NAME}`]: {
				endpointId: '00000000-0000-4000-8000-00000000dead',
				webhookSecret: 'whsec_dummy_of_an_endpoint_that_is_gone',
				webhookUrl,
				events: EVENTS,
			},
		},
	};
	const foreign = await registerDirectly(sandbox, webhookUrl);
	const created = await client.createWorkflow(imported);

	await report.check(
		'trigger repair: activation of an imported workflow registers anew and removes the other endpoint with its URL',
		async () => {
			sandbox.clearRequests();
			await client.activateWorkflow(created.id);
			try {
				const endpoints = (await admin.webhookEndpoints()).filter((e) => e.url === webhookUrl);
				assert.equal(endpoints.length, 1, JSON.stringify(endpoints));
				assert.notEqual(endpoints[0].id, foreign.id);
				const calls = sandbox.requests
					.filter((request) => request.path.startsWith(ENDPOINTS_PATH))
					.map((request) => `${request.method} ${request.path}`);
				assert.ok(calls.includes(`DELETE ${ENDPOINTS_PATH}/${foreign.id}`), calls.join(', '));
				assert.ok(calls.includes(`GET ${ENDPOINTS_PATH}`), calls.join(', '));

				const fired = await admin.chargeEvent(SEED.charges.authorized, 'charge.captured');
				const mine = fired.deliveries.filter((d) => d.url === webhookUrl);
				assert.equal(mine.length, 1, JSON.stringify(fired.deliveries));
				const delivery = await waitFor('the delivery', async () => {
					const record = (await admin.deliveries()).find((d) => d.id === mine[0].id);
					return record?.lastStatus != null ? record : undefined;
				});
				assert.equal(delivery.lastStatus, 200, `n8n answered ${delivery.lastStatus}`);
			} finally {
				await client.deactivateWorkflow(created.id);
			}
			assert.deepEqual(
				(await admin.webhookEndpoints()).filter((e) => e.url === webhookUrl),
				[],
			);
		},
	);
}

module.exports = { checkRegistrationRepair, registerDirectly };
