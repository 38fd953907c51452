'use strict';
/**
 * End-to-end suite in a real n8n: `npm run test:e2e`; `--n8n [version]` (`npm run test:compat -- <version>`) runs the
 * same checks, without the editor's, on another n8n and the Node.js its line needs (default: the long-term line's
 * version in lab/lib/n8nLines.js) and records its row of the compatibility table (lib/compatibility.js). What it
 * proves: lab/README.md, End-to-end and compatibility.
 *
 * Environment: E2E_SKIP_EDITOR=1 leaves out the editor checks; E2E_KEEP=1 keeps the temporary user folder;
 * E2E_BLOCKS=<part>[,<part>] runs only the blocks whose title contains one of the parts (while working on them);
 * PACKAGE_TARBALL=<file> installs that tarball instead of packing the working tree (the release dry run in CI).
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../lib/n8n');
const { runCommand, stopAll, stopAllOnSignals } = require('../lib/processes');
const { ensureChromium } = require('../lib/browser');
const { runEditorChecks } = require('./editor');
const { checkBuiltFiles, oldestNodeOf } = require('./lib/builtFiles');
const { recordCompatibility } = require('./lib/compatibility');
const { Report } = require('../lib/report');
const { registryOperations } = require('../lib/operationCases');
const { SandboxAdmin } = require('../../scripts/lib/sandboxAdmin');
const { checkOnboardingExample, checkOperations } = require('./lib/operationChecks');
const { checkPackageLoads } = require('./lib/packageChecks');
const { checkHttpRequestNode } = require('./lib/httpRequestChecks');
const { checkApiNames } = require('./lib/apiNamesChecks');
const { checkIdempotencyKey } = require('./lib/idempotencyChecks');
const { checkListsAndDocuments } = require('./lib/listsAndDocumentsChecks');
const { checkDecimalInEditor } = require('./lib/decimalInEditor');
const { checkTrigger, checkChargeEventsExample } = require('./lib/triggerChecks');
const { checkAcknowledgeAfterRun } = require('./lib/acknowledgeChecks');
const { checkSignatureFamilies } = require('./lib/signatureChecks');
const { checkRegistrationRepair } = require('./lib/repairChecks');
const { checkTriggerSeams } = require('./lib/seamChecks');
const { checkOneRunPerEvent } = require('./lib/identityChecks');
const { checkEndpointOwnership } = require('./lib/endpointOwnershipChecks');
const { resultsDir } = require('../lib/results');

const RESULTS_DIR = resultsDir('e2e');
const NOT_RUN = { node: '', oldestNode: '', passed: 0, failed: 0, blocks: [] };

/**
 * The n8n version to run against, one of the list (lab/lib/n8nLines.js): `--n8n [version]` on the command line
 * (default: the long-term line's), else N8N_VERSION, else the primary.
 */
function requestedVersion() {
	const flag = process.argv.indexOf('--n8n');
	const version =
		flag === -1
			? process.env.N8N_VERSION || n8n.PRIMARY_N8N_VERSION
			: process.argv[flag + 1] || n8n.LTS_N8N_VERSION;
	return { entry: n8n.versionUnderTest(version), compat: flag !== -1 };
}

