'use strict';
/**
 * Figure 1, per-call cost: 1,000 items Charge → Get through our node one at a time, through our node with Options →
 * Batching (8 per batch), through n8n's HTTP Request node (same credential; it sends every item at once), and the
 * same 1,000 GETs from a plain sequential `fetch` loop (the raw cost of the requests themselves). Runs alternate.
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { CONFIG } = require('../config');
const { running } = require('../lib/context');
const { addWorkflow, runNode, runWebhookWorkflow, waitForWebhook } = require('../lib/n8nRuns');
const { cpuMsOf, waitUntilQuiet } = require('../../lib/rss');
const { log } = require('../lib/runState');
const { median, ms } = require('../../lib/stats');
const workflows = require('../lib/workflows');

/** @typedef {'ours' | 'batched' | 'http' | 'raw'} Side */
/** @type {Side[]} */
const SIDES = ['ours', 'batched', 'http', 'raw'];

/**
 * @param {import('../lib/context').BenchContext} context
 */
async function figurePerCall(context) {
	const { sandbox, credential, chargeIds } = running(context);
	const ids = chargeIds.slice(0, CONFIG.items);
	assert.equal(ids.length, CONFIG.items);
	const idsFile = path.join(context.workDir, 'charge-ids.json');
	fs.writeFileSync(idsFile, JSON.stringify(ids));
	const entries = {
		ours: await addWorkflow(context, workflows.chargeGetWorkflow(credential)),
		batched: await addWorkflow(context, workflows.chargeGetWorkflow(credential, CONFIG.batchSize)),
		http: await addWorkflow(context, workflows.httpRequestGetWorkflow(credential, sandbox.url)),
	};
	for (const entry of Object.values(entries)) await waitForWebhook(context, entry);

	const chargeGets = () =>
		sandbox.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/charges/')).length;
	const pid = running(context).instance.process.child.pid ?? 0;
	/** @param {Side} side */
	const measure = async (side) => {
		await waitUntilQuiet(pid);
		sandbox.clearRequests();
		let result;
		const cpuBefore = cpuMsOf(pid) ?? NaN;
		if (side === 'raw') {
			const loop = await runNode(
				[
					path.join(__dirname, '..', 'lib', 'fetchCharges.js'),
					sandbox.url,
					sandbox.publicKey,
					sandbox.secretKey,
					idsFile,
				],
				'the fetch loop',
			);
			assert.equal(loop.requests, CONFIG.items);
			result = { execMs: loop.ms, nodeMs: loop.ms, outputItems: loop.requests, cpuMs: loop.cpuMs };
		} else {
			const run = await runWebhookWorkflow(context, entries[side], { ids });
			// n8n's CPU time for the whole execution (reading it back included), all threads.
			result = { ...run, cpuMs: (cpuMsOf(pid) ?? NaN) - cpuBefore };
		}
		assert.equal(chargeGets(), CONFIG.items, `${side}: the sandbox received ${chargeGets()} GETs`);
		assert.equal(result.outputItems, CONFIG.items, `${side}: ${result.outputItems} items out`);
		return result;
	};

	log('figure 1: warm-up');
	for (const side of SIDES) await measure(side);
	/** @type {Record<Side, Array<{ execMs: number, nodeMs: number, cpuMs: number }>>} */
	const runs = { ours: [], batched: [], http: [], raw: [] };
	for (let r = 0; r < CONFIG.runs; r++) {
		// Each run starts with another side, so that no side always runs first.
		const order = [...SIDES.slice(r % SIDES.length), ...SIDES.slice(0, r % SIDES.length)];
		for (const side of order) runs[side].push(await measure(side));
		const last = (/** @type {Side} */ side) => ms(runs[side][r].execMs);
		log(
			`figure 1: run ${r + 1}/${CONFIG.runs}: one at a time ${last('ours')}, ${CONFIG.batchSize} per batch ` +
				`${last('batched')}, HTTP Request ${last('http')}, fetch loop ${last('raw')}`,
		);
	}
	/**
	 * @param {Side} side
	 * @param {'execMs' | 'nodeMs' | 'cpuMs'} field
	 */
	const pick = (side, field) => median(runs[side].map((run) => run[field]));
	/** @param {(i: number) => number} perRun the median of a per-run figure */
	const perRun = (perRun) => median(runs.ours.map((_, i) => perRun(i)));
	/** @param {Side} side */
	const summary = (side) => ({
		execMs: pick(side, 'execMs'),
		nodeMs: pick(side, 'nodeMs'),
		cpuMs: pick(side, 'cpuMs'),
	});
	return {
		ours: summary('ours'),
		batched: summary('batched'),
		http: summary('http'),
		raw: summary('raw'),
		ratio: perRun((i) => runs.ours[i].execMs / runs.http[i].execMs),
		nodeRatio: perRun((i) => runs.ours[i].nodeMs / runs.http[i].nodeMs),
		batchedSpeedup: perRun((i) => runs.http[i].execMs / runs.batched[i].execMs),
		batchedNodeSpeedup: perRun((i) => runs.http[i].nodeMs / runs.batched[i].nodeMs),
		/** What our node adds to each request, one at a time, over the plain fetch loop. */
		overheadMsPerRequest: perRun((i) => (runs.ours[i].nodeMs - runs.raw[i].execMs) / CONFIG.items),
		/** CPU time per request: n8n's for the whole execution, and the fetch loop's own (its process). */
		cpuMsPerRequest: perRun((i) => runs.ours[i].cpuMs / CONFIG.items),
		httpCpuMsPerRequest: perRun((i) => runs.http[i].cpuMs / CONFIG.items),
		rawCpuMsPerRequest: perRun((i) => runs.raw[i].cpuMs / CONFIG.items),
		runs,
	};
}

module.exports = { figurePerCall };
