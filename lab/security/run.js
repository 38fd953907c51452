'use strict';
/**
 * Security suite in a real n8n: `npm run test:security`; what it proves: lab/README.md, Security.
 *
 * 1. Attacks on two active triggers (lib/attackSuite.js), the cost of a forgery (lib/forgeryCost.js), a captured
 *    delivery replayed in each signature family (lib/replaySuite.js), a replaced secret (lib/replacedSecret.js).
 * 2. Secrets: the end-to-end workflows run with recognisable secret values, then everything n8n keeps or prints is
 *    searched for them (lib/leakSuite.js).
 *
 * One line per check group, a table per part, phase timings and node:test's summary (lab/lib/report.js); exit code 1
 * on any failure. Everything it starts is stopped, also on failure or Ctrl-C. Logs: lab/results/security/.
 * SECURITY_KEEP=1 keeps the temporary user folder.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../lib/n8n');
const { stopAll, stopAllOnSignals } = require('../lib/processes');
const { runAttacks } = require('./lib/attackSuite');
const { measureForgeryCost } = require('./lib/forgeryCost');
const { runReplayAttacks } = require('./lib/replaySuite');
const { checkReplacedSecret } = require('./lib/replacedSecret');
const { printLeakTable, runSecretChecks, searchStorage } = require('./lib/leakSuite');
const { Report } = require('../lib/groupReport');
const { saveLogs, startSecurityStack } = require('./lib/stack');
const { resultsDir, writeSummaryBlock } = require('../lib/results');

const RESULTS_DIR = resultsDir('security');

/**
 * Runs a phase; a failure is reported (by phase) and the next phase still runs.
 * @template T
 * @param {Report} report
 * @param {string} name
 * @param {() => Promise<T>} fn
 * @returns {Promise<T | undefined>}
 */
async function block(report, name, fn) {
	try {
		return await report.phase(name, fn);
	} catch {
		return undefined;
	}
}

async function main() {
	const report = new Report();
	stopAllOnSignals((signal) => console.log(`\n${signal}: stopping n8n and the sandbox`));
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-security-'));
	let stack;
	try {
		const n8nDir = await report.phase('install (build, n8n)', async () => {
			await n8n.buildPackage();
			return await n8n.installN8n();
		});
		stack = await report.phase('start (sandbox, n8n at debug level)', async () => {
			const started = await startSecurityStack({ n8nDir, workDir });
			console.log(`n8n ${started.instance.url}, sandbox ${started.sandbox.url}`);
			return started;
		});

		const attacked = await block(report, 'part 1: attacks', () => runAttacks(report, stack));
		const replayed = await block(report, 'part 1: replay, relabel and planted-id attacks', () =>
			runReplayAttacks(report, stack),
		);
		const replaced = await block(report, "part 1: a replaced secret's grace period", () =>
			checkReplacedSecret(report, stack),
		);
		const sent = {
			answers: [
				...(attacked?.answers ?? []),
				...(replayed?.answers ?? []),
				...(replaced?.answers ?? []),
			],
			signatures: [...(attacked?.signatures ?? []), ...(replayed?.signatures ?? [])],
		};
		if (stack.triggers) {
			await block(report, 'part 1: cost of a forged request', () =>
				measureForgeryCost(report, stack),
			);
		}

		if (stack.triggers) {
			const secrets = await block(report, 'part 2: secrets (run workflows, search)', () =>
				runSecretChecks(report, stack, sent),
			);
			await stack.instance.stop();
			if (secrets) {
				await block(report, 'part 2: secrets (files, database)', () =>
					searchStorage(report, stack, secrets.registry, secrets.counts),
				);
				printLeakTable(report, secrets.registry, secrets.counts);
			}
		}
	} catch (error) {
		report.failUnlessReported(error);
	} finally {
		if (stack) saveLogs(stack, RESULTS_DIR);
		await stack?.stop();
		await stopAll();
		if (process.env.SECURITY_KEEP === '1') console.log(`kept ${workDir}`);
		else fs.rmSync(workDir, { recursive: true, force: true });
	}
	if (report.summary() !== 0) process.exitCode = 1;
	const summary = report.writeLastRun(
		'security.md',
		'Security suite: the last run',
		n8n.PRIMARY_N8N_VERSION,
	);
	writeSummaryBlock(
		'SECURITY.md',
		'security-last-run',
		`${summary} Every attack, family and search: [lab/reports/security.md](lab/reports/security.md).`,
	);
}

main().catch((error) => {
	Report.crashed(error);
});
