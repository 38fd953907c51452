'use strict';
/**
 * docs/performance.md, written by `npm run bench` around the table of its last full run, so that no figure in it is
 * copied by hand. The prose explains how each figure is taken and what the profile found; the numbers come from the
 * run.
 */
const fs = require('fs');
const path = require('path');
const { CONFIG } = require('./config');

const DOC = path.join(__dirname, '..', 'docs', 'performance.md');

/** The two features' paragraphs for users (the README's performance tips take them from here). */
const USER_TIPS = `## For users

**Options → Batching (read operations).** Every operation that only reads (Get, Get Many, Get Statement, Get Fee,
Get Summary) has Options → Batching, with the names and defaults of n8n's HTTP Request node: *Items per Batch* input
items are requested at the same time, and the next batch starts *Batch Interval (ms)* after the whole batch has its
answers. Output order and pairing stay as without batching; with Continue On Fail each failed item becomes an error
item in its place; without it, the node stops at the first failed item of the batch and sends no further batch. A
429 from the API holds every request of the run for the wait it asks for. Operations that create, change or delete
(POST, PATCH, DELETE) do not offer it and always send one request at a time. Without Batching, one item after the
other, as before.

**Return All reads pages in parallel.** Get Many with Return All asks for pages of 100. Once the first page has
told how many pages there are, the others are fetched four at a time (\`PAGE_CONCURRENCY\` in
\`nodes/PaymentPlatform/transport/pagination.ts\`) and output in page order: a list of N records takes exactly
⌈N/100⌉ requests, and a Limit asks for no more pages than it needs. Each page is retried like any other read; if
the API answers a different page than the one asked for, the node stops with an error instead of outputting the same
records twice, and if the records do not match a Status or Payment Method filter, the node says so in an execution
hint.

**Webhook throughput.** Start n8n with \`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\` if the trigger receives many
deliveries: see the measured effect under figure 3 below.`;

const METHOD = `## How each figure is taken

1. Webhook → Split Out (${CONFIG.items.toLocaleString('en-US')} charge ids) → the node under test: Payment Platform Charge → Get one item
   at a time, the same with Options → Batching (${CONFIG.batchSize} per batch, no interval), and n8n's HTTP Request
   node (\`predefinedCredentialType\`, credential \`paymentPlatformApi\`; it sends all items at once). Wall time is the
   execution's \`stoppedAt − startedAt\`; the sandbox must have received ${CONFIG.items.toLocaleString('en-US')} GETs each time. The per-request
   figure is (our node's own time − a plain sequential \`fetch\` loop over the same GETs, \`bench/lib/fetchCharges.js\`)
   / ${CONFIG.items.toLocaleString('en-US')}.
2. The sandbox holds exactly 10,000 charges; Charge → Get Many with Return All must make exactly 100 requests
   (perPage 100) and output 10,000 items. Baseline: \`bench/lib/fetchPages.js\`, a \`fetch\` loop over the same pages,
   one after the other, in a separate Node process; it also weighs the JSON received. RSS is n8n's main process
   (\`/proc/<pid>/status\`), sampled every 20 ms; growth is the peak during a run minus the value right before it.
3. \`bench/lib/loadgen.js\` POSTs deliveries signed like the sandbox signs them, over ${CONFIG.concurrency} keep-alive connections to
   127.0.0.1. The same deliveries go to our trigger, to the check a user builds by hand (Webhook with Raw Body →
   Crypto HMAC-SHA256 with the endpoint secret → IF signature header equals \`sha256=\` + HMAC) and to a plain Webhook
   node (no check, the ceiling); each workflow ends in the same NoOp, and the bench checks that the last execution of
   each reached it. After each run the bench waits until every delivery has its execution and counts them in n8n's
   execution list. Then n8n is restarted with \`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\` and figure 3 is taken again.
4. \`require\` of the credential and both node files in fresh Node processes, with n8n-workflow already loaded (as it
   is inside n8n); baseline: n8n's own HTTP Request node file. Tarball: \`npm pack --dry-run\`.`;

const PROFILE = `## What the trigger makes n8n do (profile)

Profiled with \`BENCH_N8N_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=…"\` on figure 3 (n8n 2.41.1). In n8n 2.x expressions
run in an isolated VM (\`N8N_EXPRESSION_ENGINE=vm\`, a pool of one isolate by default), and n8n takes an isolate from
the pool and gives it back around work that might evaluate an expression:

- every execution, whatever its nodes (\`WorkflowExecute.initializeExecution\`): the three workflows pay this alike;
- the webhook phase, before the start node's \`webhook()\` runs, unless \`LiveWebhooks.webhookPhaseNeedsIsolate\` lets
  it skip: it does only when the start node is n8n's own \`n8n-nodes-base.webhook\` (version > 1, static
  parameters). Any community trigger, ours included, pays a second acquire and release per delivery. This is a check
  on the node's type: nothing in how the trigger reads its parameters, its static data or the answer it builds
  changes it.

Nothing else showed up: n8n writes no static data per delivery (\`saveStaticData\` 0 ms; the duplicate window lives
in memory, see \`deliveryWindow.ts\`), the trigger reads no credential per delivery, and its own \`webhook()\`
(signature check included) is a small share next to the isolate work. With
\`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\`, n8n acquires an isolate only when an expression is actually evaluated:
our trigger and the plain Webhook workflow then need none, while the hand-built check still needs one for its IF.
The measured effect is in the note under the table; it is what the README's performance tip recommends for
webhook-heavy instances.`;

/**
 * Writes docs/performance.md around `table` (the rendered figures and notes).
 * @param {string} table
 */
function writePerformanceDoc(table) {
	const text = [
		'# Performance',
		'',
		'Written by `npm run bench` (`bench/run.js`; about 15 minutes, not part of the tests) from its last run: the',
		'alternatives a user has, measured side by side against the sandbox and a real n8n with this package installed as',
		'a community node. Figures are medians with ours and the baseline alternating in one run; each ratio is ours /',
		'baseline within the same run.',
		'',
		table,
		'',
		USER_TIPS,
		'',
		METHOD,
		'',
		PROFILE,
		'',
	].join('\n');
	fs.writeFileSync(DOC, text);
	return DOC;
}

module.exports = { writePerformanceDoc };
