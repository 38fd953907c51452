'use strict';
/**
 * Benchmarks against the alternatives a user has, measured side by side in one run: `npm run bench`.
 *
 * Builds the package, installs the pinned n8n (cached) and this package as a community node into a fresh user
 * folder, starts the sandbox in this process (logging off) and n8n on loopback, then measures:
 *   1. per-call overhead: 1,000 items Charge → Get, ours vs n8n's HTTP Request node with the same credential;
 *   2. Return All over 10,000 charges: requests, wall time, n8n's peak RSS, vs a plain `fetch` loop from Node;
 *   3. trigger throughput: 2,000 signed deliveries, ours vs a plain Webhook node without a check;
 *   4. package cost: cold `require` of the built node files, and the packed tarball size.
 * Each figure is the median of several runs; each ratio is taken against its baseline measured in the same run,
 * runs of the two alternating. Prints a table (also written to test-results/bench/), exit code 1 when a figure
 * could not be measured or a count is off. Everything it starts is stopped, also on failure or Ctrl-C.
 *
 * Environment (all optional): BENCH_RUNS (runs per figure for 1 and 2, default 5), BENCH_TRIGGER_RUNS (default 3),
 * BENCH_ITEMS (default 1000), BENCH_DELIVERIES (default 2000), BENCH_CONCURRENCY (load generator connections,
 * default 10), BENCH_ONLY (comma list of figures, e.g. "1,3"), BENCH_N8N_NODE_OPTIONS (e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof" to profile n8n), BENCH_N8N_ENV (JSON object of extra n8n environment variables, e.g.
 * '{"N8N_EXPRESSION_ENGINE":"legacy"}'), BENCH_KEEP=1 keeps the temporary user folder.
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { randomUUID } = require('crypto');
const n8n = require('../scripts/lib/n8n');
const { runCommand, stopAll, stopAllOnSignals } = require('../scripts/lib/processes');
const { median, ms, mb, kb, ratio, fixed, table } = require('./lib/stats');
const { cpuMsOf, sampleRss } = require('./lib/rss');
const workflows = require('./lib/workflows');

const ROOT = n8n.ROOT;
const RESULTS_DIR = path.join(ROOT, 'test-results', 'bench');
const int = (name, fallback) => {
	const value = Number(process.env[name]);
	return Number.isInteger(value) && value > 0 ? value : fallback;
};
const CONFIG = {
	runs: int('BENCH_RUNS', 5),
	triggerRuns: int('BENCH_TRIGGER_RUNS', 3),
	items: int('BENCH_ITEMS', 1000),
	charges: 10_000,
	perPage: 100,
	deliveries: int('BENCH_DELIVERIES', 2000),
	concurrency: int('BENCH_CONCURRENCY', 10),
	// Per load run: with ~15 minutes for the whole bench, 6 runs of figure 3 may take at most 12 minutes.
	loadTimeLimitMs: 120_000,
	requireRuns: 20,
	only: new Set((process.env.BENCH_ONLY ?? '1,2,3,4').split(',').map((s) => s.trim())),
};
const EVENT = 'charge.captured';

const log = (line) => console.log(line);

/** Set on Ctrl-C / SIGTERM: the measuring loops stop while the children are being stopped. */
let interrupted = false;
function checkInterrupted() {
	if (interrupted) throw new Error('interrupted');
}
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

// ---------------------------------------------------------------------------------------------------------------
// n8n helpers

/**
 * How many finished executions a workflow has, and how many of them succeeded (the editor's execution list, which
 * counts in the database: exact on SQLite).
 */
async function countExecutions(client, workflowId) {
	const count = async (filter) => {
		const query = new URLSearchParams({
			filter: JSON.stringify({ workflowId, ...filter }),
			limit: '1',
		});
		const page = await client.rest('GET', `/executions?${query}`);
		if (typeof page?.count !== 'number' || page.estimated) {
			throw new Error(
				`the execution list gave no exact count: ${JSON.stringify(page).slice(0, 200)}`,
			);
		}
		return page.count;
	};
	const [finished, succeeded] = await Promise.all([count({}), count({ status: ['success'] })]);
	return { finished, succeeded };
}

