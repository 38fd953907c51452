'use strict';
/**
 * The endpoint is the workflow's own, in a running n8n:
 * - Trigger → Code node counting in `$getWorkflowStaticData('global')` → Wait 20 s; while a delivery's run waits, an
 *   event is added and the workflow is published again; the platform cannot change an endpoint in place. By default
 *   (Endpoint Events: all nine registered) the endpoint and secret stay; with Only the Selected Events a new endpoint
 *   is registered, and the run ends by writing back the static data it loaded (the old endpoint and secret). Either
 *   way the platform's next delivery of the added event, signed by the live endpoint, must run once.
 * - A backup of the published workflow (its static data with the original's registration, as `n8n export:workflow`
 *   writes it) restored on a second n8n with another URL, same platform account: publishing and unpublishing the copy
 *   never changes or removes the original's endpoint; each keeps receiving the events.
 * The first n8n of the copy case is a small HTTP receiver on another port that verifies the platform's signature with
 * the original endpoint's secret.
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { randomUUID } = require('crypto');
const { SEED } = require('../../../sandbox/seedIds');
const { signatureHeaderValue } = require('../../../sandbox/signature');
const { startReceiver } = require('../../../test/harness/receiver');
const { n8nCli, tail } = require('../../lib/n8n');
const { sleep, waitFor } = require('../../../scripts/lib/wait');
const { waitForWebhook } = require('../../lib/http');
const { nodeOutput } = require('../../lib/executions');
const { storedStaticData, storedStaticDataColumn } = require('../../lib/staticData');
const {
	TRIGGER_NODE_NAME,
	countingTriggerWorkflow,
	triggerWorkflow,
} = require('../../lib/workflows');
const { registerDirectly } = require('./repairChecks');
const { endpointSecret, executionsOf, sendSigned } = require('./signedDeliveries');
const { urlOf } = require('./seams/shared');

const ENDPOINTS_PATH = '/v1/postbacks/endpoints';
const WAIT_SECONDS = 20;
/** The sender's timeout while a run waits 20 s, and the suite's own (lab/e2e/run.js). */
const SENDER_TIMEOUT_MS = 45_000;
const SUITE_SENDER_TIMEOUT_MS = 5_000;
/** A platform that cannot change an endpoint in place: PATCH answered 405. */
const PATCH_REFUSED = {
	route: `PATCH ${ENDPOINTS_PATH}/*`,
	kind: 'success_false',
	status: 405,
};

/** The trigger's static data as n8n's database holds it now. */
const storedRegistration = (context, workflowId) =>
	storedStaticData(context.userFolder, workflowId, TRIGGER_NODE_NAME);

/** Trigger → Code (counts runs in the workflow's global static data) → Wait 20 s. */
const countingWorkflow = (name, events, credential, endpointEvents, webhookId) =>
	countingTriggerWorkflow(name, events, credential, {
		endpointEvents,
		waitSeconds: WAIT_SECONDS,
		webhookId,
	});

async function endpointsFor(admin, url) {
	return (await admin.webhookEndpoints()).filter((endpoint) => endpoint.url === url);
}

async function settled(admin, deliveryId) {
	return await waitFor(
		`delivery ${deliveryId}`,
		async () => {
			const record = (await admin.deliveries()).find((d) => d.id === deliveryId);
			return record && record.lastStatus !== null ? record : undefined;
		},
		{ timeoutMs: 60_000 },
	);
}

/** A GET of the endpoint list after the sandbox's `from`th request: the trigger's hooks ran. */
const listedSince = (sandbox, from) =>
	sandbox.requests.slice(from).some((r) => r.method === 'GET' && r.path === ENDPOINTS_PATH);

/**
 * @param {'all' | 'selected'} endpointEvents the trigger's Endpoint Events
 */
