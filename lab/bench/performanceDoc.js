'use strict';
/**
 * The performance report (lab/reports/performance.md, see lab/lib/results.js), written by `npm run bench` around
 * the table of its last full run, so that no figure in it is copied by hand. The prose explains how each figure is taken and what the profile found; the numbers come from the
 * run.
 */
const { CONFIG } = require('./config');
const { fixed, ms } = require('../lib/stats');
const { replaceGeneratedBlock } = require('../../scripts/lib/generatedBlock');
const { readReport, writeReport, writeSummaryBlock } = require('../lib/results');
const { REPOSITORY } = require('../../scripts/lib/packageInfo');

const DOC = 'performance.md';

/** The block of the report that keeps the last figure-1-only runs (`BENCH_ONLY=1`) across full runs. */
const FIGURE_ONE_BLOCK = 'figure-1-runs';
const FIGURE_ONE_RUNS_KEPT = 3;
const RUN_HEADING = '### Figure 1 alone, ';

/** The figure-1-only runs the report holds now, newest first (empty when it has none). */
function figureOneRuns() {
	const text = readReport(DOC) ?? '';
	const block = new RegExp(
		`<!-- ${FIGURE_ONE_BLOCK}:start[^>]*-->([\\s\\S]*?)<!-- ${FIGURE_ONE_BLOCK}:end -->`,
	).exec(text);
	if (!block) return [];
	return block[1]
		.split(RUN_HEADING)
		.slice(1)
		.map((run) => `${RUN_HEADING}${run.trim()}`);
}

/** @param {string[]} runs */
const runsText = (runs) => runs.join('\n\n') || '(none yet)';

/** @param {string[]} runs */
function figureOneSection(runs) {
	return [
		'## Figure 1 alone, by credential form',
		'',
		'Figure 1 taken on its own (`BENCH_ONLY=1 npm run bench`), the credential as shipped and in its other forms, each',
		`form after a restart of n8n (see "How each figure is taken"). The last ${FIGURE_ONE_RUNS_KEPT} such runs, newest first;`,
		"a full run keeps them. Wall times follow the load of the machine at the time (each run's last line gives the load",
		"averages and the other n8n running); n8n's CPU time per request is the steadier figure.",
		'',
		`<!-- ${FIGURE_ONE_BLOCK}:start (written by npm run bench with BENCH_ONLY=1) -->`,
		runsText(runs),
		`<!-- ${FIGURE_ONE_BLOCK}:end -->`,
	].join('\n');
}

/**
 * Adds a figure-1-only run (its rendered table and notes) to the report, keeping the last few.
 * @param {string} table
 */
function writeFigureOneRun(table) {
	const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
	const how = `\`BENCH_ONLY=1 BENCH_AUTH_FORMS=${CONFIG.authForms.join(',') || 'none'} npm run bench\``;
	const runs = [`${RUN_HEADING}${date}, ${how}\n\n${table.trim()}`, ...figureOneRuns()].slice(
		0,
		FIGURE_ONE_RUNS_KEPT,
	);
	const text = readReport(DOC) ?? '# Performance\n';
	return writeReport(
		DOC,
		replaceGeneratedBlock(text, FIGURE_ONE_BLOCK, runsText(runs)) ??
			`${text.trimEnd()}\n\n${figureOneSection(runs)}\n`,
	);
}

