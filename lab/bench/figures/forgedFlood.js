'use strict';
/**
 * Figure 5, a forged flood: the trigger's good deliveries per second (After the Workflow Succeeds, every one run and
 * answered 2xx) while forged 1 MiB requests flood the same endpoint, against the same deliveries with no flood. The
 * trigger holds its current secret and three of replaced registrations (the most it keeps), and every forged request
 * claims all four signature families with fresh timestamps, so that a request the trigger verifies costs it every
 * MAC it can compute. Two floods: bodies of 1 MiB of padding plus the event (over the default Maximum Body Size) and
 * bodies of exactly 1 MiB (at the default, verified: the worst case the default allows). `lib/flood.js` sends them,
 * FLOOD_CONNECTIONS connections each sending its next request as soon as the last is answered. Two controls send
 * the first one's bodies to n8n's own Webhook node with Header Auth on the same n8n (refused 403, the trigger's
 * deliveries unchanged), as JSON and as application/octet-stream (which n8n does not parse): what such a flood costs
 * n8n before any node's check, whichever node it aims at.
 * Runs alternate the order; the ratio is the flood run's rate over the quiet run's in the same round. Opt-in:
 * `BENCH_ONLY=5`.
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { CONFIG } = require('../config');
const { running } = require('../lib/context');
const { addWorkflow, waitForWebhook } = require('../lib/n8nRuns');
const { log } = require('../lib/runState');
const { fixed, median } = require('../../lib/stats');
const workflows = require('../lib/workflows');
const { deliveryBodies, load, makeDeliveries, secretOf } = require('./trigger');
const { runCommand } = require('../../lib/processes');
const { chain, webhookNode } = require('../../lib/workflows');
const { randomUUID } = require('crypto');

const EVENT = 'charge.captured';
const MEBIBYTE = 1024 * 1024;
/** As many forging connections as the platform's (the load generator's). */
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS) || CONFIG.concurrency;
const DELIVERIES = CONFIG.quick ? 100 : 300;
/** Replaced registrations whose secrets the trigger keeps for their grace period (registration.ts). */
const REPLACED_REGISTRATIONS = 3;
/**
 * The flood's bodies: 1 MiB of padding plus the event (~200 bytes), and exactly the default limit, at the trigger;
 * the first at n8n's own Webhook node (the controls).
 */
const FLOODS = [
	{ key: 'over', label: '1 MiB of padding + the event', bytes: MEBIBYTE + 200, at: 'trigger' },
	{ key: 'atLimit', label: 'exactly 1 MiB', bytes: MEBIBYTE, at: 'trigger' },
	{
		key: 'webhookNode',
		label: "1 MiB of padding + the event, at n8n's Webhook node (Header Auth) instead",
		bytes: MEBIBYTE + 200,
		at: 'webhookNode',
	},
	{
		key: 'webhookNodeUnparsed',
		label: "the same as application/octet-stream, which n8n's Webhook node does not parse",
		bytes: MEBIBYTE + 200,
		at: 'webhookNode',
		contentType: 'application/octet-stream',
	},
];

/**
 * The trigger workflow, its endpoint replaced REPLACED_REGISTRATIONS times (the platform lost it: removed from the
 * sandbox, then the workflow published again), so that it verifies with four secrets; a delivery signed with the
 * first one still runs.
 * @param {import('../lib/context').BenchContext} context
 */
