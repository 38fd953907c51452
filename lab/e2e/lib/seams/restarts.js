'use strict';
/**
 * Restarts against a platform that lists endpoints its own way.
 */
const assert = require('node:assert/strict');
const { triggerWorkflow } = require('../../../lib/workflows');
const { registerDirectly } = require('../repairChecks');
const { endpointSecret, sendSigned } = require('../signedDeliveries');
const {
	EVENTS,
	ENDPOINTS_PATH,
	urlOf,
	publish,
	endpointChanges,
	deliveryBody,
	restartN8n,
} = require('./shared');

async function checkRestarts(report, context) {
	const { admin, client, credential, sandbox } = context;
	await admin.reset();
	const trigger = triggerWorkflow('E2E seams: restarts', EVENTS, credential);
	const workflowId = await publish(context, trigger);
	const url = urlOf(context, trigger.webhookId);
	await report.check(
		'seams: three restarts against a platform that writes URLs and events its own way and pages without totals: 0 creates, 0 deletes, deliveries verify',
		async () => {
			const secret = endpointSecret(context, url);
			// Other endpoints of the merchant, so that the list runs over pages of 2.
			for (let i = 0; i < 3; i++)
				await registerDirectly(sandbox, `https://elsewhere.example.com/${i}`);
			sandbox.setEndpointList('rewritten');
			try {
				sandbox.clearRequests();
				for (let restart = 0; restart < 3; restart++) await restartN8n(context, url);
				const requests = sandbox.requests
					.filter((request) => request.path.startsWith(ENDPOINTS_PATH))
					.map(
						(request) =>
							`${request.method} ${request.path}${request.method === 'GET' ? ` page ${String(request.query.page)}` : ''}`,
					);
				console.log(`      the endpoint requests of the 3 starts: ${requests.join(', ')}`);
				assert.ok(requests.length >= 3, 'n8n did not check the endpoint at its starts');
				assert.deepEqual(endpointChanges(sandbox), []);
				assert.equal(endpointSecret(context, url), secret);
				const body = deliveryBody();
				const answer = await sendSigned(url, secret, body, { 'content-type': 'application/json' });
				assert.equal(answer.status, 200, answer.text);
			} finally {
				sandbox.setEndpointList('as-registered');
			}
		},
	);
	await client.deactivateWorkflow(workflowId);
}

module.exports = { checkRestarts };
