'use strict';
/**
 * n8n queue mode with this package: `npm run test:queue` (the cells that prove the goal), `npm run test:queue --
 * --all` (the whole matrix, and the heap of the webhook processes across publishes).
 *
 * PostgreSQL and Redis (Debian's packages, installed when missing, started on loopback in a temporary folder; Redis
 * behind a gate that can cut it off), the sandbox (its sender retrying per endpoint as the cell's retry profile says,
 * sandbox/retryProfiles.js), a load balancer (lab/queue/lib/balancer.js), and n8n in queue mode: main, two webhook
 * processes, two workers, publishing through n8n's publication service (its default; `--publication-service=off`:
 * the older path). One workflow per cell (Acknowledge mode × sender retry profile): Payment Platform Trigger → Set
 * node recording which process ran it → Wait (1 s, 17 s for the long runs) → Last Step (fails the first run of some
 * events). Every charge event is delivered to every cell.
 *
 * 1. Activation from main registers every endpoint at the balancer's address; main serves no production webhook.
 * 2-5. Faults, each over 30 charge events through one webhook process, every 7th answer withheld: a worker stopped
 *    with SIGTERM and started again; a worker killed with SIGKILL mid-run and started again; the webhook process
 *    restarted; Redis unreachable for 5 s.
 * 6. Runs longer than every sender's timeout (6 events; half also fail at their last node on their first run).
 * 7. Runs failing at their last node on their first run (10 events).
 * 8-9. Two webhook processes, routing by path, then round-robin: 20 events each, every 5th answer withheld.
 * 10. A failing workflow fixed and published (and, separately, saved through the public API) while the platform
 *    resends its events, for a sender that resends with the original signature and one that drops the retries of a
 *    deleted endpoint (lib/republish.js).
 * With --all: the heap of each webhook process across 5 publishes with traffic (lib/heap.js; figures only).
 * 11. Main restarted 3× on n8n's older publishing path while the platform writes its endpoint list its own way
 *    (lib/restarts.js).
 *
 * Asserted (what the package guarantees): after the workflow succeeds, no event is lost under any fault wherever the
 * sender keeps retrying (every profile but pause-endpoint), and each runs exactly once while one webhook process
 * serves the endpoint and stays up (default sender); when received, no event runs twice there; a fix published while
 * the platform resends runs each event exactly once, with the endpoint kept; restarts of main keep every endpoint and
 * secret. Counted and reported, not asserted: the events lost when answered on receipt, those a pausing sender gives
 * up, and the duplicates a restarted or round-robin webhook process runs. The tables go into the report queue.md (lab/lib/results.js).
 *
 * `--only=<parts>` runs part 1 and the named ones (faults, slow, two-webhooks, republish, restarts, heap), writing no
 * document. The run is in lib/queueRun.js, its parts in lib/parts.js and the files named above, the checks in
 * lib/verify.js. Logs: lab/results/queue/. QUEUE_KEEP=1 keeps the temporary folder.
 */
const fs = require('fs');
const n8n = require('../lib/n8n');
const { REPOSITORY } = require('../../scripts/lib/packageInfo');
const { stopAll, stopAllOnSignals } = require('../lib/processes');
const { Report } = require('../lib/groupReport');
const { writeSummaryBlock } = require('../lib/results');
const {
	checkActivation,
	faultPart,
	faultParts,
	slowAndFailingParts,
	twoWebhookProcesses,
} = require('./lib/parts');
const { heapPart } = require('./lib/heap');
const { QueueRun } = require('./lib/queueRun');
const { ALL_CELLS, GOAL_CELLS } = require('./lib/cells');
const { REPUBLISH_EVENTS, republishPart, setUpRepublish } = require('./lib/republish');
const { mainRestartsPart } = require('./lib/restarts');
const { ensureServices } = require('./lib/services');
const { verifyAll } = require('./lib/verify');

const PART_KEYS = ['faults', 'slow', 'two-webhooks', 'republish', 'restarts', 'heap'];

/** The command line: --all, --only=<parts>, --publication-service=on|off. */
function readArguments(argv = process.argv.slice(2)) {
	const value = (/** @type {string} */ name) =>
		argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
	const all = argv.includes('--all');
	const only = value('only')?.split(',');
	const unknown = (only ?? []).filter((key) => !PART_KEYS.includes(key));
	if (unknown.length > 0)
		throw new Error(`unknown part ${unknown.join(', ')} (parts: ${PART_KEYS.join(', ')})`);
	const service = value('publication-service') ?? 'on';
	if (!['on', 'off'].includes(service)) throw new Error('--publication-service is on or off');
	const parts = new Set(only ?? PART_KEYS.filter((key) => key !== 'heap' || all));
	return { all, only: only !== undefined, parts, publicationService: service === 'on' };
}

