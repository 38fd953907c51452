'use strict';
/**
 * Another node's write of static data, in queue mode. Trigger (After the Workflow Succeeds) → Code node counting in
 * `$getWorkflowStaticData('global')` → Wait 12 s. While a delivery's run waits on a worker, the user adds an event and
 * publishes (the platform refuses to change an endpoint in place); the run ends and n8n saves the whole static
 * data it loaded. The next delivery, signed by the endpoint the platform has then, goes to the webhook processes
 * (main never sees it, so nothing repairs the static data in between).
 *
 * Asserted, per Endpoint Events: the default (all nine events registered) keeps its endpoint and secret, and the next
 * delivery runs once (before the trigger handed its registration to the run, a worker's run, which starts without the
 * static data, erased it: 401 on both); the control, Only the Selected Events, gets a new endpoint, the run writes the old one back, and
 * the next delivery is answered 401 (the hazard the default avoids, docs/trigger.md "Where the trigger keeps its
 * state"). Deliveries are signed here with the endpoint's secret and sent through the balancer, so no other part's
 * workflow receives them.
 */
const { sleep, waitFor } = require('../../../scripts/lib/wait');
const { send } = require('../../lib/http');
const { countingTriggerWorkflow, setNode } = require('../../lib/workflows');
const { signedDelivery } = require('./copies');
const { endpointChanges, waitUntilQuiet } = require('./parts');
const { RECORD_NODE_NAME } = require('./queueWorkflows');

/** Long enough for the change to be published while the run waits. */
const WAIT_SECONDS = 12;
/** Selected before and after the change, so both deliveries run. */
const EVENT = 'charge.partially_refunded';
const ADDED_EVENT = 'charge.pending';
const PATCH_REFUSED = {
	route: 'PATCH /v1/postbacks/endpoints/*',
	kind: /** @type {const} */ ('success_false'),
	status: 405,
};

const VARIANTS = [
	{ endpointEvents: 'all', title: 'All Nine, Only the Selected Ones Run (the default)' },
	{ endpointEvents: 'selected', title: 'Only the Selected Events (the control)' },
];

/**
 * Trigger → Record Process → Count Runs (global static data) → Wait, the trigger's Endpoint Events as given.
 * @param {{ id: string, name: string }} credential
 * @param {string} name
 * @param {string[]} events
 * @param {string} endpointEvents
 * @param {string} [webhookId] the first version's, for the changed one
 */
function countingWorkflow(credential, name, events, endpointEvents, webhookId) {
	// The default Endpoint Removal Delay: within it a republish keeps the endpoint (the part removes it at its end).
	return countingTriggerWorkflow(name, events, credential, {
		endpointEvents,
		waitSeconds: WAIT_SECONDS,
		webhookId,
		before: [
			setNode(RECORD_NODE_NAME, {
				process: '={{ $env.PP_QUEUE_PROCESS }}',
				deliveryId: "={{ $('Payment Platform Trigger').item.json.id }}",
			}),
		],
	});
}

/**
 * The trigger's and the Code node's static data as n8n's database holds them (n8n's public API).
 * @param {import('./queueRun').QueueRun} run
 * @param {string} workflowId
 */
async function staticDataFromApi(run, workflowId) {
	const saved = await run.workflow().client.getWorkflow(workflowId);
	const data = saved.staticData ?? {};
	return {
		endpointId: data['node:Payment Platform Trigger']?.endpointId,
		runs: data.global?.runs,
	};
}

/**
 * One variant: publish, a delivery whose run waits, the change published meanwhile, the write-back, the next delivery.
 * @param {import('./queueRun').QueueRun} run
 * @param {{ endpointEvents: string, title: string }} variant
 */
