'use strict';
/**
 * n8n 2.x's publication service: a fix that also changes the trigger, published while the platform resends.
 */
const assert = require('node:assert/strict');
const { SEED } = require('../../../../sandbox/seedIds');
const { n8nLine } = require('../../../lib/n8n');
const { waitFor } = require('../../../../scripts/lib/wait');
const {
	SUITE_SENDER,
	brokenWorkflow,
	fixOf,
	publish,
	runsOfDelivery,
	restartN8n,
	PATIENT_SENDER,
} = require('./shared');

/**
 * n8n 2.x's publication service (its default; the suites switch it off to publish synchronously): publishing a fix
 * that also changes the trigger (here an option) unpublishes and publishes the trigger; the events the platform is
 * resending must run once after the fix.
 */
async function checkPublicationService(report, context) {
	const { admin, client, credential, sandbox } = context;
	if (!('N8N_USE_WORKFLOW_PUBLICATION_SERVICE' in n8nLine(context.instance.version).env)) return;
	await restartN8n(context, undefined, { N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true' });
	try {
		await report.check(
			"seams: with n8n 2.x's publication service, a fix that also changes the trigger, published while the platform resends: each event runs once after the fix",
			async () => {
				await admin.reset();
				sandbox.configureDelivery({ ...PATIENT_SENDER, profile: 'drop-deleted-endpoint' });
				const broken = brokenWorkflow('E2E seams: publication service', credential);
				const workflowId = await publish(context, broken);
				try {
					const fired = (
						await admin.chargeEvent(SEED.charges.authorized, 'charge.captured')
					).deliveries.map((delivery) => delivery.id);
					await waitFor('the event failed once', async () => {
						const [record] = (await admin.deliveries()).filter((d) => fired.includes(d.id));
						return record?.lastStatus === 500 ? true : undefined;
					});
					// The fix also changes the trigger (an option), so that n8n unpublishes and publishes the trigger.
					await client.updateWorkflow(
						workflowId,
						fixOf(broken.workflow, { includeHeaders: true }),
						{
							publishIfActive: false,
						},
					);
					await client.activateWorkflow(workflowId);
					await sandbox.waitForDeliveries();
					const [record] = (await admin.deliveries()).filter((d) => fired.includes(d.id));
					assert.deepEqual(
						{ delivered: record.delivered, gaveUp: record.gaveUp },
						{ delivered: true, gaveUp: null },
					);
					const runs = await runsOfDelivery(client, workflowId, sandbox.deliveryBody(fired[0]));
					assert.equal(runs.success, 1);
				} finally {
					await client.deactivateWorkflow(workflowId);
					sandbox.configureDelivery(SUITE_SENDER);
				}
			},
		);
	} finally {
		await restartN8n(context);
	}
}

module.exports = { checkPublicationService };
