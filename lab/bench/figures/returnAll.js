'use strict';
/**
 * Figure 2, Return All over 10,000 charges: requests the sandbox received, wall time and n8n's peak RSS, against a
 * plain sequential `fetch` loop over the same 100 pages (and the JSON those pages weigh) and against what a user
 * builds in n8n without this package (HTTP Request with its Pagination option → Split Out). Runs alternate.
 */
const assert = require('node:assert/strict');
const path = require('path');
const { CONFIG } = require('../config');
const { running } = require('../lib/context');
const { addWorkflow, runNode, runWebhookWorkflow, waitForWebhook } = require('../lib/n8nRuns');
const { collectGarbage, cpuMsOf, sampleRss } = require('../../lib/rss');
const { log } = require('../lib/runState');
const { median, mb, ms } = require('../../lib/stats');
const workflows = require('../lib/workflows');
const { PAGINATION_QUERY } = require('../../../sandbox/api/names');

/**
 * @param {import('../lib/context').BenchContext} context
 */
async function figureReturnAll(context) {
	const { sandbox, credential, instance } = running(context);
	assert.equal(
		sandbox.store.charges.size,
		CONFIG.charges,
		'the sandbox must hold exactly 10,000 charges',
	);
	const pages = CONFIG.charges / CONFIG.perPage;
	const ourEntry = await addWorkflow(context, workflows.chargeGetAllWorkflow(credential));
	const handBuiltEntry = await addWorkflow(
		context,
		workflows.httpRequestPagesWorkflow(credential, sandbox.url, PAGINATION_QUERY),
	);
	await waitForWebhook(context, ourEntry);
	await waitForWebhook(context, handBuiltEntry);
	const pid = instance.process.child.pid;
	if (pid === undefined) throw new Error('n8n has no pid');

	/**
	 * One run of a workflow that outputs every charge. withData: also read the 10,000 output items back (done once,
	 * in the warm-up, to check the count).
	 * @param {import('../lib/n8nRuns').Entry} entry
	 */
	const measureWorkflow = async (entry, withData = false) => {
		await collectGarbage(pid);
		sandbox.clearRequests();
		const rss = sampleRss(pid);
		const cpuBefore = cpuMsOf(pid) ?? NaN;
		let result;
		try {
			result = await runWebhookWorkflow(context, entry, {}, { withData });
		} finally {
			result = { ...result, rss: rss.stop(), cpuMs: (cpuMsOf(pid) ?? NaN) - cpuBefore };
		}
		const requests = sandbox.requests.length;
		const what = entry.workflow.name;
		assert.equal(
			requests,
			pages,
			`${what}: the sandbox received ${requests} requests, not ${pages}`,
		);
		if (withData)
			assert.equal(result.outputItems, CONFIG.charges, `${what}: ${result.outputItems} items out`);
		return {
			...result,
			requests,
			rssGrowth: result.rss.peak - (result.rss.before ?? result.rss.peak),
		};
	};
	const measureOurs = (withData = false) => measureWorkflow(ourEntry, withData);
	const measureHandBuilt = (withData = false) => measureWorkflow(handBuiltEntry, withData);
	const measureFetch = async () => {
		await collectGarbage(pid);
		sandbox.clearRequests();
		const script = path.join(__dirname, '..', 'lib', 'fetchPages.js');
		const args = [
			sandbox.url,
			sandbox.publicKey,
			sandbox.secretKey,
			String(pages),
			String(CONFIG.perPage),
			'120000',
		];
		// The sandbox answers in this process, which otherwise only waits: its CPU time is the floor of any client.
		const cpuBefore = process.cpuUsage();
		const result = await runNode(['--expose-gc', script, ...args], 'the fetch loop');
		const cpu = process.cpuUsage(cpuBefore);
		result.sandboxCpuMs = (cpu.user + cpu.system) / 1000;
		assert.equal(result.requests, pages);
		assert.equal(result.items, CONFIG.charges);
		assert.equal(sandbox.requests.length, pages);
		return result;
	};

	log('figure 2: warm-up (the first Return All on this n8n, then the hand-built workflow)');
	const first = await measureOurs(true);
	await measureHandBuilt(true);
	await measureFetch();
	const ours = [];
	const fetchLoop = [];
	const handBuilt = [];
	/** Each run starts with another side: ours, the fetch loop, the hand-built workflow, in rotation. */
	const sides = [
		async () => ours.push(await measureOurs()),
		async () => fetchLoop.push(await measureFetch()),
		async () => handBuilt.push(await measureHandBuilt()),
	];
	for (let r = 0; r < CONFIG.runs; r++) {
		for (let s = 0; s < sides.length; s++) await sides[(r + s) % sides.length]();
		log(
			`figure 2: run ${r + 1}/${CONFIG.runs}: ours ${ms(ours[r].execMs)} (n8n CPU ${ms(ours[r].cpuMs)}), ${ours[r].requests} requests, ` +
				`RSS growth ${mb(ours[r].rssGrowth)}; fetch loop ${ms(fetchLoop[r].ms)}; hand-built ` +
				`${ms(handBuilt[r].execMs)} (n8n CPU ${ms(handBuilt[r].cpuMs)}), RSS growth ${mb(handBuilt[r].rssGrowth)}`,
		);
	}
	return {
		requests: median(ours.map((run) => run.requests)),
		execMs: median(ours.map((run) => run.execMs)),
		cpuMs: median(ours.map((run) => run.cpuMs)),
		sandboxCpuMs: median(fetchLoop.map((run) => run.sandboxCpuMs)),
		fetchRssGrowth: median(fetchLoop.map((run) => run.rssGrowth)),
		fetchHeapRetained: median(fetchLoop.map((run) => run.heapRetained)),
		fetchMs: median(fetchLoop.map((run) => run.ms)),
		ratio: median(ours.map((run, i) => run.execMs / fetchLoop[i].ms)),
		jsonBytes: median(fetchLoop.map((run) => run.bytes)),
		rssGrowth: median(ours.map((run) => run.rssGrowth)),
		handBuiltMs: median(handBuilt.map((run) => run.execMs)),
		handBuiltRatio: median(ours.map((run, i) => run.execMs / handBuilt[i].execMs)),
		handBuiltRssGrowth: median(handBuilt.map((run) => run.rssGrowth)),
		handBuiltRssRatio: median(ours.map((run, i) => run.rssGrowth / handBuilt[i].rssGrowth)),
		firstRssGrowth: first.rssGrowth,
		rssBefore: median(ours.map((run) => run.rss.before ?? NaN)),
		runs: { first, ours, fetchLoop, handBuilt },
	};
}

module.exports = { figureReturnAll };
