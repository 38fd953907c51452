'use strict';
/**
 * Figure 3, trigger throughput: the same signed deliveries to our trigger, to the check a user builds by hand
 * (Webhook raw body → Crypto HMAC → IF → NoOp), to a plain Webhook node that checks nothing (the ceiling) and to the
 * same plain Webhook with one expression among its parameters (the control: n8n's webhook-phase isolate), each
 * ending in the same NoOp; and our trigger once more acknowledging after the workflow succeeds (the safe mode's cost). Runs alternate; after each run the bench waits until every delivery has its execution.
 * Measured once with n8n's default settings and once more after a restart with the setting the profile pointed at.
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { randomUUID } = require('crypto');
const { CONFIG } = require('../config');
const { running } = require('../lib/context');
const { addWorkflow, runNode, waitForWebhook } = require('../lib/n8nRuns');
const { cpuMsOf } = require('../../lib/rss');
const { log, nowMs } = require('../lib/runState');
const { fixed, median, ms } = require('../../lib/stats');
const { waitFor } = require('../../../scripts/lib/wait');
const workflows = require('../lib/workflows');
const { allExecutions, countExecutions } = require('../../lib/executions');

const EVENT = 'charge.captured';
/** @typedef {'ours' | 'oursAfterRun' | 'handBuilt' | 'plain' | 'plainExpression'} Side */
/** @type {Side[]} */
const SIDES = ['ours', 'oursAfterRun', 'handBuilt', 'plain', 'plainExpression'];

/**
 * @typedef {import('../lib/n8nRuns').Entry & { expected: number, accepted: number }} TriggerEntry
 * @typedef {{ entries: Record<Side, TriggerEntry>, secret: string, afterRunSecret: string }} TriggerSetup
 */

/**
 * The deliveries of `bodies` with the headers the sandbox sends, signed with `secret` in `scheme` (its own signer).
 * @param {string} secret
 * @param {Array<{ id: string, body: string }>} bodies
 * @param {import('../../../sandbox/signature').SigningScheme} [scheme]
 */
function makeDeliveries(secret, bodies, scheme = 'raw-body') {
	const { deliveryHeaders } = require('../../../sandbox/signature');
	return bodies.map(({ id, body }) => ({
		body,
		headers: deliveryHeaders({ scheme, secret, rawBody: body, deliveryId: id, event: EVENT }),
	}));
}

/**
 * `count` delivery bodies of EVENT with fresh ids.
 * @param {import('../lib/context').BenchContext} context
 * @param {number} count
 */
function deliveryBodies(context, count) {
	const { sandbox, chargeIds } = running(context);
	const charge = { ...sandbox.store.charges.get(chargeIds[0]), status: 'captured' };
	return Array.from({ length: count }, () => {
		const id = randomUUID();
		const body = JSON.stringify({
			id,
			event: EVENT,
			charge,
			occurred_at: new Date().toISOString(),
		});
		return { id, body };
	});
}

/**
 * Writes the same deliveries signed for each of our endpoints; returns the file of each side.
 * @param {import('../lib/context').BenchContext} context
 * @param {TriggerSetup} setup
 * @param {string} name
 * @param {number} count
 * @returns {Record<Side, string>}
 */
function writeDeliveries(context, setup, name, count) {
	const bodies = deliveryBodies(context, count);
	const file = path.join(context.workDir, `${name}.json`);
	const afterRunFile = path.join(context.workDir, `${name}-after-run.json`);
	fs.writeFileSync(file, JSON.stringify(makeDeliveries(setup.secret, bodies)));
	fs.writeFileSync(afterRunFile, JSON.stringify(makeDeliveries(setup.afterRunSecret, bodies)));
	return {
		ours: file,
		oursAfterRun: afterRunFile,
		handBuilt: file,
		plain: file,
		plainExpression: file,
	};
}

/**
 * The workflows, created and activated once (they stay across an n8n restart), and the endpoint secret.
 * @param {import('../lib/context').BenchContext} context
 * @returns {Promise<TriggerSetup>}
 */