async function main() {
	const report = new Report();
	const { entry, compat } = requestedVersion();
	const { version } = entry;
	const blocksRun = [];
	stopAllOnSignals((signal) => console.log(`\n${signal}: stopping n8n and the sandbox`));
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-e2e-'));
	const userFolder = path.join(workDir, 'n8n');
	/** The stack (sandbox, instance, client, credential, examples, stop), the n8n folder, the sandbox admin client. */
	const context = { userFolder, compat };
	let ok = false;

	try {
		const withEditor = !compat && process.env.E2E_SKIP_EDITOR !== '1';
		const plan = await n8n.installPlan(entry);
		if (!plan.run) {
			report.skip(`n8n ${version}`, `${plan.reason} (npm view ${plan.missing}: E404)`);
			recordCompatibility({
				...NOT_RUN,
				n8n: version,
				notRun: plan.reason,
				date: new Date().toISOString().slice(0, 10),
			});
			if (report.summary() !== 0) process.exitCode = 1;
			return;
		}
		if (plan.note) console.log(plan.note);
		context.n8nDir = await report.phase(
			`install (build, n8n${withEditor ? ', chromium' : ''})`,
			async () => {
				await n8n.buildPackage();
				if (withEditor) await ensureChromium();
				return await n8n.installN8n(version);
			},
		);
		context.nodeVersion = (
			await runCommand(n8n.n8nCommand(context.n8nDir).command, ['-v'])
		).stdout.trim();
		context.oldestNode = await oldestNodeOf(context.n8nDir);
		console.log(`n8n ${version} on Node ${context.nodeVersion}`);

		await report.phase('start (sandbox, n8n, owner)', async () => {
			const stack = await n8n.startStack({
				n8nDir: context.n8nDir,
				userFolder,
				apiKeyLabel: 'e2e',
				sandbox: { delivery: { maxAttempts: 3, baseDelayMs: 200, timeoutMs: 5_000 } },
			});
			Object.assign(context, stack, { admin: new SandboxAdmin(stack.sandbox.url) });
			assert.equal(stack.ownerCreated, true, 'a fresh instance must ask for its owner');
			console.log(
				`n8n ${stack.instance.url}, sandbox ${stack.sandbox.url}, user folder ${userFolder}`,
			);
		});

		const only = process.env.E2E_BLOCKS;
		const block = async (name, fn) => {
			if (only && !only.split(',').some((part) => name.includes(part.trim()))) return;
			blocksRun.push(name);
			try {
				await report.phase(name, () => fn(report, context));
			} catch {
				// Reported by phase(); the next block still runs.
			}
		};
		await block('built files', checkBuiltFiles);
		await block('package loads', checkPackageLoads);
		await block(
			`operations (${registryOperations().length} + invalid inputs + expressions)`,
			checkOperations,
		);
		await block('Idempotency Key: a create run twice creates once', checkIdempotencyKey);
		await block(
			'lists and documents: every record once, no empty documents',
			checkListsAndDocuments,
		);
		await block('HTTP Request node with the credential', checkHttpRequestNode);
		await block('a platform with other names (credential API Names)', checkApiNames);
		await block('example: submerchant onboarding', checkOnboardingExample);
		await block('trigger', checkTrigger);
		await block('trigger: acknowledge after the run', checkAcknowledgeAfterRun);
		await block('trigger: signature families', checkSignatureFamilies);
		await block('trigger: registration repairs itself', checkRegistrationRepair);
		await block('trigger: publish, restart, waits and replays', checkTriggerSeams);
		await block('trigger: one run per event (identity, restart)', checkOneRunPerEvent);
		await block("trigger: the endpoint is the workflow's own", checkEndpointOwnership);
		await block('example: charge events', checkChargeEventsExample);
		if (withEditor) {
			await block('editor: a decimal typed into a cents field (chromium)', checkDecimalInEditor);
			await block('editor (chromium)', () =>
				runEditorChecks(report, {
					url: context.instance.url,
					owner: n8n.DEFAULT_OWNER,
					examples: context.examples,
					httpRequest: {
						client: context.client,
						credential: context.credential,
						sandboxUrl: context.sandbox.url,
					},
				}),
			);
		}
		ok = true;
	} catch (error) {
		report.failUnlessReported(error);
	} finally {
		if (context.instance) {
			fs.writeFileSync(path.join(RESULTS_DIR, 'n8n.log'), context.instance.output());
		}
		await context.stop?.();
		await stopAll();
		if (process.env.E2E_KEEP === '1') console.log(`kept ${workDir}`);
		else fs.rmSync(workDir, { recursive: true, force: true });
	}
	if (!ok || report.failed > 0)
		console.log(`n8n log: ${path.relative(process.cwd(), RESULTS_DIR)}/n8n.log`);
	const verdict =
		ok && report.failed === 0
			? 'works with this package'
			: `does NOT work: ${report.failed} failed above`;
	console.log(`n8n ${version} on Node ${context.nodeVersion ?? '(not started)'}: ${verdict}`);
	// A run of some blocks only (E2E_BLOCKS) says nothing about the whole package: the table keeps the last full run.
	if (context.nodeVersion && !process.env.E2E_BLOCKS) {
		recordCompatibility({
			n8n: version,
			node: context.nodeVersion,
			oldestNode: context.oldestNode?.version ?? '',
			passed: report.passed,
			failed: report.failed,
			blocks: blocksRun,
			date: new Date().toISOString().slice(0, 10),
		});
	}
	if (report.summary() !== 0) process.exitCode = 1;
}

main().catch((error) => {
	Report.crashed(error);
});
