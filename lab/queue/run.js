'use strict';
/**
 * n8n queue mode with this package: `npm run test:queue` (the cells that prove the goal), `-- --all` (every cell, two
 * copies of one delivery N ms apart, and the heap of the webhook processes across publishes), `-- --only=<parts>` (part 1 and the parts named: faults, slow,
 * two-webhooks, copies, republish, write-back, restarts, heap; no document), `-- --publication-service=off` (n8n's older publishing
 * path). The processes, the cells, the parts, what is asserted and what is only reported: lab/README.md, Queue mode.
 *
 * The run is in lib/queueRun.js (the matrix in lib/cells.js), its parts in lib/parts.js, lib/republish.js,
 * lib/restarts.js, lib/copies.js, lib/writeBack.js, lib/heap.js, the checks in lib/verify.js. Logs: lab/results/queue/. QUEUE_KEEP=1 keeps the
 * temporary folder.
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
const { copiesPart } = require('./lib/copies');
const { writeBackPart } = require('./lib/writeBack');
const { heapPart } = require('./lib/heap');
const { QueueRun } = require('./lib/queueRun');
const { ALL_CELLS, GOAL_CELLS } = require('./lib/cells');
const { REPUBLISH_EVENTS, republishPart, setUpRepublish } = require('./lib/republish');
const { mainRestartsPart } = require('./lib/restarts');
const { ensureServices } = require('./lib/services');
const { verifyAll } = require('./lib/verify');

const PART_KEYS = [
	'faults',
	'slow',
	'two-webhooks',
	'copies',
	'republish',
	'write-back',
	'restarts',
	'heap',
];
/** Parts only --all (or --only) runs: figures for the documents, not checks CI needs each time. */
const FIGURE_PARTS = ['copies', 'heap'];

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
	const parts = new Set(only ?? PART_KEYS.filter((key) => !FIGURE_PARTS.includes(key) || all));
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
		if (parts.has('copies')) {
			await report.phase(`part ${partNumber++}: two copies of one delivery, N ms apart`, () =>
				copiesPart(run),
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
		if (parts.has('write-back')) {
			await report.phase(
				`part ${partNumber++}: a run's write-back of static data while an event is added`,
				() => writeBackPart(run),
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
