'use strict';
/**
 * n8n queue mode with this package: `npm run test:queue`.
 *
 * PostgreSQL and Redis (Debian's packages, installed when missing, started on loopback in a temporary folder), the
 * sandbox, a load balancer (test/queue/lib/balancer.js), and n8n in queue mode: main, two webhook processes, two
 * workers. One workflow: Payment Platform Trigger → Set node recording which process ran it.
 *
 * 1. Activation from main registers the endpoint at the balancer's address; main serves no production webhook.
 * 2. 300 signed deliveries through the balancer to one webhook process, every 7th acknowledgement lost (the sandbox
 *    sends that delivery again, same id and bytes); worker-b is stopped (SIGTERM, n8n's graceful shutdown) after the
 *    first 100 and started again after the second 100. Every delivery must be executed exactly once, on a worker.
 * 3. Two webhook processes, routing by path (all deliveries of an endpoint to one process): 60 deliveries, every 5th
 *    acknowledgement lost. Exactly once.
 * 4. Two webhook processes, round-robin: 60 deliveries, every 5th acknowledgement lost. A retry that reaches the
 *    other process is not recognised there (the trigger's duplicate window lives in each process's memory): each
 *    delivery runs once per process that accepted it, none is lost. Measured and printed; this is the documented
 *    limit (README, Reliability).
 *
 * The run is in lib/queueRun.js, its parts in lib/parts.js, the checks in lib/verify.js. Prints one line per check group, the
 * counts, and `N passed, N failed`; exit code 1 on a failure. Logs: test-results/queue/. QUEUE_KEEP=1 keeps the
 * temporary folder.
 */
const fs = require('fs');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const { ROOT } = require('../../scripts/lib/packageInfo');
const { stopAll, stopAllOnSignals } = require('../../scripts/lib/processes');
const { Report } = require('../security/lib/report');
const { checkActivation, twoWebhookProcesses, workerRestart } = require('./lib/parts');
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
		await report.phase('part 2: 300 deliveries, worker stopped and restarted', () =>
			workerRestart(run),
		);
		await report.phase('part 3: two webhook processes, routed by path', () =>
			twoWebhookProcesses(run, 'two webhook processes, routed by path', 'path-hash'),
		);
		await report.phase('part 4: two webhook processes, round-robin', () =>
			twoWebhookProcesses(run, 'two webhook processes, round-robin', 'round-robin'),
		);
		await report.phase('verify', () => verifyAll(report, run));
	} catch {
		// Reported by phase().
	} finally {
		run.saveLogs();
		await run.stop();
		await stopAll();
		if (process.env.QUEUE_KEEP === '1') console.log(`kept ${run.workDir}`);
		else fs.rmSync(run.workDir, { recursive: true, force: true });
	}
	process.exitCode = report.summary();
	report.writeLastRun(
		path.join(ROOT, 'docs', 'reliability.md'),
		'queue-last-run',
		n8n.PRIMARY_N8N_VERSION,
	);
}

main().catch((error) => {
	console.error(error);
	console.log('0 passed, 1 failed');
	process.exitCode = 1;
});