const METHOD = `## How each figure is taken

Every measured run in n8n starts once n8n uses under a tenth of a core: n8n keeps working after it answers (saving
the execution, collecting garbage), and a run started then would share the cores with that tail. Figure 2's runs
also start from a collected heap: the bench loads \`lab/bench/lib/gcProbe.js\` into n8n (\`--expose-gc\`; SIGUSR2 runs a
full collection) and sends it first, so that the RSS growth and any major collection during a run are that run's
own, not the garbage of the run before. Figure 1's runs do not: after a full collection V8 shrinks its heap, and the
1,000-item runs would pay for growing it again, which a long-running n8n does not.

1. Webhook → Split Out (${CONFIG.items.toLocaleString('en-US')} charge ids) → the node under test: Payment Platform Charge → Get one item
   at a time, the same with Options → Batching (${CONFIG.batchSize} per batch, no interval), and n8n's HTTP Request
   node (\`predefinedCredentialType\`, credential \`paymentPlatformApi\`; it sends all items at once). Wall time is the
   execution's \`stoppedAt − startedAt\`; the sandbox must have received ${CONFIG.items.toLocaleString('en-US')} GETs each time. The per-request
   figure is (our node's own time − a plain sequential \`fetch\` loop over the same GETs, \`lab/bench/lib/fetchCharges.js\`)
   / ${CONFIG.items.toLocaleString('en-US')}.
   The same figure is then taken with each other form of the credential's \`authenticate\`
   (\`lab/bench/lib/authForms.js\`, \`BENCH_AUTH_FORMS\`, default \`generic\`). The credential ships a function field,
   which n8n's server calls on every request and its loader serves to the editor as \`{}\` (so the HTTP Request node
   lists it); "the generic Basic block" is the form the credential had before it shipped the function field, whose
   two \`$credentials\` expressions n8n evaluates on every request; "a method" (\`BENCH_AUTH_FORMS=method,generic\`) is
   the form before that one, the same function on the class's prototype, which the loader does not serve. For each form the bench wraps the
   installed credential file, restarts n8n and takes figure 1 with all four sides again; its rows compare the ratios
   within each form's own runs. \`test/authCost.test.ts\` pins the count behind it: no expression and no credential
   read per request.
2. The sandbox holds exactly 10,000 charges; Charge → Get Many with Return All must make exactly 100 requests
   (perPage 100) and output 10,000 items. Baselines: \`lab/bench/lib/fetchPages.js\`, a \`fetch\` loop over the same pages,
   one after the other, in a separate Node process (it also weighs the JSON received, and the heap its parsed charges
   hold after a full collection); and what a user builds in n8n without this package: the HTTP Request node with
   its Pagination option (page \`{{ $pageCount + 1 }}\`, 100 per page, complete when the answer's page is its last)
   → Split Out of each page's \`data\`, same credential, same 100 requests. RSS is n8n's main process
   (\`/proc/<pid>/status\`), sampled every 20 ms; growth is the peak during a run minus the value right before it.
   Taken again after the restart with \`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\` (see 3).
3. \`lab/bench/lib/loadgen.js\` POSTs deliveries signed like the sandbox signs them, over ${CONFIG.concurrency} keep-alive connections to
   127.0.0.1. The same deliveries go to our trigger, to the check a user builds by hand (Webhook with Raw Body →
   Crypto HMAC-SHA256 with the endpoint secret → IF signature header equals \`sha256=\` + HMAC), to a plain Webhook
   node (no check, the ceiling) and, as a control, to the same plain Webhook with one option written as an expression
   (\`rawBody: ={{ false }}\`, its default value); each workflow ends in the same NoOp, and the bench checks that the
   last execution of each reached it. After each run the bench waits until every delivery has its execution and
   counts them in n8n's execution list. Then n8n is restarted with \`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\` and
   figures 2 and 3 are taken again.
4. \`require\` of the credential and both node files in fresh Node processes, with n8n-workflow already loaded (as it
   is inside n8n); baseline: n8n's own HTTP Request node file. Tarball: \`npm pack --dry-run\`.`;

const PROFILE = `## What the trigger makes n8n do (profile)

Profiled with \`BENCH_N8N_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=…"\` on figure 3 (n8n 2.41.1). In n8n 2.x expressions
run in an isolated VM (\`N8N_EXPRESSION_ENGINE=vm\`, a pool of one isolate by default), and n8n takes an isolate from
the pool and gives it back around work that might evaluate an expression; the pool builds a new isolate for each one
taken:

- every execution, whatever its nodes (\`WorkflowExecute.initializeExecution\`): every workflow pays this alike;
- the webhook phase, before the start node's \`webhook()\` runs, unless \`LiveWebhooks.webhookPhaseNeedsIsolate\` lets
  it skip: it does only when the start node is n8n's own \`n8n-nodes-base.webhook\` (version > 1, static
  parameters). Any community trigger, ours included, pays a second isolate per delivery. This is a check on the
  node's type: nothing in how the trigger reads its parameters, its static data or the answer it builds changes it.

The control row of figure 3 shows it without our code: the same plain Webhook node, given one parameter written as
an expression, loses the skip and falls to our trigger's rate and CPU per delivery. Nothing else showed up: n8n
writes no static data per delivery (\`saveStaticData\` 0 ms; the duplicate window lives in memory, see
\`deliveryWindow.ts\`), the trigger reads no credential per delivery, and its own \`webhook()\` (signature check
included) is a small share next to the isolate work. With \`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\`, n8n acquires
an isolate only when an expression is actually evaluated: our trigger and the plain Webhook workflow then need none,
while the hand-built check still needs one for its IF. The measured effect is in the note under the table; it is
what the README's performance tip recommends for webhook-heavy instances.

## What Return All makes n8n do (profile)

\`node lab/bench/profileShare.js <profile>\` splits n8n's main-thread time while the node runs (a CPU profile of figure 2,
taken as above). On 2026-11-23 (n8n 2.41.1, 13 runs over both settings) the main thread was busy for nearly the
whole run: about two thirds in n8n's request stack, which \`httpRequestWithAuthentication\` goes through for every
page (a new HTTP agent and TCP connection per request, proxy resolution, axios), a sixth in this package, and the
rest in garbage collection and the rest of n8n. Of this package's sixth, more than four fifths is \`JSON.parse\` of the
pages, which any client does; the pagination, the retries and the checks are the remaining few percent.

## The goals, and what bounds them

- **Batching 8 per batch at least 4× faster than the HTTP Request node.** Both sides are CPU-bound in n8n's main
  thread, and each item's \`{{ $json.chargeId }}\` is evaluated in n8n's expression isolate on both: in a profile of
  the batched runs (\`lab/bench/profileShare.js\`, 2026-11-23) that evaluation took close to half of the main thread's
  time, n8n's request stack most of the rest, and this package's own code a few percent: what is left to gain is
  n8n's. Before the bench waited for n8n to finish the run before (saving 1,000 items), it measured above 4×; with
  that wait both sides got faster, the HTTP Request node more, likely because its longer runs had overlapped more of
  that saving, and the ratio is below 4.
- **Return All in at most half the fetch loop's time.** Four pages in flight keep n8n's main thread busy from the
  first page to the last, and most of that time is n8n's request stack (see the profile above), which a node must use
  (\`httpRequestWithAuthentication\`, n8n's verification rules). Were this package's whole share gone, \`JSON.parse\`
  included, the main thread would still be busy for about five sixths of the run: n8n's request stack alone sets the
  floor near the goal. The second row of figure 2 compares Return All with what a user builds in n8n for the same
  100 requests.
- **Peak RSS growth at most twice the JSON received.** The 10,000 parsed charges alone hold about twice the JSON in
  a V8 heap (the fetch loop's figure after a full collection), before the answers' text and buffers, the items'
  wrappers, and n8n saving the execution; a plain Node loop that keeps the parsed charges grows by several times
  that. The RSS rows of figure 2 also compare Return All with the workflow a user builds with the HTTP Request
  node.
- **Trigger at least as fast as the hand-built check, with n8n's default settings.** n8n builds two isolates per
  delivery for any start node that is not its own static Webhook node, and one for the hand-built check (see the
  profile above and the control row). The lazy-acquire rows of figure 3 give the trigger against the hand-built
  check with the setting the README recommends.`;

