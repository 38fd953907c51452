'use strict';
/**
 * The bench's settings, from the environment (all optional):
 *   BENCH_QUICK=1        fewer runs and deliveries (a check that everything works, not figures to publish)
 *   BENCH_RUNS           runs per figure for 1 and 2 (default 5; quick 2)
 *   BENCH_TRIGGER_RUNS   runs of figure 3 per n8n setting (default 3; quick 1)
 *   BENCH_ITEMS          items of figure 1 (default 1000)
 *   BENCH_DELIVERIES     deliveries per load run of figure 3 (default 1000; quick 200)
 *   BENCH_CONCURRENCY    load generator connections (default 10)
 *   BENCH_ONLY           comma list of figures, e.g. "1,3" (default 1,2,3,4; 5, the forged flood, only when named)
 *   BENCH_FLOOD_CONNECTIONS  figure 5's forging connections (default: BENCH_CONCURRENCY)
 *   BENCH_AUTH_FORMS     the credential forms figure 1 is taken again with, each after a restart of n8n (default
 *                        "generic"; "method,generic" adds the form before issue 24; "none": the shipped form only;
 *                        see lab/bench/lib/authForms.js)
 *   BENCH_N8N_NODE_OPTIONS  e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile n8n
 *   BENCH_N8N_ENV        JSON object of extra n8n environment variables for every figure
 *   BENCH_NO_DOC=1       do not rewrite the performance report (lab/reports/performance.md) (the table still goes to lab/results/bench/)
 *   BENCH_KEEP=1         keep the temporary user folder
 */

/**
 * @param {string} name
 * @param {number} fallback
 */
const int = (name, fallback) => {
	const value = Number(process.env[name]);
	return Number.isInteger(value) && value > 0 ? value : fallback;
};
const quick = process.env.BENCH_QUICK === '1';

const CONFIG = {
	quick,
	runs: int('BENCH_RUNS', quick ? 2 : 5),
	triggerRuns: int('BENCH_TRIGGER_RUNS', quick ? 1 : 3),
	items: int('BENCH_ITEMS', 1000),
	/** Items per batch of figure 1's batched run (Options → Batching, no interval). */
	batchSize: 8,
	charges: 10_000,
	perPage: 100,
	deliveries: int('BENCH_DELIVERIES', quick ? 200 : 1000),
	warmUpDeliveries: 50,
	concurrency: int('BENCH_CONCURRENCY', 10),
	/** Per load run of figure 3 (the load generator stops there even if not every delivery was sent). */
	loadTimeLimitMs: 120_000,
	requireRuns: quick ? 5 : 20,
	only: new Set((process.env.BENCH_ONLY ?? '1,2,3,4').split(',').map((s) => s.trim())),
	authForms: /** @type {Array<'method' | 'generic'>} */ (
		(process.env.BENCH_AUTH_FORMS ?? 'generic')
			.split(',')
			.map((s) => s.trim())
			.filter((s) => s === 'method' || s === 'generic')
	),
	/** The n8n setting figure 3 is measured with a second time (n8n restarted with it). */
	lazyAcquireEnv: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
	/** @type {Record<string, string>} */
	n8nEnv: JSON.parse(process.env.BENCH_N8N_ENV || '{}'),
	writeDoc: process.env.BENCH_NO_DOC !== '1',
	keep: process.env.BENCH_KEEP === '1',
};

/** The goals the issue set, printed next to each figure. */
const GOALS = {
	/** Figure 1: Charge → Get 8 per batch at least this many times faster than the HTTP Request node. */
	batchedSpeedup: 4,
	/** Figure 1: Charge → Get one at a time in at most this share of the HTTP Request node's time. */
	perCallRatio: 0.5,
	/** Figure 1: our time per request over the fetch loop at most this many times the method form's (before issue 24). */
	overheadVsFunction: 1.1,
	/** Figure 2: Return All in at most this share of the sequential fetch loop's time. */
	returnAllRatio: 0.5,
	/** Figure 2: n8n's peak RSS growth at most this many times the JSON received. */
	rssPerJson: 2,
	/** Figure 3: our trigger at least this share of the hand-built check's deliveries per second. */
	triggerRatio: 1.0,
};

module.exports = { CONFIG, GOALS };