async function setUpFloodWorkflow(context) {
	const { client, credential, sandbox, instance } = running(context);
	const entry = await addWorkflow(
		context,
		workflows.benchTriggerWorkflow(credential, [EVENT], 'lastNode'),
	);
	await waitForWebhook(context, entry);
	const secrets = [secretOf(context, entry)];
	const url = `${instance.url}/webhook/${entry.path}`;
	for (let i = 0; i < REPLACED_REGISTRATIONS; i++) {
		for (const endpoint of [...sandbox.store.webhookEndpoints.values()]) {
			if (endpoint.url === url) sandbox.store.webhookEndpoints.delete(endpoint.id);
		}
		await client.deactivateWorkflow(entry.id);
		await client.activateWorkflow(entry.id);
		await waitForWebhook(context, entry);
		secrets.push(secretOf(context, entry));
	}
	assert.equal(new Set(secrets).size, REPLACED_REGISTRATIONS + 1, 'a registration kept its secret');
	const [oldest] = makeDeliveries(secrets[0], deliveryBodies(context, 1));
	const answer = await fetch(url, { method: 'POST', headers: oldest.headers, body: oldest.body });
	assert.equal(answer.status, 200, "the oldest replaced secret's delivery did not run");
	return { entry: { ...entry, expected: 1, accepted: 1 }, secret: secrets[secrets.length - 1] };
}

/**
 * The control: n8n's Webhook node with Header Auth, which answers the flood (no such header) 403 without running.
 * @param {import('../lib/context').BenchContext} context
 * @returns {Promise<string>} its URL
 */
async function setUpWebhookNodeControl(context) {
	const { client, instance } = running(context);
	const credential = await client.ensureCredential({
		name: 'Bench: Header Auth',
		type: 'httpHeaderAuth',
		data: { name: 'X-Bench-Key', value: randomUUID() },
	});
	const node = webhookNode("n8n's Webhook");
	const withAuth = {
		...node,
		parameters: { ...node.parameters, authentication: 'headerAuth' },
		credentials: { httpHeaderAuth: { id: credential.id, name: credential.name } },
	};
	const entry = await addWorkflow(context, {
		path: node.parameters.path,
		workflow: chain('Bench: Webhook node with Header Auth (flood control)', [withAuth]),
	});
	await waitForWebhook(context, entry);
	return `${instance.url}/webhook/${entry.path}`;
}

/**
 * Starts a flood of `bytes` bodies that runs until `stop()`; resolves with its figures.
 * @param {string} url
 * @param {number} bytes
 * @param {string} stopFile
 * @param {string} [contentType]
 */
function startFlood(url, bytes, stopFile, contentType = 'application/json') {
	const script = path.join(__dirname, '..', 'lib', 'flood.js');
	const args = [
		script,
		url,
		String(FLOOD_CONNECTIONS),
		'600000',
		String(bytes),
		stopFile,
		contentType,
	];
	// Settled at once either way: a flood that fails while the good deliveries are sent is reported after them.
	return runCommand(process.execPath, args, { timeoutMs: 660_000 }).then(
		({ stdout }) => ({ result: JSON.parse(stdout.trim().split('\n').pop() ?? '{}') }),
		(/** @type {Error} */ error) => ({ error }),
	);
}

/**
 * @param {import('../lib/context').BenchContext} context
 */