async function main() {
	const report = new Report();
	stopAllOnSignals((signal) =>
		console.log(`\n${signal}: stopping n8n, the sandbox, PostgreSQL and Redis`),
	);
	const args = readArguments();
	const { all, parts } = args;
	const run = new QueueRun(report, all ? ALL_CELLS : GOAL_CELLS, {
		publicationService: args.publicationService,
		inspectWebhooks: parts.has('heap'),
	});
	// Only a whole run in n8n's default configuration writes the documents' figures.
	const writesDocs = !args.only && args.publicationService;
	try {
		const n8nDir = await report.phase('install (build, n8n, PostgreSQL, Redis)', async () => {
			await n8n.buildPackage();
			const dir = await n8n.installN8n();
			await ensureServices();
			return dir;
		});
		await report.phase('start (PostgreSQL, Redis, sandbox, balancer, 5 n8n processes)', () =>
			run.start(n8nDir),
		);
		await report.phase('part 1: set up and activate from main', async () => {
			await run.setUp();
			await checkActivation(run);
		});
		let partNumber = 2;
		if (parts.has('faults')) {
			for (const { name, fault, recover } of faultParts(run)) {
				await report.phase(`part ${partNumber++}: ${name}`, () =>
					faultPart(run, name, fault, recover),
				);
			}
		}
		if (parts.has('slow')) {
			for (const { name, send } of slowAndFailingParts(run)) {
				await report.phase(`part ${partNumber++}: ${name}`, send);
			}
		}
		if (parts.has('two-webhooks')) {
			await report.phase(`part ${partNumber++}: two webhook processes, routed by path`, () =>
				twoWebhookProcesses(run, 'two webhook processes, routed by path', 'path-hash'),
			);
			await report.phase(`part ${partNumber++}: two webhook processes, round-robin`, () =>
				twoWebhookProcesses(run, 'two webhook processes, round-robin', 'round-robin'),
			);
		}
		/** @type {import('./lib/republish').RepublishWorkflow[]} */
		let republished = [];
		if (parts.has('republish')) {
			await report.phase(
				`part ${partNumber++}: a fix published while the platform resends`,
				async () => {
					republished = await setUpRepublish(run);
					await republishPart(run, republished);
				},
			);
		}
		if (parts.has('heap')) {
			await report.phase(
				`part ${partNumber++}: the heap of each webhook process across publishes`,
				() => heapPart(run),
			);
		}
		// Last: main starts again on the older publishing path, after which the webhook processes would find no
		// workflow published through the publication service.
		if (parts.has('restarts')) {
			await report.phase(`part ${partNumber++}: main restarted 3×`, () =>
				mainRestartsPart(run, republished, republished.length > 0 ? REPUBLISH_EVENTS : []),
			);
		}
		const rows =
			Object.keys(run.parts).length > 0
				? await report.phase('verify', () => verifyAll(report, run))
				: [];
		if (writesDocs && !all) writeAcknowledgeSummary(rows);
	} catch (error) {
		report.failUnlessReported(error);
	} finally {
		run.saveLogs();
		await run.stop();
		await stopAll();
		if (process.env.QUEUE_KEEP === '1') console.log(`kept ${run.workDir}`);
		else fs.rmSync(run.workDir, { recursive: true, force: true });
	}
	if (report.summary() !== 0) process.exitCode = 1;
	if (writesDocs) {
		report.writeLastRun(
			all ? 'queue-matrix.md' : 'queue.md',
			all
				? 'Queue mode, every mode × every sender profile: the last run'
				: 'Queue mode: the last run',
			n8n.PRIMARY_N8N_VERSION,
		);
	}
}

/**
 * The README's one line on what each Acknowledge mode measured, from this run's table: the safe mode under every
 * sender that keeps retrying, When Received under the default sender, fault by fault.
 * @param {Awaited<ReturnType<typeof verifyAll>>} rows
 */
function writeAcknowledgeSummary(rows) {
	const safe = rows.filter(
		(row) => row.mode === 'After the Workflow Succeeds' && row.profile !== 'pause-endpoint',
	);
	const received = rows.filter(
		(row) => row.mode === 'When Received' && row.profile === 'resend-every-failure',
	);
	const total = (list, key) => list.reduce((sum, row) => sum + row[key], 0);
	const lostText = received
		.filter((row) => row.lost > 0)
		.map((row) => `${row.part}: ${row.lost} of ${row.deliveries}`)
		.join('; ');
	const senders = [...new Set(safe.map((row) => row.profile))].join(', ');
	const line =
		`- **Measured** in n8n ${n8n.PRIMARY_N8N_VERSION} queue mode on ${new Date().toISOString().slice(0, 10)} ` +
		`(\`npm run test:queue\`, [faults, senders and table](${REPOSITORY.page('lab/reports/queue.md')})): events lost with ` +
		`*After the Workflow Succeeds* ${total(safe, 'lost')} of ${total(safe, 'deliveries')} (senders: ${senders}); ` +
		`with *When Received* ${total(received, 'lost')} of ${total(received, 'deliveries')}` +
		`${lostText ? ` (${lostText})` : ''}.`;
	writeSummaryBlock('README.md', 'acknowledge-summary', line);
}

main().catch((error) => {
	Report.crashed(error);
});