async function writeBackVariant(run, variant) {
	const { sandbox } = run.services();
	const { client, credential } = run.workflow();
	const name = `Write-back: ${variant.endpointEvents}`;
	const first = countingWorkflow(credential, name, [EVENT], variant.endpointEvents);
	const workflow = await run.addWorkflow(name, first, 'stop-at-4xx');
	await run.publish([workflow]);
	const before = run.endpointAt(workflow.endpointUrl);
	if (!before) throw new Error(`no endpoint for ${workflow.endpointUrl}`);
	try {
		const waiting = signedDelivery(before.secret, EVENT);
		const answered = send(workflow.endpointUrl, {
			body: waiting.body,
			headers: waiting.headers,
			timeoutMs: 90_000,
		});
		await waitFor('the run to start', async () => (await run.executions(workflow)).length > 0, {
			timeoutMs: 30_000,
			intervalMs: 250,
		});

		// Meanwhile: another event selected and published (the part has the platform refuse PATCH).
		const requestsBefore = sandbox.requests.length;
		const changed = countingWorkflow(
			credential,
			name,
			[EVENT, ADDED_EVENT],
			variant.endpointEvents,
			first.webhookId,
		);
		await client.updateWorkflow(workflow.workflowId, changed.workflow);
		// The publication service runs the trigger's hooks after the call returns: the endpoint list read says so.
		await waitFor(
			'the trigger to check its endpoint',
			() => endpointChanges(sandbox, requestsBefore).listed > 0,
			{ timeoutMs: 30_000, intervalMs: 100 },
		);
		await sleep(2_000);
		const live = run.endpointAt(workflow.endpointUrl);
		const firstAnswer = await answered;
		await waitUntilQuiet(run, [workflow]);
		const stored = await staticDataFromApi(run, workflow.workflowId);

		const next = signedDelivery(live?.secret ?? '', EVENT);
		const nextAnswer = await send(workflow.endpointUrl, {
			body: next.body,
			headers: next.headers,
			timeoutMs: 90_000,
		});
		await waitUntilQuiet(run, [workflow]);
		const executions = await run.executions(workflow);
		const ran = (/** @type {string} */ id) =>
			executions.filter((e) => e.deliveryId === id && e.status === 'success').length;
		return {
			variant,
			replaced: live?.id !== before.id,
			firstAnswer: firstAnswer.status,
			firstRan: ran(waiting.id),
			writtenBack: stored.endpointId === before.id && stored.runs === 1,
			nextAnswer: nextAnswer.status,
			nextRan: ran(next.id),
		};
	} finally {
		await client.deactivateWorkflow(workflow.workflowId);
		// Unpublished, the endpoint stays for the removal delay, and the default one has every event: removed in the
		// platform (as Webhook Endpoint → Delete would), so that no later part's events reach this workflow.
		for (const [id, endpoint] of sandbox.store.webhookEndpoints) {
			if (endpoint.url === workflow.endpointUrl) sandbox.store.webhookEndpoints.delete(id);
		}
	}
}

/**
 * @param {import('./queueRun').QueueRun} run
 */
async function writeBackPart(run) {
	const { report } = run;
	const { sandbox } = run.services();
	// The platform cannot change an endpoint in place.
	sandbox.setFaults([PATCH_REFUSED]);
	const outcomes = [];
	try {
		for (const variant of VARIANTS) outcomes.push(await writeBackVariant(run, variant));
	} finally {
		sandbox.setFaults([]);
	}
	report.table(
		`A run's write-back of static data while an event is added (PATCH refused), queue mode, deliveries to the webhook processes`,
		outcomes.map((o) => ({
			'Endpoint Events': o.variant.title,
			'endpoint when the event was added': o.replaced ? 'replaced (new secret)' : 'kept',
			'the waiting run: answer, runs': `${o.firstAnswer}, ${o.firstRan}`,
			'the run wrote back the endpoint it loaded': o.writtenBack ? 'yes' : 'no',
			'the next delivery, signed by the live endpoint: answer, runs': `${o.nextAnswer}, ${o.nextRan}`,
		})),
	);
	const [all, selected] = outcomes;
	await report.check(
		'write-back, the default: the endpoint and secret stay, the run writes them back, the next delivery runs once',
		() => {
			if (all.replaced) throw new Error('the endpoint was replaced when an event was added');
			if (!all.writtenBack) throw new Error('the run did not write the static data back');
			if (all.firstAnswer !== 200 || all.firstRan !== 1)
				throw new Error(`the waiting run: ${all.firstAnswer}, ${all.firstRan} runs`);
			if (all.nextAnswer !== 200 || all.nextRan !== 1)
				throw new Error(`the next delivery: answered ${all.nextAnswer}, ${all.nextRan} runs`);
			return 'the next delivery answered 200, ran once';
		},
	);
	await report.check(
		'write-back, the control (Only the Selected Events): the old endpoint written back, the next delivery refused 401',
		() => {
			if (!selected.replaced) throw new Error('the endpoint was not replaced: no hazard to show');
			if (!selected.writtenBack) throw new Error('the run did not write the old endpoint back');
			if (selected.nextAnswer !== 401)
				throw new Error(
					`the next delivery answered ${selected.nextAnswer}, ${selected.nextRan} runs: update docs/trigger.md`,
				);
			return 'the next delivery answered 401 (docs/trigger.md, "Where the trigger keeps its state")';
		},
	);
}

module.exports = { writeBackPart };
