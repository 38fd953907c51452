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
const { WEBHOOKS } = require('./cells');
const { LAST_STEP_PATH } = require('./lastStep');
const { recordingWorkflow } = require('./queueWorkflows');
const { timeline } = require('./verify');

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

/** The recipe's guard: how long Redis keeps a delivery's count (a failed run's resend after it runs). */
const GUARD_SECONDS = 60;

/**
 * The n8n-native recipe for queue mode (docs/trigger.md): Redis → Increment `pp:<deliveryKey>` (expiring after
 * GUARD_SECONDS), then Stop and Error unless the count is 1. Redis increments atomically, so of two copies one goes on
 * and the other fails (answered 500: the platform sends it again, and by then the trigger knows the first's outcome).
 * @param {{ host: string, port: number }} redis
 */
async function redisGuard(run, redis) {
	const { client } = run.workflow();
	const credential = await client.createCredential({
		name: 'Queue suite Redis',
		type: 'redis',
		data: { host: redis.host, port: redis.port, database: 0, password: '' },
	});
	const key = `pp:{{ $('Payment Platform Trigger').item.json.deliveryKey }}`;
	return [
		{
			name: 'Count the Delivery',
			type: 'n8n-nodes-base.redis',
			typeVersion: 1,
			parameters: { operation: 'incr', key: `=${key}`, expire: true, ttl: GUARD_SECONDS },
			credentials: { redis: { id: credential.id, name: credential.name } },
		},
		{
			name: 'Stop a Second Copy',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: {
				jsCode:
					"if (Object.values($input.first().json)[0] !== 1) throw new Error('Another copy of this delivery runs or ran: send it again later');\nreturn $input.all();",
			},
		},
	];
}

/**
 * Sends PAIRS pairs per gap to `workflow`, and tells per gap how many ran once, twice, not at all.
 * @param {import('./queueRun').QueueRun} run
 * @param {import('./queueRun').AddedWorkflow} workflow
 */
async function sendPairs(run, workflow) {
	const { cluster } = run.services();
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
	for (const pair of pairs.filter((p) => ran(p.id) > 1)) {
		const mine = executions.filter((e) => e.deliveryId === pair.id);
		console.log(
			`     ran twice, ${pair.gap} ms apart: answers ${pair.answers.join(', ')}; ${timeline(run, { id: pair.id, executions: mine })}`,
		);
	}
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
	return { pairs, rows, ran };
}

/**
 * @param {import('./queueRun').QueueRun} run
 */
async function copiesPart(run) {
	const { report } = run;
	const { credential } = run.workflow();
	const stepUrl = `${run.lastStep?.url}${LAST_STEP_PATH}`;
	const wait = () =>
		waitNode('Take a Second', { resume: 'timeInterval', amount: 1, unit: 'seconds' });
	// As a cell's runs (the trigger, After the Workflow Succeeds; the process recorded; a second's Wait; the Last
	// Step), after the variant's guard.
	const recordAfter = (/** @type {string} */ name, /** @type {object[]} */ guard) =>
		recordingWorkflow(credential, name, [EVENT], 'lastNode', stepUrl, [wait()], guard);
	const variants = [
		{ title: 'the trigger alone', name: 'Two copies of one delivery', guard: [] },
		{
			title: `with the Redis recipe (Increment, Stop and Error above 1; ${GUARD_SECONDS} s)`,
			name: 'Two copies of one delivery, Redis recipe',
			guard: await redisGuard(run, run.services().redis),
		},
	];
	const results = [];
	for (const variant of variants) {
		const built = recordAfter(variant.name, variant.guard);
		const workflow = await run.addWorkflow(variant.name, built, 'resend-every-failure');
		await run.publish([workflow]);
		const outcome = await sendPairs(run, workflow);
		report.table(
			`Two copies of one delivery at the two webhook processes, ${variant.title} (After the Workflow Succeeds, two workers)`,
			outcome.rows,
		);
		await report.check(
			`${variant.title}: every pair of copies ran at least once (none lost)`,
			() => {
				const lost = outcome.pairs.filter((p) => outcome.ran(p.id) === 0);
				if (lost.length > 0) throw new Error(`${lost.length} pairs ran not at all: ${lost[0].id}`);
				return `${outcome.pairs.length} pairs; ran twice: ${outcome.rows.map((r) => `${r['ran twice']} at ${r['gap between the copies (ms)']} ms`).join(', ')}`;
			},
		);
		results.push(outcome.rows);
	}
	return results;
}

module.exports = { copiesPart, signedDelivery };