async function setUpTriggerWorkflows(context) {
	const { client, credential } = running(context);
	const { WEBHOOK_DELIVERY_HEADERS } = require('../../../sandbox/api/names');
	const ours = await addWorkflow(context, workflows.benchTriggerWorkflow(credential, [EVENT]));
	const secret = secretOf(context, ours);
	const oursAfterRun = await addWorkflow(
		context,
		workflows.benchTriggerWorkflow(credential, [EVENT], 'lastNode'),
	);
	const cryptoCredential = await client.createCredential({
		name: 'Bench: webhook secret (Crypto)',
		type: 'crypto',
		data: { hmacSecret: secret },
	});
	const handBuilt = await addWorkflow(
		context,
		workflows.handBuiltTriggerWorkflow(cryptoCredential, WEBHOOK_DELIVERY_HEADERS.signature),
	);
	const plain = await addWorkflow(context, workflows.plainWebhookWorkflow());
	const plainExpression = await addWorkflow(
		context,
		workflows.plainWebhookWorkflow({ withExpression: true }),
	);
	/** @param {import('../lib/n8nRuns').Entry} entry */
	const counted = (entry) => ({ ...entry, expected: 0, accepted: 0 });
	return {
		entries: {
			ours: counted(ours),
			oursAfterRun: counted(oursAfterRun),
			handBuilt: counted(handBuilt),
			plain: counted(plain),
			plainExpression: counted(plainExpression),
		},
		secret,
		afterRunSecret: secretOf(context, oursAfterRun),
	};
}

/**
 * The secret of the endpoint our trigger registered for `entry` (the sandbox keeps it).
 * @param {import('../lib/context').BenchContext} context
 * @param {import('../lib/n8nRuns').Entry} entry
 */
function secretOf(context, entry) {
	const { instance, sandbox } = running(context);
	const endpoints = [...sandbox.store.webhookEndpoints.values()];
	const endpoint = endpoints.find((e) => e.url === `${instance.url}/webhook/${entry.path}`);
	assert.ok(endpoint, `the trigger registered no endpoint (${endpoints.length} in the sandbox)`);
	return /** @type {string} */ (endpoint.secret);
}

/**
 * The trigger's endpoint secret after an n8n restart; it must be the one the hand-built check knows.
 * @param {import('../lib/context').BenchContext} context
 * @param {TriggerSetup} setup
 */
function endpointSecret(context, setup) {
	const secret = secretOf(context, setup.entries.ours);
	assert.equal(secret, setup.secret, 'the trigger registered a new endpoint on restart');
	return secret;
}

/**
 * Checks that the last execution of each workflow reached the NoOp: a baseline whose check failed would skip work.
 * @param {import('../lib/context').BenchContext} context
 * @param {TriggerSetup} setup
 */
async function assertEveryPathReachesTheEnd(context, setup) {
	const { client } = running(context);
	for (const [side, entry] of Object.entries(setup.entries)) {
		const [latest] = await allExecutions(client, {
			workflowId: entry.id,
			limit: 1,
			includeData: true,
		});
		const ran = Object.keys(latest?.data?.resultData?.runData ?? {});
		assert.ok(
			ran.includes(workflows.NO_OP_NAME),
			`${side}: the last execution ran only ${ran.join(', ')}`,
		);
	}
}

/**
 * Sends the deliveries of `file` to one workflow, then waits until each accepted delivery has its execution (or
 * nothing changes for 30 s), so that runs do not overlap.
 * @param {import('../lib/context').BenchContext} context
 * @param {TriggerEntry} entry
 * @param {string} file
 */
async function load(context, entry, file) {
	const { instance } = running(context);
	const pid = instance.process.child.pid ?? 0;
	const cpuBefore = cpuMsOf(pid) ?? NaN;
	const started = nowMs();
	const script = path.join(__dirname, '..', 'lib', 'loadgen.js');
	const target = `${instance.url}/webhook/${entry.path}`;
	const args = [file, target, String(CONFIG.concurrency), String(CONFIG.loadTimeLimitMs)];
	const result = await runNode([script, ...args], 'the load generator');
	entry.expected += result.sent;
	entry.accepted += result.accepted;
	let counts = { finished: 0, succeeded: 0 };
	let lastChange = Date.now();
	const allFinished = async () => {
		const before = counts.finished;
		counts = await countExecutions(running(context).client, entry.id);
		if (counts.finished !== before) lastChange = Date.now();
		return counts.finished >= entry.expected;
	};
	// A run whose executions stop coming is reported by its counts (executions < deliveries), not thrown.
	await waitFor('every execution of the run', allFinished, {
		timeoutMs: 180_000,
		intervalMs: 200,
		stopIf: () => (Date.now() - lastChange > 30_000 ? 'no execution finished for 30 s' : undefined),
	}).catch(() => undefined);
	const doneMs = nowMs() - started;
	return {
		...result,
		/** Deliveries per second from the first delivery until the last execution had finished. */
		processedPerSecond: result.sent / (doneMs / 1000),
		/** n8n's CPU time (all its threads) from the first delivery until the last execution had finished. */
		cpuMsPerDelivery: ((cpuMsOf(pid) ?? NaN) - cpuBefore) / Math.max(1, result.sent),
		executions: counts.finished,
		succeeded: counts.succeeded,
		expected: entry.expected,
	};
}

