'use strict';
/**
 * Main restarted three times while the platform writes its endpoint list its own way (the sandbox's `rewritten`
 * list: the URL's host in capitals and a trailing slash, events as CHARGE_CAPTURED, pages of 2 without totals).
 * Main starts again on n8n's older publishing path (N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false, the only one of
 * n8n 1.x): there every start of main runs each trigger's checkExists against that list, where the publication
 * service, n8n 2.x's default, runs no hook of a registered webhook at a start. The trigger must keep every endpoint.
 *
 * Before the restarts BATCH charge events run to completion; after them the platform sends those same deliveries
 * again (same bytes, same signature) and BATCH new ones, plus one of each event of the republished workflows when
 * they exist. Asserted: no endpoint created, deleted or changed, each kept its id and secret, no delivery answered
 * 401, and each resend of a delivery that ran before the restarts answered "duplicate delivery" (the webhook
 * process was not restarted). The cells' rows in the table count what ran.
 */
const { SEED } = require('../../../sandbox/seedIds');
const { BATCH, endpointChanges, fireEvents, runPart } = require('./parts');
const { WEBHOOKS } = require('./cells');

/**
 * @typedef {import('./queueRun').QueueRun} QueueRun
 * @typedef {import('./queueRun').AddedWorkflow} AddedWorkflow
 */

const RESTARTS = 3;
const PART_NAME = `main restarted ${RESTARTS}× (endpoint list written otherwise)`;

/**
 * @param {QueueRun} run
 * @param {AddedWorkflow[]} others Workflows besides the cells' (the republished ones), each sent one event of
 *   `otherEvents` after the restarts.
 * @param {string[]} otherEvents
 */
async function mainRestartsPart(run, others, otherEvents) {
	const { report } = run;
	const { sandbox, cluster, balancer } = run.services();
	const workflows = [...run.workflow().cells, ...others];
	sandbox.setEndpointList('rewritten');
	const endpointsBefore = new Map(
		workflows.map((w) => [w.endpointUrl, run.endpointAt(w.endpointUrl)]),
	);
	const requestsBefore = sandbox.requests.length;
	/** @type {number[]} endpoint list reads per restart */
	const listReads = [];
	/** @type {string[]} */
	let ranBefore = [];
	let firstResend = 0;
	await runPart(
		run,
		PART_NAME,
		{ upstreams: [run.upstream(WEBHOOKS[0])], policy: 'path-hash' },
		async () => {
			ranBefore = await fireEvents(sandbox, BATCH);
			await sandbox.waitForDeliveries();
			for (let i = 0; i < RESTARTS; i++) {
				const from = sandbox.requests.length;
				await cluster.restartMain({ publicationService: false });
				listReads.push(endpointChanges(sandbox, from).listed);
			}
			firstResend = balancer.count + 1;
			for (const id of ranBefore) sandbox.redeliver(id);
			const sentAfter = await fireEvents(sandbox, BATCH);
			const charges = [SEED.charges.captured, SEED.charges.authorized];
			const othersAfter = otherEvents.flatMap((event, i) =>
				sandbox.triggerChargeEvent(charges[i % charges.length], event).map((r) => r.id),
			);
			return [...ranBefore, ...sentAfter, ...othersAfter];
		},
	);
	const changes = endpointChanges(sandbox, requestsBefore);
	await report.check(
		`each start of main ran the triggers' checkExists (the endpoint list was read)`,
		() => {
			if (listReads.some((reads) => reads < workflows.length))
				throw new Error(
					`endpoint list read ${listReads.join(', ')} times for ${workflows.length} triggers`,
				);
			return `read ${listReads.join(', ')} times for ${workflows.length} triggers`;
		},
	);
	await report.check(
		`${RESTARTS} restarts of main: no endpoint created, deleted or changed`,
		() => {
			if (changes.created + changes.deleted + changes.changed > 0)
				throw new Error(
					`${changes.created} created, ${changes.deleted} deleted, ${changes.changed} changed`,
				);
			return `0 created, 0 deleted, 0 changed; endpoint list read ${listReads.join(', ')} times at the ${RESTARTS} starts`;
		},
	);
	report.group(
		`${RESTARTS} restarts of main: every endpoint kept its id and secret`,
		workflows.map((w) => {
			const before = endpointsBefore.get(w.endpointUrl);
			const after = run.endpointAt(w.endpointUrl);
			return {
				label: w.name,
				ok: before !== undefined && after?.id === before.id && after.secret === before.secret,
				problem: `endpoint ${before?.id} before, ${after?.id ?? 'none'} after${after && after.secret !== before?.secret ? ' (another secret)' : ''}`,
			};
		}),
	);
	const requests = run.requestsOf(PART_NAME);
	const deliveryIds = new Set(run.parts[PART_NAME].ids);
	const ours = requests.filter((r) => r.deliveryId !== undefined && deliveryIds.has(r.deliveryId));
	report.group(
		`${RESTARTS} restarts of main: no delivery answered 401`,
		workflows.map((w) => {
			const answers = ours.filter((r) => r.path === `/${w.webhookPath}`);
			const refused = answers.filter((r) => r.status === 401);
			return {
				label: w.name,
				ok: answers.length > 0 && refused.length === 0,
				problem: `${refused.length} of ${answers.length} answers 401`,
			};
		}),
	);
	const resends = ours.filter(
		(r) => r.n >= firstResend && ranBefore.includes(String(r.deliveryId)),
	);
	report.group(
		`${RESTARTS} restarts of main: a resend of a delivery that ran before them is answered "duplicate delivery"`,
		ranBefore.map((id) => {
			const answer = resends.find((r) => r.deliveryId === id);
			return {
				label: id,
				ok: answer?.status === 200 && answer.body.includes('duplicate delivery'),
				problem: `answered ${answer?.status ?? 'nothing'}: ${answer?.body.slice(0, 200)}`,
			};
		}),
	);
	sandbox.setEndpointList('as-registered');
}

module.exports = { RESTARTS_PART_NAME: PART_NAME, mainRestartsPart };
