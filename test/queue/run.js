'use strict';
/**
 * n8n queue mode with this package: `npm run test:queue`.
 *
 * PostgreSQL and Redis (Debian's packages, installed when missing, started on loopback in a temporary folder), the
 * sandbox (resending every non-2xx answer with back-off, as a platform does), a load balancer
 * (test/queue/lib/balancer.js), and n8n in queue mode: main, two webhook processes, two workers. Two workflows, one
 * per Acknowledge mode (When Received, After the Workflow Succeeds): Payment Platform Trigger → Set node recording
 * which process ran it → Wait 1 s. Every charge event is delivered to both.
 *
 * 1. Activation from main registers both endpoints at the balancer's address; main serves no production webhook.
 * 2-4. Faults, each over 60 charge events through one webhook process, every 7th answer withheld (the sandbox sends
 *    that delivery again): a worker stopped with SIGTERM and started again; a worker killed with SIGKILL mid-run and
 *    started again; the webhook process restarted.
 * 5. Two webhook processes, routing by path: 40 events, every 5th answer withheld.
 * 6. Two webhook processes, round-robin: 40 events, every 5th answer withheld.
 *
 * Asserted (what the package guarantees): after the workflow succeeds, no event is lost under any fault, and each
 * runs exactly once while one webhook process serves the endpoint and stays up; when received, no event runs twice
 * there. Counted and reported, not asserted: the events n8n loses when it was answered on receipt, and the duplicates
 * a restarted or round-robin webhook process runs. The table goes into docs/reliability.md.
 *
 * The run is in lib/queueRun.js, its parts in lib/parts.js, the checks in lib/verify.js. Logs: test-results/queue/.
 * QUEUE_KEEP=1 keeps the temporary folder.
 */
const fs = require('fs');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const { writeGeneratedBlock } = require('../../scripts/lib/generatedBlock');
const { ROOT } = require('../../scripts/lib/packageInfo');
const { stopAll, stopAllOnSignals } = require('../../scripts/lib/processes');
const { Report } = require('../../scripts/lib/groupReport');
const { checkActivation, faultPart, faultParts, twoWebhookProcesses } = require('./lib/parts');
const { QueueRun } = require('./lib/queueRun');
const { ensureServices } = require('./lib/services');
const { verifyAll } = require('./lib/verify');

async function main() {
	const report = new Report();
	stopAllOnSignals((signal) =>
		console.log(`\n${signal}: stopping n8n, the sandbox, PostgreSQL and Redis`),
	);
	const run = new QueueRun(report);
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
		for (const { name, fault, recover } of faultParts(run)) {
			await report.phase(`part ${partNumber++}: ${name}`, () =>
				faultPart(run, name, fault, recover),
			);
		}
		await report.phase(`part ${partNumber++}: two webhook processes, routed by path`, () =>
			twoWebhookProcesses(run, 'two webhook processes, routed by path', 'path-hash'),
		);
		await report.phase(`part ${partNumber}: two webhook processes, round-robin`, () =>
			twoWebhookProcesses(run, 'two webhook processes, round-robin', 'round-robin'),
		);
		const rows = await report.phase('verify', () => verifyAll(report, run));
		writeAcknowledgeSummary(rows);
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
	report.writeLastRun(
		path.join(ROOT, 'docs', 'reliability.md'),
		'queue-last-run',
		n8n.PRIMARY_N8N_VERSION,
	);
}

/**
 * The README's one line on what each Acknowledge mode measured, from this run's table.
 * @param {Awaited<ReturnType<typeof verifyAll>>} rows
 */
function writeAcknowledgeSummary(rows) {
	const ofMode = (mode) => rows.filter((row) => row.mode === mode);
	const lostText = (mode) =>
		ofMode(mode)
			.map((row) => `${row.part}: ${row.lost} of ${row.deliveries}`)
			.join('; ');
	const total = (mode, key) => ofMode(mode).reduce((sum, row) => sum + row[key], 0);
	const line =
		`- **Measured** in n8n ${n8n.PRIMARY_N8N_VERSION} queue mode on ${new Date().toISOString().slice(0, 10)} ` +
		`(\`npm run test:queue\`, faults and [table](docs/reliability.md#last-run)): events lost with *After the Workflow ` +
		`Succeeds* ${total('After the Workflow Succeeds', 'lost')} of ${total('After the Workflow Succeeds', 'deliveries')}; ` +
		`with *When Received* ${total('When Received', 'lost')} of ${total('When Received', 'deliveries')} ` +
		`(${lostText('When Received')}).`;
	writeGeneratedBlock(path.join(ROOT, 'README.md'), 'acknowledge-summary', line);
}

main().catch((error) => {
	Report.crashed(error);
});