/**
 * @param {import('../lib/context').BenchContext} context
 * @param {TriggerSetup} setup
 * @param {string} label the n8n setting, for the log
 */
async function figureTrigger(context, setup, label) {
	for (const entry of Object.values(setup.entries)) await waitForWebhook(context, entry);
	const warmFiles = writeDeliveries(context, setup, 'deliveries-warmup', CONFIG.warmUpDeliveries);
	log(`figure 3 (${label}): warm-up`);
	for (const side of SIDES) await load(context, setup.entries[side], warmFiles[side]);
	await assertEveryPathReachesTheEnd(context, setup);

	/** @type {Record<Side, Array<Awaited<ReturnType<typeof load>>>>} */
	const runs = { ours: [], oursAfterRun: [], handBuilt: [], plain: [], plainExpression: [] };
	for (let r = 0; r < CONFIG.triggerRuns; r++) {
		const files = writeDeliveries(context, setup, `deliveries-${r}`, CONFIG.deliveries);
		const order = [...SIDES.slice(r % SIDES.length), ...SIDES.slice(0, r % SIDES.length)];
		for (const side of order)
			runs[side].push(await load(context, setup.entries[side], files[side]));
		/** @param {Side} side */
		const describe = (side) => {
			const run = runs[side][r];
			return `${side} ${fixed(run.perSecond, 0)}/s (processed ${fixed(run.processedPerSecond, 0)}/s, CPU ${ms(run.cpuMsPerDelivery)})`;
		};
		log(
			`figure 3 (${label}): run ${r + 1}/${CONFIG.triggerRuns}: ${SIDES.map(describe).join('; ')}`,
		);
		for (const file of new Set(Object.values(files))) fs.rmSync(file, { force: true });
	}
	/** @param {Side} side */
	const summary = (side) => {
		const list = runs[side];
		const entry = setup.entries[side];
		const last = list[list.length - 1];
		return {
			perSecond: median(list.map((run) => run.perSecond)),
			processedPerSecond: median(list.map((run) => run.processedPerSecond)),
			p50: median(list.map((run) => run.latency.p50)),
			p99: median(list.map((run) => run.latency.p99)),
			cpuMsPerDelivery: median(list.map((run) => run.cpuMsPerDelivery)),
			executions: last.executions,
			succeeded: last.succeeded,
			expected: entry.expected,
			acceptedTotal: entry.accepted,
			timedOut: list.filter((run) => run.timedOut).map((run) => run.sent),
		};
	};
	/**
	 * @param {Side} side
	 * @param {'perSecond' | 'processedPerSecond'} field
	 */
	const ratioTo = (side, field) =>
		median(runs.ours.map((run, i) => run[field] / runs[side][i][field]));
	return {
		label,
		ours: summary('ours'),
		oursAfterRun: summary('oursAfterRun'),
		handBuilt: summary('handBuilt'),
		plain: summary('plain'),
		plainExpression: summary('plainExpression'),
		ratioHandBuilt: ratioTo('handBuilt', 'perSecond'),
		processedRatioHandBuilt: ratioTo('handBuilt', 'processedPerSecond'),
		ratioPlain: ratioTo('plain', 'perSecond'),
		ratioPlainExpression: ratioTo('plainExpression', 'perSecond'),
	};
}

/**
 * Whether every delivery sent in figure 3 was accepted and has one successful execution.
 * @param {Awaited<ReturnType<typeof figureTrigger>>} f3
 */
function countsAddUp(f3) {
	return [f3.ours, f3.oursAfterRun, f3.handBuilt, f3.plain, f3.plainExpression].every((side) =>
		[side.executions, side.succeeded, side.acceptedTotal].every((n) => n === side.expected),
	);
}

module.exports = {
	countsAddUp,
	deliveryBodies,
	endpointSecret,
	figureTrigger,
	load,
	makeDeliveries,
	secretOf,
	setUpTriggerWorkflows,
};
