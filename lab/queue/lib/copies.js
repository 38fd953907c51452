'use strict';
/**
 * Two copies of one signed delivery, sent straight to the two webhook processes `gap` ms apart: a platform that sends
 * an event twice, or a retry racing its first attempt across a round-robin balancer. With After the Workflow
 * Succeeds, what remains of n8n's unlocked store is the time two copies' first steps take to read it; this part
 * measures, per gap, how many of the pairs ran twice (figures, not a pass or fail: docs/trigger.md states them).
 */
const { randomUUID } = require('crypto');
const { WEBHOOK_PAYLOAD_FIELDS } = require('../../../sandbox/api/names');
const { deliveryHeaders } = require('../../../sandbox/signature');
const { sleep } = require('../../../scripts/lib/wait');
const { send } = require('../../lib/http');
const { waitNode } = require('../../lib/workflows');
const { waitUntilQuiet } = require('./parts');
const { LAST_STEP_PATH, WEBHOOKS, recordingWorkflow } = require('./queueRun');

/** The gaps between the two copies, in ms: at once, within one store call, within one run, after the run. */
const GAPS_MS = [0, 20, 100, 1000];
/** Pairs sent per gap. */
const PAIRS = 10;
/** An event no other part of the suite fires, so that only the copies reach this part's workflow. */
const EVENT = 'charge.partially_refunded';

/**
 * A signed delivery of `event` for the endpoint's secret, as the platform builds one (its own event id).
 * @param {string} secret
 * @param {string} event
 */
function signedDelivery(secret, event) {
	const id = randomUUID();
	const fields = WEBHOOK_PAYLOAD_FIELDS;
	const rawBody = Buffer.from(
		JSON.stringify({
			[fields.id]: id,
			[fields.event]: event,
			[fields.charge]: { id: randomUUID(), status: event.slice('charge.'.length) },
			[fields.occurredAt]: new Date().toISOString(),
		}),
	);
	return {
		id,
		body: rawBody,
		headers: deliveryHeaders({ secret, rawBody, deliveryId: id, event }),
	};
}

/**
 * @param {import('./queueRun').QueueRun} run
 */
async function copiesPart(run) {
	const { report } = run;
	const { cluster } = run.services();
	const name = 'Two copies of one delivery';
	const { credential } = run.workflow();
	// As a cell's runs: the trigger (After the Workflow Succeeds), the process recorded, a second's Wait, the Last Step.
	const built = recordingWorkflow(
		credential,
		name,
		[EVENT],
		'lastNode',
		`${run.lastStep?.url}${LAST_STEP_PATH}`,
		[waitNode('Take a Second', { resume: 'timeInterval', amount: 1, unit: 'seconds' })],
	);
	const workflow = await run.addWorkflow(name, built, 'resend-every-failure');
	await run.publish([workflow]);
	const endpoint = run.endpointAt(workflow.endpointUrl);
	if (!endpoint) throw new Error(`no endpoint for ${workflow.endpointUrl}`);
	const [first, second] = WEBHOOKS.map(
		(webhook) => `${cluster.url(webhook)}/${workflow.webhookPath}`,
	);
	/** @type {Array<{ gap: number, id: string, answers: number[] }>} */
	const pairs = [];
	for (const gap of GAPS_MS) {
		for (let i = 0; i < PAIRS; i++) {
			const delivery = signedDelivery(endpoint.secret, EVENT);
			const copy = (/** @type {string} */ url) =>
				send(url, { body: delivery.body, headers: delivery.headers, timeoutMs: 60_000 });
			const one = copy(first);
			await sleep(gap);
			const answers = await Promise.all([one, copy(second)]);
			pairs.push({ gap, id: delivery.id, answers: answers.map((a) => a.status ?? 0) });
		}
	}
	await waitUntilQuiet(run, [workflow]);
	const executions = await run.executions(workflow);
	const ran = (/** @type {string} */ id) =>
		executions.filter((e) => e.deliveryId === id && e.status === 'success').length;
	const rows = GAPS_MS.map((gap) => {
		const ofGap = pairs.filter((p) => p.gap === gap);
		return {
			'gap between the copies (ms)': gap,
			pairs: ofGap.length,
			'ran once': ofGap.filter((p) => ran(p.id) === 1).length,
			'ran twice': ofGap.filter((p) => ran(p.id) === 2).length,
			'ran not at all': ofGap.filter((p) => ran(p.id) === 0).length,
			answers: [...new Set(ofGap.flatMap((p) => p.answers))].sort().join(', '),
		};
	});
	report.table(
		'Two copies of one delivery at the two webhook processes (After the Workflow Succeeds, two workers)',
		rows,
	);
	await report.check('every pair of copies ran at least once (none lost)', () => {
		const lost = pairs.filter((p) => ran(p.id) === 0);
		if (lost.length > 0) throw new Error(`${lost.length} pairs ran not at all: ${lost[0].id}`);
		return `${pairs.length} pairs; ran twice: ${rows.map((r) => `${r['ran twice']} at ${r['gap between the copies (ms)']} ms`).join(', ')}`;
	});
	return rows;
}

module.exports = { copiesPart };
