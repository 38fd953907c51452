'use strict';
/** The bench's table (goals next to each figure), the machine it ran on, and lab/reports/performance.md around them. */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { CONFIG, GOALS } = require('./config');
const { countsAddUp } = require('./figures/trigger');
const { fixed, kb, mb, ms, ratio, table } = require('../lib/stats');
const { HTTP_REQUEST_VERSION } = require('./lib/workflows');
const { AUTH_FORMS } = require('./lib/authForms');

/** @typedef {import('./lib/authForms').AuthForm} AuthForm */

/**
 * @typedef {import('./lib/context').BenchContext} BenchContext
 * @typedef {object} Results
 * @property {Awaited<ReturnType<typeof import('./figures/perCall').figurePerCall>>} [f1]
 * @property {Partial<Record<import('./lib/authForms').AuthForm, Awaited<ReturnType<typeof import('./figures/perCall').figurePerCall>>>>} [f1forms] figure 1 with other forms of the credential's authenticate
 * @property {Awaited<ReturnType<typeof import('./figures/returnAll').figureReturnAll>>} [f2]
 * @property {Awaited<ReturnType<typeof import('./figures/returnAll').figureReturnAll>>} [f2lazy] the same, n8n restarted with CONFIG.lazyAcquireEnv
 * @property {Awaited<ReturnType<typeof import('./figures/trigger').figureTrigger>>} [f3]
 * @property {Awaited<ReturnType<typeof import('./figures/trigger').figureTrigger>>} [f3lazy]
 * @property {Awaited<ReturnType<typeof import('./figures/packageCost').figurePackage>>} [f4]
 * @property {Awaited<ReturnType<typeof import('./figures/triggerFamilies').figureTriggerFamilies>>} [f3families]
 * @property {Awaited<ReturnType<typeof import('./figures/triggerFamilies').figureTriggerFamilies>>} [f3familiesLazy]
 * @property {Awaited<ReturnType<typeof import('./figures/forgedFlood').figureForgedFlood>>} [f5] the forged flood (opt-in)
 */

/** @param {number} n */
const count = (n) => n.toLocaleString('en-US');
/**
 * @param {string} text
 * @param {boolean} ok
 */
const goal = (text, ok) => `${text}: ${ok ? 'met' : 'MISSED'}`;
/** @param {number} perSecond */
const rate = (perSecond) => `${fixed(perSecond, 1)}/s`;

