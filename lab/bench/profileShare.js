'use strict';
/**
 * Where n8n's main thread spends the time while our node runs, from a CPU profile of n8n:
 *
 *   BENCH_ONLY=2 BENCH_N8N_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench
 *   node lab/bench/profileShare.js /tmp/prof/<the main process's>.cpuprofile
 *
 * A stretch of samples with this package's code on the stack (gaps under 100 ms) is one run of the node. Within those
 * stretches, each busy sample goes to the first frame, from the leaf up, that belongs to a package: this package,
 * n8n's HTTP request stack (axios, follow-redirects, @n8n/backend-network, proxy-from-env, qs, and Node's own net and
 * http code under them), n8n's expression evaluation (its isolate, the data proxy, luxon), the garbage collector, or
 * the rest of n8n. Prints the share of each, per run and in all. Works on figure 1's profiles too (each run of our
 * node, one at a time or batched, is one stretch).
 */
const fs = require('fs');

const OURS = /n8n-nodes-payment-platform\/dist\//;
const REQUEST_STACK =
	/node_modules\/(axios|follow-redirects|@n8n\/backend-network|proxy-from-env|qs)\//;
const EXPRESSIONS =
	/node_modules\/(@n8n\/expression-runtime|luxon)\/|n8n-workflow\/dist\/\w+\/(expression|workflow-expression|workflow-data-proxy)/;
const GAP_US = 100_000;

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string }, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[], startTime: number }} Profile
 * @typedef {'this package' | "n8n's request stack" | "n8n's expressions" | 'garbage collector' | 'rest of n8n'} Share
 */

/**
 * The share a sample goes to, and for this package's samples the function of ours it was in.
 * @param {ProfileNode[]} stack leaf first
 * @returns {{ share: Share, ourFunction?: string }}
 */
function shareOf(stack) {
	if (stack[0].callFrame.functionName === '(garbage collector)')
		return { share: 'garbage collector' };
	for (const { callFrame } of stack) {
		const { url, functionName } = callFrame;
		if (!url || url.startsWith('node:')) continue;
		if (OURS.test(url))
			return { share: 'this package', ourFunction: functionName || '(anonymous)' };
		if (REQUEST_STACK.test(url)) return { share: "n8n's request stack" };
		if (EXPRESSIONS.test(url)) return { share: "n8n's expressions" };
		return { share: 'rest of n8n' };
	}
	// Only Node's own frames (socket and stream callbacks): the request stack's I/O.
	return { share: "n8n's request stack" };
}

/** @param {Profile} profile */
function runsOf(profile) {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	/** @type {Map<number, number>} */
	const parent = new Map();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parent.set(child, node.id);
	/** @param {number} id */
	const stackOf = (id) => {
		const stack = [];
		for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parent.get(at)) {
			stack.push(/** @type {ProfileNode} */ (byId.get(at)));
		}
		return stack;
	};
	let time = profile.startTime;
	const samples = profile.samples.map((id, i) => {
		time += profile.timeDeltas[i];
		const stack = stackOf(id);
		return {
			time,
			stack,
			us: profile.timeDeltas[i + 1] ?? 0,
			ours: stack.some((n) => OURS.test(n.callFrame.url)),
		};
	});
	/** @type {Array<{ from: number, to: number }>} */
	const runs = [];
	for (const sample of samples.filter((s) => s.ours)) {
		const last = runs[runs.length - 1];
		if (last && sample.time - last.to < GAP_US) last.to = sample.time;
		else runs.push({ from: sample.time, to: sample.time });
	}
	return runs.map(({ from, to }) => {
		/** @type {Record<string, number>} */
		const shares = {};
		/** @type {Record<string, number>} */
		const ourFunctions = {};
		let busyUs = 0;
		for (const s of samples) {
			if (s.time < from || s.time > to || s.stack[0].callFrame.functionName === '(idle)') continue;
			const { share, ourFunction } = shareOf(s.stack);
			shares[share] = (shares[share] ?? 0) + s.us;
			if (ourFunction) ourFunctions[ourFunction] = (ourFunctions[ourFunction] ?? 0) + s.us;
			busyUs += s.us;
		}
		return { wallMs: (to - from) / 1000, busyMs: busyUs / 1000, shares, ourFunctions };
	});
}

/** @param {Record<string, number>} shares @param {number} busyMs */
const describe = (shares, busyMs) =>
	Object.entries(shares)
		.sort((a, b) => b[1] - a[1])
		.map(([name, us]) => `${name} ${((us / 1000 / busyMs) * 100).toFixed(0)}%`)
		.join(', ');

for (const file of process.argv.slice(2)) {
	const runs = runsOf(JSON.parse(fs.readFileSync(file, 'utf8'))).filter((run) => run.busyMs >= 50);
	/** @type {Record<string, number>} */
	const total = {};
	/** @type {Record<string, number>} */
	const ourTotal = {};
	let busyMs = 0;
	runs.forEach((run, i) => {
		console.log(
			`run ${i + 1}: ${run.wallMs.toFixed(0)} ms, main thread busy ${run.busyMs.toFixed(0)} ms: ${describe(run.shares, run.busyMs)}`,
		);
		for (const [name, us] of Object.entries(run.shares)) total[name] = (total[name] ?? 0) + us;
		for (const [name, us] of Object.entries(run.ourFunctions))
			ourTotal[name] = (ourTotal[name] ?? 0) + us;
		busyMs += run.busyMs;
	});
	console.log(
		`all ${runs.length} runs: main thread busy ${busyMs.toFixed(0)} ms: ${describe(total, busyMs)}`,
	);
	const ourMs = (total['this package'] ?? 0) / 1000;
	if (ourMs > 0) console.log(`this package's ${ourMs.toFixed(0)} ms: ${describe(ourTotal, ourMs)}`);
}