/**
 * POSTs `body` to a `lastNode` webhook (the answer comes when the run has finished), then reads that execution.
 * Returns the execution's own wall time (stoppedAt - startedAt), the node under test's time, and the caller's time.
 */
async function runWebhookWorkflow(context, entry, body, { withData = true } = {}) {
	checkInterrupted();
	const { client, instance } = context;
	const started = nowMs();
	const response = await fetch(`${instance.url}/webhook/${entry.path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(300_000),
	});
	const text = await response.text();
	const clientMs = nowMs() - started;
	if (!response.ok)
		throw new Error(
			`${entry.workflow.name}: webhook answered ${response.status}: ${text.slice(0, 300)}`,
		);
	const execution = await n8n.waitFor(
		`the execution of ${entry.workflow.name}`,
		async () => {
			const [latest] = await client.listExecutions({
				workflowId: entry.id,
				limit: 1,
				includeData: withData,
			});
			return latest && !entry.seen.has(latest.id) && latest.stoppedAt ? latest : undefined;
		},
		{ timeoutMs: 60_000, intervalMs: 100 },
	);
	entry.seen.add(execution.id);
	if (execution.status !== 'success') {
		const error = execution.data?.resultData?.error;
		throw new Error(
			`${entry.workflow.name}: execution ${execution.id} ${execution.status}: ${error?.message ?? ''}`,
		);
	}
	const runData = execution.data?.resultData?.runData;
	const nodeRun = runData?.[workflows.NODE_UNDER_TEST]?.[0];
	return {
		clientMs,
		execMs: Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt),
		nodeMs: nodeRun?.executionTime,
		outputItems: nodeRun?.data?.main?.[0]?.length,
	};
}

/** Creates (and, when asked, activates) a benchmark workflow; keeps its path and the executions already seen. */
async function addWorkflow(context, built, { activate = true } = {}) {
	const created = await context.client.createWorkflow(built.workflow);
	if (activate) await context.client.activateWorkflow(created.id);
	return { ...built, id: created.id, seen: new Set() };
}

/**
 * Waits until an activated webhook is served (registration can lag activation), without running the workflow: a
 * CORS preflight (OPTIONS with an Origin) answers 204 only for a registered path.
 */
async function waitForWebhook(context, entry) {
	await n8n.waitFor(`the webhook of ${entry.workflow.name}`, async () => {
		const response = await fetch(`${context.instance.url}/webhook/${entry.path}`, {
			method: 'OPTIONS',
			headers: { origin: context.instance.url, 'access-control-request-method': 'POST' },
		});
		return response.status === 204;
	});
}

async function runNode(args, what) {
	checkInterrupted();
	const { stdout } = await runCommand(process.execPath, args, { cwd: ROOT, timeoutMs: 330_000 });
	const line = stdout.trim().split('\n').pop();
	try {
		return JSON.parse(line);
	} catch {
		throw new Error(`${what} printed no result: ${stdout.slice(-500)}`);
	}
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

/** 1. Per-call overhead: 1,000 GETs through our node vs the HTTP Request node, runs alternating. */
async function figurePerCall(context) {
	const { sandbox, credential } = context;
	const ids = context.chargeIds.slice(0, CONFIG.items);
	assert.equal(ids.length, CONFIG.items);
	const ours = await addWorkflow(context, workflows.chargeGetWorkflow(credential));
	const http = await addWorkflow(
		context,
		workflows.httpRequestGetWorkflow(credential, sandbox.url),
	);
	await waitForWebhook(context, ours);
	await waitForWebhook(context, http);

	const measure = async (entry) => {
		sandbox.clearRequests();
		const result = await runWebhookWorkflow(context, entry, { ids });
		const gets = sandbox.requests.filter(
			(r) => r.method === 'GET' && r.path.startsWith('/v1/charges/'),
		);
		assert.equal(
			gets.length,
			CONFIG.items,
			`${entry.workflow.name}: the sandbox received ${gets.length} GETs`,
		);
		assert.equal(
			result.outputItems,
			CONFIG.items,
			`${entry.workflow.name}: ${result.outputItems} items out`,
		);
		return result;
	};
	log(`figure 1: warm-up`);
	await measure(ours);
	await measure(http);
	const runs = { ours: [], http: [] };
	for (let r = 0; r < CONFIG.runs; r++) {
		const order = r % 2 === 0 ? ['ours', 'http'] : ['http', 'ours'];
		for (const key of order) runs[key].push(await measure(key === 'ours' ? ours : http));
		const last = (key) => runs[key][runs[key].length - 1];
		log(
			`figure 1: run ${r + 1}/${CONFIG.runs}: ours ${ms(last('ours').execMs)} (node ${ms(last('ours').nodeMs)}), ` +
				`HTTP Request ${ms(last('http').execMs)} (node ${ms(last('http').nodeMs)})`,
		);
	}
	const pick = (key, field) => median(runs[key].map((run) => run[field]));
	return {
		runs,
		ours: {
			execMs: pick('ours', 'execMs'),
			nodeMs: pick('ours', 'nodeMs'),
			clientMs: pick('ours', 'clientMs'),
		},
		http: {
			execMs: pick('http', 'execMs'),
			nodeMs: pick('http', 'nodeMs'),
			clientMs: pick('http', 'clientMs'),
		},
		ratio: median(runs.ours.map((run, i) => run.execMs / runs.http[i].execMs)),
		nodeRatio: median(runs.ours.map((run, i) => run.nodeMs / runs.http[i].nodeMs)),
	};
}

/** 2. Return All over 10,000 charges: requests received, wall time, peak RSS; vs a fetch loop over the same pages. */
async function figureReturnAll(context) {
	const { sandbox, credential, instance } = context;
	assert.equal(
		sandbox.store.charges.size,
		CONFIG.charges,
		'the sandbox must hold exactly 10,000 charges',
	);
	const pages = CONFIG.charges / CONFIG.perPage;
	const entry = await addWorkflow(context, workflows.chargeGetAllWorkflow(credential));
	await waitForWebhook(context, entry);

	/** withData: also read the 10,000 output items back (done once, in the warm-up, to check the count). */
	const measureOurs = async (withData = false) => {
		sandbox.clearRequests();
		const rss = sampleRss(instance.process.child.pid);
		let result;
		try {
			result = await runWebhookWorkflow(context, entry, {}, { withData });
		} finally {
			result = { ...result, rss: rss.stop() };
		}
		const requests = sandbox.requests.length;
		assert.equal(requests, pages, `the sandbox received ${requests} requests, expected ${pages}`);
		if (withData)
			assert.equal(result.outputItems, CONFIG.charges, `${result.outputItems} items out`);
		return { ...result, requests };
	};
	const measureFetch = async () => {
		sandbox.clearRequests();
		const result = await runNode(
			[
				path.join(__dirname, 'lib', 'fetchPages.js'),
				sandbox.url,
				sandbox.publicKey,
				sandbox.secretKey,
				String(pages),
				String(CONFIG.perPage),
				'120000',
			],
			'the fetch loop',
		);
		assert.equal(result.requests, pages);
		assert.equal(result.items, CONFIG.charges);
		assert.equal(sandbox.requests.length, pages);
		return result;
	};
	log('figure 2: warm-up');
	await measureOurs(true);
	await measureFetch();
	const ours = [];
	const fetchLoop = [];
	for (let r = 0; r < CONFIG.runs; r++) {
		if (r % 2 === 0) {
			ours.push(await measureOurs());
			fetchLoop.push(await measureFetch());
		} else {
			fetchLoop.push(await measureFetch());
			ours.push(await measureOurs());
		}
		log(
			`figure 2: run ${r + 1}/${CONFIG.runs}: ours ${ms(ours[r].execMs)}, ${ours[r].requests} requests, ` +
				`peak RSS ${mb(ours[r].rss.peak)}; fetch loop ${ms(fetchLoop[r].ms)}`,
		);
	}
	return {
		requests: median(ours.map((run) => run.requests)),
		execMs: median(ours.map((run) => run.execMs)),
		clientMs: median(ours.map((run) => run.clientMs)),
		fetchMs: median(fetchLoop.map((run) => run.ms)),
		ratio: median(ours.map((run, i) => run.execMs / fetchLoop[i].ms)),
		peakRss: Math.max(...ours.map((run) => run.rss.peak)),
		peakRssMedian: median(ours.map((run) => run.rss.peak)),
		rssBefore: median(ours.map((run) => run.rss.before)),
		runs: { ours, fetchLoop },
	};
}

/** 2,000 deliveries of `event`, signed with `secret` as the sandbox signs them; fresh delivery ids. */
function makeDeliveries(context, secret, count) {
	const { signatureHeaderValue } = require('../dist/nodes/PaymentPlatformTrigger/signature');
	const {
		WEBHOOK_DELIVERY_HEADERS: H,
	} = require('../dist/nodes/PaymentPlatform/transport/chosenNames');
	const charge = { ...context.sandbox.store.charges.get(context.chargeIds[0]), status: 'captured' };
	const deliveries = [];
	for (let i = 0; i < count; i++) {
		const id = randomUUID();
		const body = JSON.stringify({
			id,
			event: EVENT,
			charge,
			occurred_at: new Date().toISOString(),
		});
		deliveries.push({
			body,
			headers: {
				'content-type': 'application/json',
				[H.signature.toLowerCase()]: signatureHeaderValue(secret, body),
				[H.event.toLowerCase()]: EVENT,
				[H.deliveryId.toLowerCase()]: id,
			},
		});
	}
	return deliveries;
}

/** 3. Trigger throughput: the same signed deliveries to our trigger and to a plain Webhook node. */
async function figureTrigger(context) {
	const { client, credential, instance, sandbox, workDir } = context;
	const ours = await addWorkflow(context, workflows.triggerWorkflow(credential, [EVENT]));
	const webhook = await addWorkflow(context, workflows.plainWebhookWorkflow());
	const endpoints = [...sandbox.store.webhookEndpoints.values()];
	const endpoint = endpoints.find((e) => e.url === `${instance.url}/webhook/${ours.path}`);
	assert.ok(endpoint, `the trigger registered no endpoint (${endpoints.length} in the sandbox)`);
	await waitForWebhook(context, ours);
	await waitForWebhook(context, webhook);

	/** Deliveries sent (and accepted) so far to each workflow, warm-up included: what the executions must add up to. */
	const expected = { ours: 0, webhook: 0 };
	const accepted = { ours: 0, webhook: 0 };
	const pid = instance.process.child.pid;
	const load = async (key, entry, file) => {
		const cpuBefore = cpuMsOf(pid);
		const result = await runNode(
			[
				path.join(__dirname, 'lib', 'loadgen.js'),
				file,
				`${instance.url}/webhook/${entry.path}`,
				String(CONFIG.concurrency),
				String(CONFIG.loadTimeLimitMs),
			],
			'the load generator',
		);
		expected[key] += result.sent;
		accepted[key] += result.accepted;
		// The executions run after the answer: wait until every delivery has one (or nothing changes for 30 s), so
		// that runs do not overlap.
		let last = -1;
		let lastChange = Date.now();
		const deadline = Date.now() + 180_000;
		let counts = { finished: 0, succeeded: 0 };
		while (Date.now() < deadline && Date.now() - lastChange < 30_000) {
			counts = await countExecutions(client, entry.id);
			if (counts.finished >= expected[key]) break;
			if (counts.finished !== last) {
				last = counts.finished;
				lastChange = Date.now();
			}
			await n8n.sleep(500);
		}
		// n8n's CPU time (all its threads) from the first delivery until the last execution has finished.
		result.cpuMsPerDelivery = (cpuMsOf(pid) - cpuBefore) / Math.max(1, result.sent);
		result.executions = counts.finished;
		result.succeeded = counts.succeeded;
		result.expected = expected[key];
		return result;
	};

	// Warm-up with a few deliveries each (not counted in the figures, but counted in the executions).
	const warmFile = path.join(workDir, 'deliveries-warmup.json');
	fs.writeFileSync(warmFile, JSON.stringify(makeDeliveries(context, endpoint.secret, 50)));
	log('figure 3: warm-up');
	await load('ours', ours, warmFile);
	await load('webhook', webhook, warmFile);

	const runs = { ours: [], webhook: [] };
	for (let r = 0; r < CONFIG.triggerRuns; r++) {
		const file = path.join(workDir, `deliveries-${r}.json`);
		fs.writeFileSync(
			file,
			JSON.stringify(makeDeliveries(context, endpoint.secret, CONFIG.deliveries)),
		);
		const order = r % 2 === 0 ? ['ours', 'webhook'] : ['webhook', 'ours'];
		for (const key of order) runs[key].push(await load(key, key === 'ours' ? ours : webhook, file));
		const describe = (run) =>
			`${fixed(run.perSecond, 0)}/s, p50 ${ms(run.latency.p50)}, p99 ${ms(run.latency.p99)}, ` +
			`${run.accepted}/${run.sent} accepted, n8n CPU ${ms(run.cpuMsPerDelivery)}/delivery, ` +
			`executions ${run.executions}/${run.expected}`;
		log(
			`figure 3: run ${r + 1}/${CONFIG.triggerRuns}: ours ${describe(runs.ours[r])}; Webhook ${describe(runs.webhook[r])}`,
		);
		fs.rmSync(file, { force: true });
	}
	const summary = (list) => ({
		perSecond: median(list.map((run) => run.perSecond)),
		p50: median(list.map((run) => run.latency.p50)),
		p99: median(list.map((run) => run.latency.p99)),
		cpuMsPerDelivery: median(list.map((run) => run.cpuMsPerDelivery)),
		accepted: list.reduce((sum, run) => sum + run.accepted, 0),
		sent: list.reduce((sum, run) => sum + run.sent, 0),
		statuses: list.map((run) => run.statuses),
		errors: list.map((run) => run.errors),
	});
	const last = (list) => list[list.length - 1];
	return {
		ours: {
			...summary(runs.ours),
			executions: last(runs.ours).executions,
			succeeded: last(runs.ours).succeeded,
			expected: expected.ours,
			acceptedTotal: accepted.ours,
		},
		webhook: {
			...summary(runs.webhook),
			executions: last(runs.webhook).executions,
			succeeded: last(runs.webhook).succeeded,
			expected: expected.webhook,
			acceptedTotal: accepted.webhook,
		},
		ratio: median(runs.ours.map((run, i) => run.perSecond / runs.webhook[i].perSecond)),
		runs,
	};
}

/** 4. Package cost: cold require of the built files (fresh processes), and the packed tarball. */
async function figurePackage(context) {
	const ourFiles = [
		'dist/credentials/PaymentPlatformApi.credentials.js',
		'dist/nodes/PaymentPlatform/PaymentPlatform.node.js',
		'dist/nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node.js',
	].map((file) => path.join(ROOT, file));
	const httpRequestFile = path.join(
		context.n8nDir,
		'node_modules',
		'n8n-nodes-base',
		'dist',
		'nodes',
		'HttpRequest',
		'HttpRequest.node.js',
	);
	const script = path.join(__dirname, 'lib', 'requireCost.js');
	const ours = [];
	const http = [];
	for (let r = 0; r < CONFIG.requireRuns; r++) {
		ours.push(await runNode([script, ...ourFiles], 'require (ours)'));
		http.push(await runNode([script, httpRequestFile], 'require (HTTP Request)'));
	}
	const { stdout } = await runCommand('npm', ['pack', '--dry-run', '--json', '--silent'], {
		cwd: ROOT,
	});
	const [pack] = JSON.parse(stdout);
	// What the tarball holds besides the node and credential code, the icons and the package's own files.
	const needed = (file) =>
		/^dist\/(nodes|credentials|icons)\//.test(file) ||
		['package.json', 'README.md', 'LICENSE'].includes(file);
	const extras = new Map();
	for (const file of pack.files.filter((f) => !needed(f.path))) {
		const group = file.path.endsWith('.png') ? `${path.dirname(file.path)}/*.png` : file.path;
		const entry = extras.get(group) ?? { files: 0, bytes: 0 };
		entry.files++;
		entry.bytes += file.size;
		extras.set(group, entry);
	}
	return {
		extras: [...extras].map(([group, entry]) => ({ group, ...entry })),
		requireMs: median(ours.map((run) => run.ms)),
		httpRequireMs: median(http.map((run) => run.ms)),
		workflowMs: median(ours.map((run) => run.workflowMs)),
		ratio: median(ours.map((run, i) => run.ms / http[i].ms)),
		tarballBytes: pack.size,
		unpackedBytes: pack.unpackedSize,
		files: pack.entryCount ?? pack.files.length,
	};
}

// ---------------------------------------------------------------------------------------------------------------
// Report

function machine(context) {
	const cpu =
		/model name\s*:\s*(.+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ??
		os.cpus()[0]?.model;
	const n8nVersion = JSON.parse(
		fs.readFileSync(path.join(context.n8nDir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
	).version;
	return {
		cpu,
		cores: os.availableParallelism(),
		memory: `${fixed(os.totalmem() / 1024 ** 3, 1)} GiB`,
		node: process.version,
		n8n: n8nVersion,
		os: `${os.type()} ${os.release()}`,
		loadAtStart: context.loadAtStart,
		otherN8n: context.otherN8n,
	};
}

function render(results, context) {
	const { f1, f2, f3, f4 } = results;
	const rows = [];
	const goal = (text, ok) => `${text}: ${ok ? 'met' : 'MISSED'}`;
	const count = (n) => n.toLocaleString('en-US');
	if (f1) {
		rows.push(
			[
				'1',
				`${count(CONFIG.items)} items Charge → Get: execution wall time`,
				ms(f1.ours.execMs),
				`${ms(f1.http.execMs)} (HTTP Request ${workflows.HTTP_REQUEST_VERSION}, same credential)`,
				ratio(f1.ratio),
				goal('≤ 1.0', f1.ratio <= 1.0),
			],
			[
				'1',
				'… of which the node itself',
				ms(f1.ours.nodeMs),
				ms(f1.http.nodeMs),
				ratio(f1.nodeRatio),
				'',
			],
		);
	}
	if (f2) {
		const pages = CONFIG.charges / CONFIG.perPage;
		rows.push(
			[
				'2',
				`Get Many, Return All, ${count(CONFIG.charges)} charges: wall time`,
				ms(f2.execMs),
				`${ms(f2.fetchMs)} (plain fetch loop over the same ${pages} pages)`,
				ratio(f2.ratio),
				'',
			],
			[
				'2',
				'requests the sandbox received',
				String(f2.requests),
				String(pages),
				'',
				goal(`= ${pages}`, f2.requests === pages),
			],
			[
				'2',
				"n8n's peak RSS during the run",
				`${mb(f2.peakRss)} (idle before: ${mb(f2.rssBefore)})`,
				'',
				'',
				'',
			],
		);
	}
	if (f3) {
		const executions = (side) => `${count(side.executions)} / ${count(side.expected)}`;
		rows.push(
			[
				'3',
				`trigger, ${count(CONFIG.deliveries)} signed deliveries, ${CONFIG.concurrency} connections: accepted/s`,
				`${fixed(f3.ours.perSecond, 1)}/s`,
				`${fixed(f3.webhook.perSecond, 1)}/s (Webhook node, no check)`,
				ratio(f3.ratio),
				goal('≥ 0.9', f3.ratio >= 0.9),
			],
			[
				'3',
				"n8n's CPU time per delivery (all threads, until its execution ended)",
				ms(f3.ours.cpuMsPerDelivery),
				ms(f3.webhook.cpuMsPerDelivery),
				ratio(f3.ours.cpuMsPerDelivery / f3.webhook.cpuMsPerDelivery),
				'',
			],
			[
				'3',
				'latency p50 / p99',
				`${ms(f3.ours.p50)} / ${ms(f3.ours.p99)}`,
				`${ms(f3.webhook.p50)} / ${ms(f3.webhook.p99)}`,
				'',
				'',
			],
			[
				'3',
				'executions afterwards / deliveries (all runs)',
				executions(f3.ours),
				executions(f3.webhook),
				'',
				goal(
					'equal',
					[f3.ours, f3.webhook].every((side) =>
						[side.executions, side.succeeded, side.acceptedTotal].every((n) => n === side.expected),
					),
				),
			],
		);
	}
	if (f4) {
		rows.push(
			[
				'4',
				`cold require of the 3 built files (fresh processes)`,
				ms(f4.requireMs),
				`${ms(f4.httpRequireMs)} (n8n's HTTP Request node file)`,
				ratio(f4.ratio),
				'',
			],
			[
				'4',
				'packed tarball',
				`${kb(f4.tarballBytes)} (${f4.files} files, ${kb(f4.unpackedBytes)} unpacked)`,
				'',
				'',
				'',
			],
		);
	}
	const m = machine(context);
	const notes = [];
	const cut = f3 ? [...f3.runs.ours, ...f3.runs.webhook].filter((run) => run.timedOut) : [];
	if (cut.length > 0) {
		notes.push(
			`Figure 3: ${cut.length} load run(s) stopped at the ${CONFIG.loadTimeLimitMs / 1000} s time limit before all ` +
				`${count(CONFIG.deliveries)} deliveries were sent (sent: ${cut.map((run) => run.sent).join(', ')}).`,
		);
	}
	if (f4?.extras.length) {
		const list = f4.extras.map(
			(e) => `${e.group} (${e.files > 1 ? `${e.files} files, ` : ''}${kb(e.bytes)})`,
		);
		notes.push(
			`The tarball also holds files no node needs at run time: ${list.join(', ')} (sizes unpacked).`,
		);
	}
	return [
		table(
			['#', 'Figure', 'Ours (median)', 'Baseline (median, same run)', 'Ours / baseline', 'Goal'],
			rows,
		),
		'',
		`Medians: figures 1 and 2 of ${CONFIG.runs} runs (after one warm-up each), figure 3 of ${CONFIG.triggerRuns} runs ` +
			`(after 50 warm-up deliveries), figure 4 of ${CONFIG.requireRuns} processes; ours and the baseline alternate. ` +
			`Ratios are medians of the per-run ratios.`,
		...notes,
		`Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, ${m.os}; Node ${m.node}; n8n ${m.n8n} (SQLite, default ` +
			`settings${Object.keys(context.n8nEnv ?? {}).length ? ` except ${JSON.stringify(context.n8nEnv)}` : ''}); ` +
			`other "n8n start" processes at start: ${m.otherN8n}; load average at start ${m.loadAtStart}, ` +
			`at end ${os
				.loadavg()
				.map((n) => n.toFixed(2))
				.join(' ')}.`,
	].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
	stopAllOnSignals((signal) => {
		interrupted = true;
		console.log(`\n${signal}: stopping n8n and the sandbox`);
	});
	fs.mkdirSync(RESULTS_DIR, { recursive: true });
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-'));
	// A signal ends the process without the finally below: the temporary user folder goes anyway.
	process.on('exit', () => {
		if (process.env.BENCH_KEEP !== '1') fs.rmSync(workDir, { recursive: true, force: true });
	});
	const userFolder = path.join(workDir, 'n8n');
	const context = { workDir, userFolder };
	const results = {};
	const started = Date.now();
	let failed = false;
	try {
		const { stdout: ps } = await runCommand('bash', [
			'-c',
			'ps aux | grep -c "[n]8n start" || true',
		]);
		context.otherN8n = Number(ps.trim()) || 0;
		context.n8nEnv = JSON.parse(process.env.BENCH_N8N_ENV || '{}');
		context.loadAtStart = os
			.loadavg()
			.map((n) => n.toFixed(2))
			.join(' ');
		if (context.otherN8n > 0) {
			log(`note: ${context.otherN8n} other "n8n start" process(es) running: figures will be noisy`);
		}
		log('setup: build, n8n');
		await n8n.buildPackage();
		context.n8nDir = await n8n.installN8n();

		if (CONFIG.only.has('4')) {
			log('figure 4: cold require, tarball');
			results.f4 = await figurePackage(context);
		}

		if (['1', '2', '3'].some((f) => CONFIG.only.has(f))) {
			log('setup: sandbox, n8n, owner, credential');
			const { startSandbox } = require('../sandbox');
			context.sandbox = await startSandbox({ port: 0, delivery: { maxAttempts: 1 } });
			const missing = CONFIG.charges - context.sandbox.store.charges.size;
			context.chargeIds = context.sandbox.seedCharges(missing);
			await n8n.installPackage(userFolder);
			const nodeOptions = process.env.BENCH_N8N_NODE_OPTIONS;
			context.instance = await n8n.startN8n({
				n8nDir: context.n8nDir,
				userFolder,
				logLevel: 'warn',
				env: {
					// Figure 3 counts every execution afterwards: none may be pruned meanwhile.
					EXECUTIONS_DATA_PRUNE: 'false',
					...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
					...context.n8nEnv,
				},
			});
			const client = new n8n.N8nClient(context.instance.url);
			await client.ensureOwner();
			await client.createApiKey('bench');
			context.client = client;
			context.credential = await client.createCredential(n8n.sandboxCredential(context.sandbox));
			log(
				`n8n ${context.instance.url} (pid ${context.instance.process.child.pid}), sandbox ${context.sandbox.url}`,
			);

			// Return All first: its peak RSS is then measured on an n8n that has done nothing else yet.
			if (CONFIG.only.has('2')) results.f2 = await figureReturnAll(context);
			if (CONFIG.only.has('1')) results.f1 = await figurePerCall(context);
			if (CONFIG.only.has('3')) results.f3 = await figureTrigger(context);
		}
	} catch (error) {
		failed = true;
		console.error(interrupted ? 'interrupted' : error);
	} finally {
		if (context.instance)
			fs.writeFileSync(path.join(RESULTS_DIR, 'n8n.log'), context.instance.output());
		await context.instance?.stop();
		await context.sandbox?.stop();
		await stopAll();
		if (process.env.BENCH_KEEP === '1') log(`kept ${workDir}`);
		else fs.rmSync(workDir, { recursive: true, force: true });
	}
	if (context.n8nDir && Object.keys(results).length > 0) {
		const text = render(results, context);
		log('');
		log(text);
		log(`\nTotal ${fixed((Date.now() - started) / 1000, 0)} s. Reproduce: npm run bench`);
		fs.writeFileSync(path.join(RESULTS_DIR, 'latest.md'), `${text}\n`);
		fs.writeFileSync(
			path.join(RESULTS_DIR, 'latest.json'),
			`${JSON.stringify({ config: { ...CONFIG, only: [...CONFIG.only] }, machine: machine(context), results }, null, 2)}\n`,
		);
	}
	const f3 = results.f3;
	if (f3) {
		for (const side of [f3.ours, f3.webhook]) {
			const counts = [side.executions, side.succeeded, side.acceptedTotal];
			if (counts.some((n) => n !== side.expected)) failed = true;
		}
	}
	if (results.f2 && results.f2.requests !== CONFIG.charges / CONFIG.perPage) failed = true;
	process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