async function checkStaticDataWriteBack(report, context, endpointEvents) {
	const { admin, client, credential, sandbox } = context;
	const replaces = endpointEvents === 'selected';
	await report.check(
		replaces
			? 'endpoint (Only the Selected Events): a run that writes back static data loaded before a new registration (an event added, PATCH refused) does not make the live endpoint fail'
			: 'endpoint (all nine events, the default): an event added while a run that writes static data waits keeps the endpoint and secret; the added event runs',
		async () => {
			await admin.reset();
			const first = countingWorkflow(
				'E2E endpoint: write-back',
				['charge.captured'],
				credential,
				endpointEvents,
			);
			const url = urlOf(context, first.webhookId);
			const created = await client.createWorkflow(first.workflow);
			await client.activateWorkflow(created.id);
			try {
				const [old] = await waitFor('the endpoint registered', async () => {
					const mine = await endpointsFor(admin, url);
					return mine.length === 1 ? mine : undefined;
				});
				await waitForWebhook(url);
				// A delivery whose run counts in the static data, then waits.
				const running = sendSigned(
					url,
					endpointSecret(context, url),
					JSON.stringify({
						id: randomUUID(),
						event: 'charge.captured',
						charge: { id: SEED.charges.authorized, status: 'captured', amount: 1000 },
					}),
					{ 'content-type': 'application/json' },
				);
				await sleep(2_000);

				// Meanwhile: another event selected, published; the platform cannot change the endpoint in place.
				sandbox.setFaults([PATCH_REFUSED]);
				const requestsBefore = sandbox.requests.length;
				const changed = countingWorkflow(
					'E2E endpoint: write-back',
					['charge.captured', 'charge.refunded'],
					credential,
					endpointEvents,
					first.webhookId,
				);
				await client.updateWorkflow(created.id, changed.workflow);
				const [live] = await waitFor('the trigger to check its endpoint', async () => {
					if (!listedSince(sandbox, requestsBefore)) return undefined;
					const mine = await endpointsFor(admin, url);
					return mine.length === 1 && (mine[0].id !== old.id || !replaces) ? mine : undefined;
				});
				// Any request of the republish still to come would show here.
				await sleep(2_000);
				sandbox.setFaults([]);
				assert.equal(live.id === old.id, !replaces, `endpoint ${old.id} before, ${live.id} after`);
				assert.deepEqual(
					(await endpointsFor(admin, url)).map((endpoint) => endpoint.id),
					[live.id],
				);
				assert.equal((await running).status, 200, 'the run that waited');
				// What the run wrote back when it ended: its count, with the endpoint it had loaded (the precondition).
				const writtenBack = await waitFor('the run saved its static data', async () => {
					const column = storedStaticDataColumn(context.userFolder, created.id);
					return column.global?.runs === 1 ? column : undefined;
				});
				assert.equal(writtenBack[`node:${TRIGGER_NODE_NAME}`]?.endpointId, old.id);

				// The platform's next event, the one added, signed by the live endpoint (a sender patient enough for
				// the 20 s run).
				sandbox.configureDelivery({ timeoutMs: SENDER_TIMEOUT_MS });
				const fired = await admin.chargeEvent(SEED.charges.authorized, 'charge.refunded');
				const mine = fired.deliveries.filter((d) => d.url === url);
				assert.equal(mine.length, 1, JSON.stringify(fired.deliveries));
				assert.equal(mine[0].endpointId ?? live.id, live.id);
				const delivery = await settled(admin, mine[0].id);
				assert.equal(delivery.lastStatus, 200, `n8n answered ${delivery.lastStatus}`);
				const body = sandbox.deliveryBody(mine[0].id).toString('utf8');
				const runs = (await executionsOf(client, created.id)).filter(
					(execution) =>
						execution.status === 'success' &&
						JSON.stringify(nodeOutput(execution, TRIGGER_NODE_NAME)[0]?.body) ===
							JSON.stringify(JSON.parse(body)),
				);
				assert.equal(runs.length, 1, `${runs.length} successful runs of the next delivery`);
				// A figure, not a check: whether n8n saved the registration the signed delivery put back (docs/trigger.md).
				const after = storedRegistration(context, created.id).endpointId;
				console.log(
					`       note: after the next delivery the database holds the ${after === live.id ? 'live endpoint (repair saved)' : after === old.id ? 'written-back endpoint (repair held in memory)' : `endpoint ${after}`}`,
				);
			} finally {
				sandbox.setFaults([]);
				sandbox.configureDelivery({ timeoutMs: SUITE_SENDER_TIMEOUT_MS });
				await client.deactivateWorkflow(created.id);
			}
		},
	);
}

/** The first n8n: answers 200 to each delivery whose signature the original endpoint's secret verifies. */
async function startFirstN8n(webhookId) {
	const received = [];
	let secret = '';
	const receiver = await startReceiver((request) => {
		const verified =
			request.headers['x-signature'] === signatureHeaderValue(secret, request.rawBody);
		received.push({ path: request.path, verified });
		return { status: verified ? 200 : 401 };
	});
	return {
		url: `${receiver.url}/webhook/${webhookId}/webhook`,
		received,
		setSecret: (value) => (secret = value),
		stop: () => receiver.stop(),
	};
}

