'use strict';
/**
 * The node as an AI Agent's tool, in a real n8n: `npm run test:agent`.
 *
 * Builds the package, installs the pinned n8n (cached), starts the sandbox and n8n with the package installed as a
 * community node, and a scripted chat model on loopback (lab/agent/lib/scriptedModel.js). Each scenario is a
 * workflow Manual Trigger → AI Agent (OpenAI chat model pointed at the scripted model, five Payment Platform tools)
 * run with `n8n execute`; the model answers with scripted tool calls. Checks what n8n sent the model (the tools, their
 * parameters, the tool answers) and what the sandbox received. No real model, no network.
 * One line per check, phase timings, and node:test's summary (lab/lib/report.js); exit code 1 on any failure.
 *
 * Environment: AGENT_SKIP_EDITOR=1 leaves out the editor screenshot (lab/reports/screenshots/editor-ai-agent.png); AGENT_KEEP=1 keeps the
 * temporary user folder; AGENT_DUMP=1 prints what the model received.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../lib/n8n');
const { stopAll, stopAllOnSignals } = require('../lib/processes');
const { Report } = require('../lib/report');
const { ScriptedModel } = require('./lib/scriptedModel');
const { checkToolDescriptions, checkTotals } = require('./lib/modelChecks');
const { SCENARIOS } = require('./lib/scenarios');
const { checkConversation } = require('./lib/conversation');
const { ensureChromium } = require('../lib/browser');
const { screenshotAgentWorkflow } = require('./lib/editorShot');
const { agentWorkflow } = require('./lib/workflows');
const { resultsDir } = require('../lib/results');
const { execute } = require('../lib/n8nExecute');
const {
	HUMAN_REVIEW_SCRIPTS,
	HUMAN_REVIEW_SHOT,
	runHumanReviews,
	startInbox,
} = require('./lib/humanReview');

const RESULTS_DIR = resultsDir('agent');

/**
 * @typedef {object} AgentContext
 * @property {Awaited<ReturnType<typeof n8n.startStack>>} stack
 * @property {string} n8nDir
 * @property {ScriptedModel} model
 * @property {{ id: string, name: string }} modelCredential
 * @property {import('./lib/mailbox').Mailbox} mailbox The reviewer's inbox (human review).
 * @property {{ id: string, name: string }} smtpCredential
 */

/**
 * Imports the scenario's workflow, runs it, and hands what happened to the scenario's checks.
 * @param {Report} report
 * @param {AgentContext} context
 * @param {import('./lib/conversation').Scenario} scenario
 */
async function runScenario(report, context, scenario) {
	const { stack, model } = context;
	const workflow = agentWorkflow(`Agent: ${scenario.title}`, scenario.script.prompt, {
		paymentPlatform: stack.credential,
		model: context.modelCredential,
	});
	const created = await stack.client.createWorkflow(workflow);
	stack.sandbox.clearRequests();
	const started = Date.now();
	const { code, run } = await execute({ ...stack, n8nDir: context.n8nDir }, created.id);
	const ms = Date.now() - started;
	const chats = model.requestsFor(scenario.script.prompt);
	if (process.env.AGENT_DUMP === '1') console.log(JSON.stringify(chats, null, 2));
	const outcome = {
		code,
		run,
		chats,
		requests: [...stack.sandbox.requests],
		ms,
		workflowId: created.id,
	};
	// Every scenario is checked for its conversation first, then for what is its own.
	await checkConversation(report, scenario.title, outcome, scenario.script.calls.length);
	await scenario.check(report, outcome, stack.sandbox);
	return outcome;
}

async function main() {
	const report = new Report();
	stopAllOnSignals((signal) => console.log(`\n${signal}: stopping n8n, the sandbox and the model`));
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-agent-'));
	const userFolder = path.join(workDir, 'n8n');
	const model = new ScriptedModel([...SCENARIOS.map((s) => s.script), ...HUMAN_REVIEW_SCRIPTS]);
	/** @type {Partial<AgentContext>} */
	const context = { model };
	let ok = false;

	try {
		context.n8nDir = await report.phase('install (build, n8n)', async () => {
			await n8n.buildPackage();
			return await n8n.installN8n();
		});
		await report.phase('start (scripted model, sandbox, n8n, credentials)', async () => {
			const modelUrl = await model.start();
			const stack = await n8n.startStack({
				n8nDir: /** @type {string} */ (context.n8nDir),
				userFolder,
				apiKeyLabel: 'agent',
			});
			context.stack = stack;
			context.modelCredential = await stack.client.ensureCredential({
				name: 'Scripted model',
				type: 'openAiApi',
				data: { apiKey: 'scripted-model-key', url: modelUrl },
			});
			console.log(`n8n ${stack.instance.url}, sandbox ${stack.sandbox.url}, model ${modelUrl}`);
			Object.assign(context, await startInbox(stack));
		});
		const ready = /** @type {AgentContext} */ (context);

		const outcomes = await report.phase('scenarios', async () => {
			const done = [];
			for (const scenario of SCENARIOS) {
				const outcome = await runScenario(report, ready, scenario);
				console.log(
					`       (${scenario.title}: n8n execute took ${(outcome.ms / 1000).toFixed(1)} s)`,
				);
				done.push(outcome);
			}
			return done;
		});
		await report.phase('what the model reads, in all', async () => {
			await checkToolDescriptions(
				report,
				model.requests.map((r) => r.body),
			);
			await checkTotals(report, outcomes);
		});
		const reviewed = await report.phase('human review for tool calls (e-mail approval)', () =>
			runHumanReviews(report, ready),
		);
		if (process.env.AGENT_SKIP_EDITOR !== '1') {
			await report.phase('editor screenshot (chromium)', async () => {
				await ensureChromium();
				await screenshotAgentWorkflow(report, ready, outcomes[0].workflowId);
				await screenshotAgentWorkflow(report, ready, reviewed[0].workflowId, HUMAN_REVIEW_SHOT);
			});
		}
		ok = true;
	} catch (error) {
		report.failUnlessReported(error);
	} finally {
		if (context.stack)
			fs.writeFileSync(path.join(RESULTS_DIR, 'n8n.log'), context.stack.instance.output());
		await context.stack?.stop();
		await model.stop();
		await context.mailbox?.stop();
		await stopAll();
		if (process.env.AGENT_KEEP === '1') console.log(`kept ${workDir}`);
		else fs.rmSync(workDir, { recursive: true, force: true });
	}
	if (!ok || report.failed > 0)
		console.log(`n8n log: ${path.relative(process.cwd(), RESULTS_DIR)}/n8n.log`);
	if (report.summary() !== 0) process.exitCode = 1;
}

main().catch((error) => {
	Report.crashed(error);
});
