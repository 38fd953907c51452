'use strict';
/**
 * An unpublish that removes the endpoint after its delay.
 */
const assert = require('node:assert/strict');
const { waitFor } = require('../../../../scripts/lib/wait');
const { triggerWorkflow } = require('../../../lib/workflows');
const { EVENTS, publish } = require('./shared');

async function checkUnpublishRemoval(report, context) {
	const { admin, client, credential } = context;
	await admin.reset();
	const trigger = triggerWorkflow('E2E seams: unpublish', EVENTS, credential, {
		endpointRemovalDelay: 2,
	});
	const workflowId = await publish(context, trigger);
	await report.check(
		'seams: an unpublish not followed by a publish removes the endpoint after its delay (2 s here)',
		async () => {
			await client.deactivateWorkflow(workflowId);
			assert.equal((await admin.webhookEndpoints()).length, 1);
			await waitFor('the endpoint removed', async () =>
				(await admin.webhookEndpoints()).length === 0 ? true : undefined,
			);
		},
	);
}

module.exports = { checkUnpublishRemoval };