async function checkRestoredBackup(report, context) {
	const { admin, client, credential, sandbox } = context;
	await report.check(
		"endpoint: a backup restored on a second n8n with another URL registers its own endpoint and never changes or removes the original's",
		async () => {
			await admin.reset();
			const events = ['charge.captured', 'charge.refunded'];
			const backup = triggerWorkflow('E2E endpoint: restored backup', events, credential, {
				endpointRemovalDelay: 0,
			});
			const firstN8n = await startFirstN8n(backup.webhookId);
			// The creation's answer holds the secret (only there).
			const original = /** @type {{ id: string, secret: string }} */ (
				await registerDirectly(sandbox, firstN8n.url, events)
			);
			firstN8n.setSecret(original.secret);
			// The backup as `n8n export:workflow` writes it (the static data holds the first n8n's registration),
			// restored with `n8n import:workflow`.
			const restored = { id: randomUUID().replace(/-/g, '').slice(0, 16) };
			const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pp-backup-')), 'backup.json');
			fs.writeFileSync(
				file,
				JSON.stringify({
					...backup.workflow,
					id: restored.id,
					active: false,
					staticData: {
						[`node:${TRIGGER_NODE_NAME}`]: {
							endpointId: original.id,
							webhookSecret: original.secret,
							webhookUrl: firstN8n.url,
							events,
						},
					},
				}),
			);
			const imported = await n8nCli(
				context.n8nDir,
				context.instance,
				['import:workflow', `--input=${file}`],
				{ allowFailure: true },
			);
			assert.equal(imported.code, 0, tail(imported.stdout + imported.stderr, 20));
			assert.equal(
				storedRegistration(context, restored.id).endpointId,
				original.id,
				"the restored workflow's static data holds the first n8n's endpoint",
			);
			const url = urlOf(context, backup.webhookId);
			sandbox.clearRequests();
			let published = false;
			try {
				await client.activateWorkflow(restored.id);
				published = true;
				await waitFor('the copy registered its own endpoint', async () =>
					(await endpointsFor(admin, url)).length === 1 ? true : undefined,
				);
				const touched = sandbox.requests
					.filter((request) => request.path === `${ENDPOINTS_PATH}/${original.id}`)
					.map((request) => `${request.method} ${request.path}`);
				assert.deepEqual(touched, [], "the original's endpoint was changed or removed");
				assert.deepEqual(
					(await endpointsFor(admin, firstN8n.url)).map(({ id, events: listed }) => ({
						id,
						events: listed,
					})),
					[{ id: original.id, events }],
				);

				// The next event runs once on each n8n.
				const fired = await admin.chargeEvent(SEED.charges.authorized, 'charge.captured');
				const toFirst = fired.deliveries.filter((d) => d.url === firstN8n.url);
				const toCopy = fired.deliveries.filter((d) => d.url === url);
				assert.equal(toFirst.length, 1, JSON.stringify(fired.deliveries));
				assert.equal(toCopy.length, 1, JSON.stringify(fired.deliveries));
				assert.equal((await settled(admin, toFirst[0].id)).lastStatus, 200, 'the first n8n');
				assert.equal((await settled(admin, toCopy[0].id)).lastStatus, 200, 'the copy');
				assert.deepEqual(
					firstN8n.received.map((delivery) => delivery.verified),
					[true],
				);

				// Unpublishing the copy removes its own endpoint only.
				await client.deactivateWorkflow(restored.id);
				published = false;
				await waitFor('the copy removed its endpoint', async () =>
					(await endpointsFor(admin, url)).length === 0 ? true : undefined,
				);
				assert.deepEqual(
					(await endpointsFor(admin, firstN8n.url)).map((endpoint) => endpoint.id),
					[original.id],
				);
			} finally {
				if (published) await client.deactivateWorkflow(restored.id);
				await firstN8n.stop();
			}
		},
	);
}

async function checkEndpointOwnership(report, context) {
	await checkStaticDataWriteBack(report, context, 'all');
	await checkStaticDataWriteBack(report, context, 'selected');
	await checkRestoredBackup(report, context);
}

module.exports = { checkEndpointOwnership };