/** @param {BenchContext} context */
function machine(context) {
	const cpu =
		/model name\s*:\s*(.+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ??
		os.cpus()[0]?.model;
	const n8nPackage = path.join(context.n8nDir ?? '', 'node_modules', 'n8n', 'package.json');
	return {
		cpu,
		cores: os.availableParallelism(),
		memory: `${fixed(os.totalmem() / 1024 ** 3, 1)} GiB`,
		node: process.version,
		n8n: fs.existsSync(n8nPackage)
			? JSON.parse(fs.readFileSync(n8nPackage, 'utf8')).version
			: 'n/a',
		os: `${os.type()} ${os.release()}`,
		loadAtStart: context.loadAtStart,
		loadAtEnd: os
			.loadavg()
			.map((n) => n.toFixed(2))
			.join(' '),
		otherN8n: context.otherN8n,
	};
}

/** @param {NonNullable<Results['f1']>} f1 */
function perCallRows(f1) {
	const batchedGoal = 1 / GOALS.batchedSpeedup;
	return [
		[
			'1',
			`${count(CONFIG.items)} × Charge → Get, one at a time: execution wall time`,
			ms(f1.ours.execMs),
			`${ms(f1.http.execMs)} (HTTP Request ${HTTP_REQUEST_VERSION}, same credential, all items at once)`,
			ratio(f1.ratio),
			goal(`≤ ${GOALS.perCallRatio}`, f1.ratio <= GOALS.perCallRatio),
		],
		[
			'1',
			`${count(CONFIG.items)} × Charge → Get, Options → Batching ${CONFIG.batchSize} per batch`,
			ms(f1.batched.execMs),
			`${ms(f1.http.execMs)} (the same HTTP Request runs)`,
			ratio(1 / f1.batchedSpeedup),
			goal(
				`≥ ${GOALS.batchedSpeedup}× faster (≤ ${ratio(batchedGoal)})`,
				f1.batchedSpeedup >= GOALS.batchedSpeedup,
			),
		],
		[
			'1',
			'… of which the node itself (one at a time / batched)',
			`${ms(f1.ours.nodeMs)} / ${ms(f1.batched.nodeMs)}`,
			ms(f1.http.nodeMs),
			`${ratio(f1.nodeRatio)} / ${ratio(1 / f1.batchedNodeSpeedup)}`,
			'',
		],
		[
			'1',
			'per request, one at a time, over a plain sequential fetch loop',
			`+${ms(f1.overheadMsPerRequest)} per request`,
			`${ms(f1.raw.execMs)} (fetch loop, ${count(CONFIG.items)} GETs)`,
			'',
			'',
		],
		[
			'1',
			"CPU time per request (n8n's, whole execution / the fetch loop's)",
			ms(f1.cpuMsPerRequest),
			`${ms(f1.httpCpuMsPerRequest)} HTTP Request; ${ms(f1.rawCpuMsPerRequest)} fetch loop`,
			ratio(f1.cpuMsPerRequest / f1.httpCpuMsPerRequest),
			'',
		],
	];
}

/**
 * Figure 1 with the credential as shipped against each other form of its `authenticate` (lab/bench/lib/authForms.js),
 * each form on its own n8n restart with its own HTTP Request and fetch loop runs: the figures compared are the
 * ratios within each form's runs.
 * @param {NonNullable<Results['f1']>} f1
 * @param {NonNullable<Results['f1forms']>} forms
 */
function authFormRows(f1, forms) {
	return Object.entries(forms).flatMap(([form, other]) => {
		const label = `credential as shipped / as ${form === 'method' ? 'a method' : 'the generic block'}`;
		const overheadRatio = f1.overheadMsPerRequest / other.overheadMsPerRequest;
		return [
			[
				'1',
				`${label}: per request over the fetch loop, one at a time`,
				`+${ms(f1.overheadMsPerRequest)}`,
				`+${ms(other.overheadMsPerRequest)}`,
				ratio(overheadRatio),
				form === 'method'
					? goal(
							`≤ ${fixed(GOALS.overheadVsFunction, 2)} (within 10%)`,
							overheadRatio <= GOALS.overheadVsFunction,
						)
					: '',
			],
			[
				'1',
				`${label}: one at a time / HTTP Request; 8 per batch / HTTP Request`,
				`${ratio(f1.ratio)}; ${ratio(1 / f1.batchedSpeedup)}`,
				`${ratio(other.ratio)}; ${ratio(1 / other.batchedSpeedup)}`,
				'',
				'',
			],
			[
				'1',
				`${label}: n8n's CPU per request, one at a time; HTTP Request`,
				`${ms(f1.cpuMsPerRequest)}; ${ms(f1.httpCpuMsPerRequest)}`,
				`${ms(other.cpuMsPerRequest)}; ${ms(other.httpCpuMsPerRequest)}`,
				ratio(f1.cpuMsPerRequest / other.cpuMsPerRequest),
				'',
			],
		];
	});
}

/**
 * @param {NonNullable<Results['f2']>} f2
 * @param {string} label
 */
function returnAllRows(f2, label) {
	const pages = CONFIG.charges / CONFIG.perPage;
	const rssLimit = GOALS.rssPerJson * f2.jsonBytes;
	return [
		[
			'2',
			`${label}: Get Many, Return All, ${count(CONFIG.charges)} charges: wall time`,
			ms(f2.execMs),
			`${ms(f2.fetchMs)} (sequential fetch loop over the same ${pages} pages)`,
			ratio(f2.ratio),
			goal(`≤ ${GOALS.returnAllRatio}`, f2.ratio <= GOALS.returnAllRatio),
		],
		[
			'2',
			`${label}: … against what a user builds in n8n without this package`,
			ms(f2.execMs),
			`${ms(f2.handBuiltMs)} (HTTP Request with Pagination → Split Out, same ${pages} requests)`,
			ratio(f2.handBuiltRatio),
			'',
		],
		[
			'2',
			`${label}: CPU time, n8n's during the run / the sandbox's for the 100 pages`,
			ms(f2.cpuMs),
			`${ms(f2.sandboxCpuMs)} (the sandbox answers one request at a time)`,
			'',
			'',
		],
		[
			'2',
			`${label}: requests the sandbox received`,
			String(f2.requests),
			String(pages),
			'',
			goal(`= ${pages}`, f2.requests === pages),
		],
		[
			'2',
			`${label}: n8n's peak RSS growth during a run (later runs / first run on a fresh n8n)`,
			`${mb(f2.rssGrowth)} / ${mb(f2.firstRssGrowth)}`,
			`${mb(f2.jsonBytes)} JSON received (the fetch loop holding the items: ${mb(f2.fetchRssGrowth)})`,
			`${ratio(f2.rssGrowth / f2.jsonBytes)} / ${ratio(f2.firstRssGrowth / f2.jsonBytes)}`,
			goal(`≤ ${GOALS.rssPerJson}× JSON (later runs)`, f2.rssGrowth <= rssLimit),
		],
		[
			'2',
			`${label}: … against the hand-built workflow's (later runs)`,
			mb(f2.rssGrowth),
			`${mb(f2.handBuiltRssGrowth)} (HTTP Request with Pagination → Split Out)`,
			ratio(f2.handBuiltRssRatio),
			'',
		],
		[
			'2',
			`${label}: the JS heap ${count(CONFIG.charges)} parsed charges hold after a full collection (the fetch loop's process)`,
			'',
			mb(f2.fetchHeapRetained),
			`${ratio(f2.fetchHeapRetained / f2.jsonBytes)} × JSON`,
			'',
		],
	];
}

/** The signature families' names as the rows say them. */
const FAMILY_TITLES = {
	'raw-body': 'raw body',
	timestamped: 't=/v1=',
	'timestamp-header': 'timestamp in its own header',
	'standard-webhooks': 'Standard Webhooks',
};

/**
 * Figure 3's signature-family dimension: each family's accepted/s under Automatic against raw body in the same run.
 * @param {NonNullable<Results['f3families']>} f
 * @param {string} label
 */
function triggerFamilyRows(f, label) {
	const [raw, ...others] = f.families;
	return others.map((side) => [
		'3',
		`${label}: signed ${FAMILY_TITLES[side.family]}, Signature Scheme Automatic (${count(f.deliveries)} deliveries): accepted/s`,
		rate(side.perSecond),
		`${rate(raw.perSecond)} (signed raw body, Automatic, same run)`,
		ratio(side.ratio),
		goal(
			'all accepted',
			f.families.every((s) => s.accepted === s.expected),
		),
	]);
}

/**
 * @param {NonNullable<Results['f3']>} f3
 * @param {string} label
 */
function triggerRows(f3, label) {
	const executions = (/** @type {{ executions: number, expected: number }} */ side) =>
		`${count(side.executions)} / ${count(side.expected)}`;
	return [
		[
			'3',
			`${label}: trigger, ${count(CONFIG.deliveries)} signed deliveries, ${CONFIG.concurrency} connections: accepted/s`,
			rate(f3.ours.perSecond),
			`${rate(f3.handBuilt.perSecond)} (hand-built: Webhook raw body → Crypto HMAC → IF)`,
			ratio(f3.ratioHandBuilt),
			goal(`≥ ${fixed(GOALS.triggerRatio, 1)}`, f3.ratioHandBuilt >= GOALS.triggerRatio),
		],
		[
			'3',
			`${label}: … against the ceiling`,
			rate(f3.ours.perSecond),
			`${rate(f3.plain.perSecond)} (plain Webhook node, no check)`,
			ratio(f3.ratioPlain),
			'',
		],
		[
			'3',
			`${label}: … against the same plain Webhook with one expression parameter (control)`,
			rate(f3.ours.perSecond),
			`${rate(f3.plainExpression.perSecond)} (plain Webhook, \`rawBody: ={{ false }}\`)`,
			ratio(f3.ratioPlainExpression),
			'',
		],
		[
			'3',
			`${label}: deliveries/s until the last execution ended`,
			rate(f3.ours.processedPerSecond),
			`${rate(f3.handBuilt.processedPerSecond)} hand-built, ${rate(f3.plain.processedPerSecond)} plain`,
			ratio(f3.processedRatioHandBuilt),
			'',
		],
		[
			'3',
			`${label}: n8n's CPU time per delivery (all threads)`,
			ms(f3.ours.cpuMsPerDelivery),
			`${ms(f3.handBuilt.cpuMsPerDelivery)} hand-built, ${ms(f3.plain.cpuMsPerDelivery)} plain, ` +
				`${ms(f3.plainExpression.cpuMsPerDelivery)} plain with one expression`,
			ratio(f3.ours.cpuMsPerDelivery / f3.handBuilt.cpuMsPerDelivery),
			'',
		],
		[
			'3',
			`${label}: latency p50 / p99`,
			`${ms(f3.ours.p50)} / ${ms(f3.ours.p99)}`,
			`${ms(f3.handBuilt.p50)} / ${ms(f3.handBuilt.p99)} hand-built`,
			'',
			'',
		],
		[
			'3',
			`${label}: our trigger, When Received → After the Workflow Succeeds: accepted/s; latency p50 / p99`,
			`${rate(f3.ours.perSecond)}; ${ms(f3.ours.p50)} / ${ms(f3.ours.p99)}`,
			`${rate(f3.oursAfterRun.perSecond)}; ${ms(f3.oursAfterRun.p50)} / ${ms(f3.oursAfterRun.p99)} after the workflow succeeds`,
			ratio(f3.oursAfterRun.perSecond / f3.ours.perSecond),
			'',
		],
		[
			'3',
			`${label}: executions afterwards / deliveries (all runs; ours; ours after the run, hand-built, plain, plain with one expression)`,
			executions(f3.ours),
			`${executions(f3.oursAfterRun)}, ${executions(f3.handBuilt)}, ${executions(f3.plain)}, ${executions(f3.plainExpression)}`,
			'',
			goal('equal', countsAddUp(f3)),
		],
	];
}

/** @param {NonNullable<Results['f4']>} f4 */
function packageRows(f4) {
	return [
		[
			'4',
			'cold require of the 3 built files (fresh processes)',
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
	];
}

/**
 * The table and the notes under it, as printed and as written into lab/reports/performance.md.
 * @param {Results} results
 * @param {BenchContext} context
 */
function render(results, context) {
	const { f1, f1forms, f2, f2lazy, f3, f3lazy, f4 } = results;
	const lazyLabel = `lazy acquire`;
	const rows = [
		...(f1 ? perCallRows(f1) : []),
		...(f1 && f1forms ? authFormRows(f1, f1forms) : []),
		...(f2 ? returnAllRows(f2, 'default') : []),
		...(f2lazy ? returnAllRows(f2lazy, lazyLabel) : []),
		...(f3 ? triggerRows(f3, 'default') : []),
		...(results.f3families ? triggerFamilyRows(results.f3families, 'default') : []),
		...(f3lazy ? triggerRows(f3lazy, lazyLabel) : []),
		...(results.f3familiesLazy ? triggerFamilyRows(results.f3familiesLazy, lazyLabel) : []),
		...(f4 ? packageRows(f4) : []),
	];
	const m = machine(context);
	const notes = [];
	if (f1forms) {
		const taken = Object.keys(f1forms)
			.map((form) => `as ${AUTH_FORMS[/** @type {AuthForm} */ (form)].label}`)
			.join('; ');
		notes.push(
			`Figure 1 by the credential's \`authenticate\`: as shipped, then ${taken}; each form on n8n restarted ` +
				`with the package's credential file wrapped to that form (lab/bench/lib/authForms.js), right after the ` +
				`shipped form's runs, with its own HTTP Request node and fetch loop runs (the HTTP Request node uses ` +
				`the same credential, so its figures move with the form too).`,
		);
	}
	if (f3 && f3lazy) {
		notes.push(
			`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true (n8n restarted with it, same workflows): our trigger ` +
				`${rate(f3.ours.perSecond)} → ${rate(f3lazy.ours.perSecond)} accepted/s (×${ratio(f3lazy.ours.perSecond / f3.ours.perSecond)}), ` +
				`n8n CPU ${ms(f3.ours.cpuMsPerDelivery)} → ${ms(f3lazy.ours.cpuMsPerDelivery)} per delivery; hand-built ` +
				`${rate(f3.handBuilt.perSecond)} → ${rate(f3lazy.handBuilt.perSecond)}; plain Webhook ` +
				`${rate(f3.plain.perSecond)} → ${rate(f3lazy.plain.perSecond)}; plain Webhook with one expression ` +
				`${rate(f3.plainExpression.perSecond)} → ${rate(f3lazy.plainExpression.perSecond)}.`,
		);
	}
	const cut = [f3, f3lazy].flatMap((f) =>
		f
			? [f.ours, f.oursAfterRun, f.handBuilt, f.plain, f.plainExpression].flatMap(
					(side) => side.timedOut,
				)
			: [],
	);
	if (cut.length > 0) {
		notes.push(
			`Figure 3: ${cut.length} load run(s) stopped at the ${CONFIG.loadTimeLimitMs / 1000} s limit (sent: ${cut.join(', ')}).`,
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
	const extraEnv = Object.keys(CONFIG.n8nEnv).length
		? ` except ${JSON.stringify(CONFIG.n8nEnv)}`
		: '';
	return [
		table(
			['#', 'Figure', 'Ours (median)', 'Baseline (median, same run)', 'Ours / baseline', 'Goal'],
			rows,
		),
		'',
		`Medians: figures 1 and 2 of ${CONFIG.runs} runs (after one warm-up each), figure 3 of ${CONFIG.triggerRuns} run(s) ` +
			`per setting (after ${CONFIG.warmUpDeliveries} warm-up deliveries each), figure 4 of ${CONFIG.requireRuns} processes; ` +
			`ours and the baselines alternate, each run starting with another side. Ratios are medians of the per-run ratios` +
			`${CONFIG.quick ? '. QUICK MODE (BENCH_QUICK=1): fewer runs and deliveries, not figures to publish' : ''}.`,
		...notes,
		'',
		`Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, ${m.os}; Node ${m.node}; n8n ${m.n8n} (SQLite, default ` +
			`settings${extraEnv}, execution pruning off; figures 2 and 3 also after a restart with ` +
			`${JSON.stringify(CONFIG.lazyAcquireEnv)}). Conditions: n8n, the sandbox, the bench and its load generator ` +
			`share the machine (anything else running shows in the load averages below): the figures vary from run to ` +
			`run, the ratios of alternating runs less; other "n8n start" processes at start: ` +
			`${m.otherN8n}; load average at start ` +
			`${m.loadAtStart}, at end ${m.loadAtEnd}. Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}.`,
	].join('\n');
}

/**
 * Figure 3's signature-family rows alone, as a Markdown table with its conditions (for a run of figure 3 only).
 * @param {Results} results
 * @param {BenchContext} context
 */
function renderFamilies(results, context) {
	const rows = [
		...(results.f3families ? triggerFamilyRows(results.f3families, 'default') : []),
		...(results.f3familiesLazy ? triggerFamilyRows(results.f3familiesLazy, 'lazy acquire') : []),
	];
	const m = machine(context);
	return [
		table(
			['#', 'Figure', 'Ours (median)', 'Baseline (median, same run)', 'Ours / baseline', 'Goal'],
			rows,
		),
		'',
		`Taken by \`BENCH_ONLY=3 npm run bench\` (figure 3 alone) on ${new Date().toISOString().slice(0, 10)}: medians of ` +
			`${CONFIG.triggerRuns} alternating run(s) per setting; n8n ${m.n8n}, ${m.cores} cores shared with other work ` +
			`(load average at start ${m.loadAtStart}, at end ${m.loadAtEnd}): noisy, compare the ratios` +
			`${CONFIG.quick ? `. QUICK MODE (BENCH_QUICK=1): ${CONFIG.triggerRuns} run, fewer deliveries` : ''}.`,
	].join('\n');
}

module.exports = { machine, render, renderFamilies };
