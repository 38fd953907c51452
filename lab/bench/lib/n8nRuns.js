'use strict';
/** Running benchmark workflows in n8n and reading their executions back. */
const path = require('path');
const n8n = require('../../lib/n8n');
const { runCommand } = require('../../lib/processes');
const { waitFor } = require('../../../scripts/lib/wait');
const { checkInterrupted, nowMs } = require('./runState');
const { running } = require('./context');
const workflows = require('./workflows');
const { allExecutions } = require('../../lib/executions');

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * @typedef {import('./context').BenchContext} BenchContext
 * @typedef {{ path: string, workflow: import('../../lib/workflows').WorkflowJson }} BuiltWorkflow
 * @typedef {BuiltWorkflow & { id: string, seen: Set<string> }} Entry
 * @typedef {{ clientMs: number, execMs: number, nodeMs: number, outputItems: number | undefined }} WebhookRun
 */

/**
 * POSTs `body` to a `lastNode` webhook (the answer comes when the run has finished), then reads that execution.
 * Returns the execution's own wall time (stoppedAt - startedAt), the node under test's time, and the caller's time.
 * @param {BenchContext} context
 * @param {Entry} entry
 * @param {object} body
 * @param {{ withData?: boolean }} [options] withData: read the output items too (to count them)
 * @returns {Promise<WebhookRun>}
 */
async function runWebhookWorkflow(context, entry, body, { withData = true } = {}) {
	checkInterrupted();
	const { client, instance } = running(context);
	const started = nowMs();
	const response = await fetch(`${instance.url}/webhook/${entry.path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(300_000),
	});
	const text = await response.text();
	const clientMs = nowMs() - started;
	if (!response.ok) {
		throw new Error(
			`${entry.workflow.name}: webhook answered ${response.status}: ${text.slice(0, 300)}`,
		);
	}
	const execution = await waitFor(
		`the execution of ${entry.workflow.name}`,
		async () => {
			const [latest] = await allExecutions(client, {
				workflowId: entry.id,
				limit: 1,
				includeData: withData,
			});
			return latest && !entry.seen.has(latest.id) && latest.stoppedAt ? latest : undefined;
		},
		{ timeoutMs: 60_000, intervalMs: 100 },
	);
	entry.seen.add(execution.id);
	if (execution.status !== 'success') {
		const error = execution.data?.resultData?.error;
		throw new Error(
			`${entry.workflow.name}: execution ${execution.id} ${execution.status}: ${error?.message ?? ''}`,
		);
	}
	const nodeRun = execution.data?.resultData?.runData?.[workflows.NODE_UNDER_TEST]?.[0];
	return {
		clientMs,
		execMs: Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt),
		nodeMs: nodeRun?.executionTime,
		outputItems: nodeRun?.data?.main?.[0]?.length,
	};
}

/**
 * Creates (and, when asked, activates) a benchmark workflow; keeps its path and the executions already seen.
 * @param {BenchContext} context
 * @param {BuiltWorkflow} built
 * @returns {Promise<Entry>}
 */
async function addWorkflow(context, built, { activate = true } = {}) {
	const { client } = running(context);
	const created = await client.createWorkflow(built.workflow);
	if (activate) await client.activateWorkflow(created.id);
	return { ...built, id: created.id, seen: new Set() };
}

/**
 * Waits until an activated webhook is served (registration can lag activation), without running the workflow: a
 * CORS preflight (OPTIONS with an Origin) answers 204 only for a registered path.
 * @param {BenchContext} context
 * @param {Entry} entry
 */
async function waitForWebhook(context, entry) {
	const { instance } = running(context);
	await waitFor(`the webhook of ${entry.workflow.name}`, async () => {
		const response = await fetch(`${instance.url}/webhook/${entry.path}`, {
			method: 'OPTIONS',
			headers: { origin: instance.url, 'access-control-request-method': 'POST' },
		});
		return response.status === 204;
	});
}

/**
 * Runs one of the bench's child scripts with this Node and returns the JSON line it prints last.
 * @param {string[]} args script and its arguments
 * @param {string} what for the error message
 */
async function runNode(args, what) {
	checkInterrupted();
	const { stdout } = await runCommand(process.execPath, args, { cwd: ROOT, timeoutMs: 330_000 });
	const line = stdout.trim().split('\n').pop() ?? '';
	try {
		return JSON.parse(line);
	} catch {
		throw new Error(`${what} printed no result: ${stdout.slice(-500)}`);
	}
}

module.exports = {
	ROOT,
	addWorkflow,
	n8n,
	runNode,
	runWebhookWorkflow,
	waitForWebhook,
};