/**
 * Writes the report around `table` (the rendered figures and notes).
 * @param {string} table
 */
function writePerformanceDoc(table) {
	const text = [
		'# Performance',
		'',
		'Written by `npm run bench` (`lab/bench/run.js`; about 15 minutes, not part of the tests) from its last run: the',
		'alternatives a user has, measured side by side against the sandbox and a real n8n with this package installed as',
		'a community node. Figures are medians with ours and the baseline alternating in one run; each ratio is ours /',
		'baseline within the same run.',
		'',
		table,
		'',
		METHOD,
		'',
		PROFILE,
		'',
		figureOneSection(figureOneRuns()),
		'',
	].join('\n');
	return writeReport(DOC, text);
}

/**
 * The README's performance tip, with the effect of the setting as the last full run measured it (block
 * `performance-tip`). Returns false when the run has no figure 3 to take it from.
 * @param {import('./report').Results} results
 */
function writeReadmeTip(results) {
	const { f1, f3, f3lazy } = results;
	if (!f3 || !f3lazy) return false;
	const date = new Date().toISOString().slice(0, 10);
	const tips = [];
	if (f1) {
		tips.push(
			`- **Many reads**: give Get and the other read operations **Options → Batching**. Our last bench (${date}): ` +
				`${CONFIG.items.toLocaleString('en-US')} × Charge → Get, ${CONFIG.batchSize} per batch, ${fixed(f1.batchedSpeedup, 1)}× as fast as n8n's HTTP Request node with ` +
				`the same credential; one at a time, ${ms(f1.overheadMsPerRequest)} per request over a plain \`fetch\` loop.`,
		);
	}
	tips.push(
		`- **Busy webhooks**: start n8n with \`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\`. Our last bench (${date}): ` +
			`the trigger took ${fixed(f3lazy.ours.perSecond / f3.ours.perSecond, 1)}× as many deliveries per second, ` +
			`n8n's CPU per delivery ${ms(f3.ours.cpuMsPerDelivery)} → ${ms(f3lazy.ours.cpuMsPerDelivery)} ` +
			`([lab/reports/performance.md](${REPOSITORY.page('lab/reports/performance.md')})).`,
	);
	writeSummaryBlock('README.md', 'performance-tip', tips.join('\n'));
	return true;
}

/**
 * Figure 3's signature-family rows after a run of figure 3 alone (a full run has them in its table): the block
 * `trigger-signature-families` of the report. False when the report has no such block.
 * @param {string} markdown
 */
function writeFamiliesBlock(markdown) {
	const text = replaceGeneratedBlock(readReport(DOC) ?? '', 'trigger-signature-families', markdown);
	if (text === undefined) return false;
	writeReport(DOC, text);
	return true;
}

module.exports = { writeFamiliesBlock, writeFigureOneRun, writePerformanceDoc, writeReadmeTip };
