'use strict';
/** The bench table's rows, one function per figure: ours, the baseline, their ratio and the goal next to it. */
const { CONFIG, GOALS } = require('./config');
const { countsAddUp } = require('./figures/trigger');
const { fixed, kb, mb, ms, ratio } = require('../lib/stats');
const { HTTP_REQUEST_VERSION } = require('./lib/workflows');
const { familyTitle } = require('../lib/signatureFamilies');

/** @typedef {import('./report').Results} Results */

/** @param {number} n */
const count = (n) => n.toLocaleString('en-US');
/**
 * @param {string} text
 * @param {boolean} ok
 */
const goal = (text, ok) => `${text}: ${ok ? 'met' : 'MISSED'}`;
/** @param {number} perSecond */
const rate = (perSecond) => `${fixed(perSecond, 1)}/s`;

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

/**
 * Figure 3's signature-family dimension: each family's accepted/s under Automatic against raw body in the same run.
 * @param {NonNullable<Results['f3families']>} f
 * @param {string} label
 */
function triggerFamilyRows(f, label) {
	const [raw, ...others] = f.families;
	return others.map((side) => [
		'3',
		`${label}: signed ${familyTitle(side.family)}, Signature Scheme Automatic (${count(f.deliveries)} deliveries): accepted/s`,
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

/** The table's columns. */
const COLUMNS = [
	'#',
	'Figure',
	'Ours (median)',
	'Baseline (median, same run)',
	'Ours / baseline',
	'Goal',
];

const LAZY = 'lazy acquire';

/**
 * Figure 3's signature-family rows (default, then lazy acquire).
 * @param {Results} results
 */
const familyRows = ({ f3families, f3familiesLazy }) => [
	...(f3families ? triggerFamilyRows(f3families, 'default') : []),
	...(f3familiesLazy ? triggerFamilyRows(f3familiesLazy, LAZY) : []),
];

/**
 * Every row of the figures taken, in the table's order.
 * @param {Results} results
 */
function figureRows(results) {
	const { f1, f1forms, f2, f2lazy, f3, f3lazy, f4 } = results;
	return [
		...(f1 ? perCallRows(f1) : []),
		...(f1 && f1forms ? authFormRows(f1, f1forms) : []),
		...(f2 ? returnAllRows(f2, 'default') : []),
		...(f2lazy ? returnAllRows(f2lazy, LAZY) : []),
		...(f3 ? triggerRows(f3, 'default') : []),
		...(results.f3families ? triggerFamilyRows(results.f3families, 'default') : []),
		...(f3lazy ? triggerRows(f3lazy, LAZY) : []),
		...(results.f3familiesLazy ? triggerFamilyRows(results.f3familiesLazy, LAZY) : []),
		...(f4 ? packageRows(f4) : []),
	];
}

module.exports = { COLUMNS, familyRows, figureRows, rate };
