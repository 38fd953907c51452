'use strict';
/**
 * Publishing a fix while the platform resends the failed events: for a sender that keeps resending to the URL with
 * the original signature and one that drops the retries of a deleted endpoint; saved then published, or saved
 * through the public API; and with n8n 2.x's publication service, a fix that also changes the trigger.
 */
const assert = require('node:assert/strict');
const { SEED } = require('../../../../sandbox/seedIds');
const { n8nLine } = require('../../../lib/n8n');
const { waitFor } = require('../../../../scripts/lib/wait');
const {
	PATIENT_SENDER,
	SUITE_SENDER,
	brokenWorkflow,
	endpointChanges,
	fixOf,
	publish,
	restartN8n,
	runsOfDelivery,
} = require('./shared');

const TWO_EVENTS = [
	[SEED.charges.authorized, 'charge.captured'],
	[SEED.charges.captured, 'charge.refunded'],
];

/**
 * The workflow fails on the `events` (charge id, event); the user replaces the failing node (and sets
 * `triggerOptions` on the trigger, if given) and publishes (`how`); the platform keeps resending. Each event must
 * run once after the fix; a fix that leaves the trigger as it was changes nothing at the platform.
 * @param {{ title: string, name: string, profile: string, how: string, events?: string[][], triggerOptions?: object }} fix
 */
async function fixWhileResending(report, context, fix) {
	const { admin, client, credential, sandbox } = context;
	const { profile, how, events = TWO_EVENTS, triggerOptions } = fix;
	await report.check(fix.title, async () => {
		await admin.reset();
		sandbox.configureDelivery({ ...PATIENT_SENDER, profile });
		const broken = brokenWorkflow(`E2E seams: ${fix.name}`, credential);
		const workflowId = await publish(context, broken);
		try {
			const fired = [];
			for (const [chargeId, event] of events)
				fired.push(...(await admin.chargeEvent(chargeId, event)).deliveries.map((d) => d.id));
			assert.equal(fired.length, events.length);
			await waitFor('the events failed once', async () => {
				const records = (await admin.deliveries()).filter((d) => fired.includes(d.id));
				return records.every((d) => d.attempts >= 1 && d.lastStatus === 500) ? true : undefined;
			});
			const fixed = fixOf(broken.workflow, triggerOptions);
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
			if (!triggerOptions)
				assert.deepEqual(endpointChanges(sandbox), [], 'the endpoint was changed');
		} finally {
			await client.deactivateWorkflow(workflowId);
			sandbox.configureDelivery(SUITE_SENDER);
		}
	});
}

/** Each sender profile, each way to publish the fix. */
async function checkFixWhileResending(report, context) {
	for (const profile of ['resend-every-failure', 'drop-deleted-endpoint']) {
		for (const how of ['saved, then published', 'save through the public API']) {
			const sender =
				profile === 'drop-deleted-endpoint'
					? 'drops the retries of a deleted endpoint'
					: 'resends with the original signature';
			await fixWhileResending(report, context, {
				title: `seams: a fix published (${how}) while a sender that ${sender} resends two failed events: each runs once after the fix`,
				name: `fix (${how}, ${profile})`,
				profile,
				how,
			});
		}
	}
}

/**
 * n8n 2.x's publication service (its default; the suites switch it off to publish synchronously): publishing a fix
 * that also changes the trigger (here an option) unpublishes and publishes the trigger; the event the platform is
 * resending must run once after the fix.
 */
async function checkPublicationService(report, context) {
	if (!('N8N_USE_WORKFLOW_PUBLICATION_SERVICE' in n8nLine(context.instance.version).env)) return;
	await restartN8n(context, undefined, { N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true' });
	try {
		await fixWhileResending(report, context, {
			title:
				"seams: with n8n 2.x's publication service, a fix that also changes the trigger, published while the platform resends: each event runs once after the fix",
			name: 'publication service',
			profile: 'drop-deleted-endpoint',
			how: 'saved, then published',
			events: [TWO_EVENTS[0]],
			triggerOptions: { includeHeaders: true },
		});
	} finally {
		await restartN8n(context);
	}
}

module.exports = { checkFixWhileResending, checkPublicationService };