async function figureForgedFlood(context) {
	const { instance } = running(context);
	log('figure 5: the trigger with four secrets (three replaced registrations)');
	const { entry, secret } = await setUpFloodWorkflow(context);
	const url = `${instance.url}/webhook/${entry.path}`;
	const controlUrl = await setUpWebhookNodeControl(context);
	/** @param {string} name @param {number} count */
	const file = (name, count) => {
		const target = path.join(context.workDir, `flood-${name}.json`);
		fs.writeFileSync(
			target,
			JSON.stringify(makeDeliveries(secret, deliveryBodies(context, count))),
		);
		return target;
	};
	await load(context, entry, file('warm', 30));

	const sides = ['quiet', ...FLOODS.map((flood) => flood.key)];
	/** @type {Record<string, Array<Awaited<ReturnType<typeof load>>>>} */
	const runs = Object.fromEntries(sides.map((side) => [side, []]));
	/** @type {Record<string, Array<{ perSecond: number, megabytesPerSecond: number, statuses: object }>>} */
	const floods = Object.fromEntries(FLOODS.map((flood) => [flood.key, []]));
	for (let r = 0; r < CONFIG.triggerRuns; r++) {
		const order = [...sides.slice(r % sides.length), ...sides.slice(0, r % sides.length)];
		for (const side of order) {
			const deliveries = file(`${r}-${side}`, DELIVERIES);
			const flood = FLOODS.find((f) => f.key === side);
			if (!flood) {
				runs[side].push(await load(context, entry, deliveries));
				continue;
			}
			const stopFile = path.join(context.workDir, `stop-${r}-${side}`);
			const target = flood.at === 'trigger' ? url : controlUrl;
			const flooding = startFlood(target, flood.bytes, stopFile, flood.contentType);
			// The flood's connections busy before the first good delivery.
			await new Promise((resolve) => setTimeout(resolve, 1000));
			runs[side].push(await load(context, entry, deliveries));
			fs.writeFileSync(stopFile, '');
			const flooded = await flooding;
			if ('error' in flooded) throw flooded.error;
			floods[side].push(flooded.result);
		}
		log(
			`figure 5: run ${r + 1}/${CONFIG.triggerRuns}: ` +
				sides
					.map((side) => {
						const flood = floods[side]?.[r];
						const extra = flood
							? ` (forged ${fixed(flood.perSecond, 1)}/s, ${fixed(flood.megabytesPerSecond, 1)} MiB/s, ${JSON.stringify(flood.statuses)})`
							: '';
						return `${side} ${fixed(runs[side][r].perSecond, 1)}/s${extra}`;
					})
					.join('; '),
		);
	}
	const result = {
		connections: { good: CONFIG.concurrency, flood: FLOOD_CONNECTIONS },
		deliveries: DELIVERIES,
		quiet: median(runs.quiet.map((run) => run.perSecond)),
		floods: FLOODS.map((flood) => ({
			label: flood.label,
			bytes: flood.bytes,
			perSecond: median(runs[flood.key].map((run) => run.perSecond)),
			ratio: median(runs[flood.key].map((run, i) => run.perSecond / runs.quiet[i].perSecond)),
			forgedPerSecond: median(floods[flood.key].map((f) => f.perSecond)),
			forgedMegabytesPerSecond: median(floods[flood.key].map((f) => f.megabytesPerSecond)),
			statuses: floods[flood.key].map((f) => f.statuses),
			accepted: runs[flood.key].reduce((sum, run) => sum + run.accepted, 0),
			sent: runs[flood.key].reduce((sum, run) => sum + run.sent, 0),
		})),
		quietAccepted: runs.quiet.reduce((sum, run) => sum + run.accepted, 0),
		quietSent: runs.quiet.reduce((sum, run) => sum + run.sent, 0),
	};
	log(renderFlood(result));
	return result;
}

/** @param {Awaited<ReturnType<typeof figureForgedFlood>>} f5 */
function renderFlood(f5) {
	const lines = [
		`Figure 5: good deliveries per second while forged requests flood the same trigger (${f5.connections.good} good connections, ${f5.connections.flood} forging; medians of ${CONFIG.triggerRuns} rounds of ${f5.deliveries}; goal: ratio >= 0.8)`,
		'',
		'| flood | good deliveries/s | ratio to no flood | forged requests/s | forged MiB/s | forged answered | good accepted |',
		'|---|---|---|---|---|---|---|',
		`| none | ${fixed(f5.quiet, 1)} | 1.00 | | | | ${f5.quietAccepted}/${f5.quietSent} |`,
		...f5.floods.map(
			(flood) =>
				`| ${flood.label} | ${fixed(flood.perSecond, 1)} | ${fixed(flood.ratio, 2)} | ${fixed(flood.forgedPerSecond, 1)} | ${fixed(flood.forgedMegabytesPerSecond, 1)} | ${Object.entries(
					flood.statuses.reduce((all, s) => {
						for (const [k, v] of Object.entries(s)) all[k] = (all[k] ?? 0) + v;
						return all;
					}, {}),
				)
					.map(([status, n]) => `${status}×${n}`)
					.join(' ')} | ${flood.accepted}/${flood.sent} |`,
		),
	];
	return lines.join('\n');
}

module.exports = { figureForgedFlood, renderFlood };
