'use strict';
/**
 * Publishing a fix while the platform resends the failed events, for a sender that keeps resending to the URL with
 * the original signature and one that drops the retries of a deleted endpoint; saved then published, or saved
 * through the public API.
 */
const assert = require('node:assert/strict');
const { SEED } = require('../../../../sandbox/seedIds');
const { waitFor } = require('../../../../scripts/lib/wait');
const {
	SUITE_SENDER,
	brokenWorkflow,
	fixOf,
	publish,
	endpointChanges,
	runsOfDelivery,
	PATIENT_SENDER,
} = require('./shared');

/**
 * Publishing a fix while the platform resends: the workflow fails on two events; the user replaces the failing node
 * and publishes (`how`); the platform keeps resending. Each event must run once after the fix.
 */
async function fixWhileResending(report, context, profile, how) {
	const { admin, client, credential, sandbox } = context;
	await report.check(
		`seams: a fix published (${how}) while a sender that ${profile === 'drop-deleted-endpoint' ? 'drops the retries of a deleted endpoint' : 'resends with the original signature'} resends two failed events: each runs once after the fix`,
		async () => {
			await admin.reset();
			sandbox.configureDelivery({ ...PATIENT_SENDER, profile });
			const broken = brokenWorkflow(`E2E seams: fix (${how}, ${profile})`, credential);
			const workflowId = await publish(context, broken);
			try {
				const fired = [
					await admin.chargeEvent(SEED.charges.authorized, 'charge.captured'),
					await admin.chargeEvent(SEED.charges.captured, 'charge.refunded'),
				].flatMap((answer) => answer.deliveries.map((delivery) => delivery.id));
				assert.equal(fired.length, 2);
				await waitFor('both events failed once', async () => {
					const records = (await admin.deliveries()).filter((d) => fired.includes(d.id));
					return records.every((d) => d.attempts >= 1 && d.lastStatus === 500) ? true : undefined;
				});
				const fixed = fixOf(broken.workflow);
				sandbox.clearRequests();
				if (how === 'save through the public API') {
					await client.updateWorkflow(workflowId, fixed);
				} else {
					await client.updateWorkflow(workflowId, fixed, { publishIfActive: false });
					await client.activateWorkflow(workflowId);
				}
				await sandbox.waitForDeliveries();
				const records = (await admin.deliveries()).filter((d) => fired.includes(d.id));
				assert.deepEqual(
					records.map((d) => ({ delivered: d.delivered, status: d.lastStatus, gaveUp: d.gaveUp })),
					records.map(() => ({ delivered: true, status: 200, gaveUp: null })),
				);
				for (const id of fired) {
					const runs = await runsOfDelivery(client, workflowId, sandbox.deliveryBody(id));
					assert.equal(runs.success, 1, `delivery ${id}: ${runs.success} successful runs`);
				}
				assert.deepEqual(endpointChanges(sandbox), [], 'the endpoint was changed');
			} finally {
				await client.deactivateWorkflow(workflowId);
				sandbox.configureDelivery(SUITE_SENDER);
			}
		},
	);
}

/** Each sender profile, each way to publish the fix. */
async function checkFixWhileResending(report, context) {
	for (const profile of ['resend-every-failure', 'drop-deleted-endpoint']) {
		for (const how of ['saved, then published', 'save through the public API']) {
			await fixWhileResending(report, context, profile, how);
		}
	}
}

module.exports = { checkFixWhileResending };
