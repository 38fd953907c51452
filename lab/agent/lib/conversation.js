'use strict';
/**
 * Reading what happened in one agent run: the conversation the scripted model received, the agent's output, the
 * requests the sandbox received; and the checks every scenario shares.
 */
const assert = require('node:assert/strict');
const { FINAL_ANSWER_PREFIX } = require('./scriptedModel');
const { AGENT_NAME } = require('./workflows');

/**
 * @typedef {import('./scriptedModel').ChatRequest} ChatRequest
 * @typedef {{ code: number | null, run: { data: { resultData: { error?: { message?: string },
 *   runData: Record<string, Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }>> } }>> } } },
 *   chats: ChatRequest[], requests: import('../../../sandbox').RecordedRequest[], ms: number, workflowId: string }} Outcome
 * @typedef {{ title: string, script: import('./scriptedModel').Script,
 *   check: (report: import('../../lib/report').Report, outcome: Outcome,
 *     sandbox: { url: string, publicKey: string, secretKey: string }) => Promise<void> }} Scenario
 */

/** The tool answers the model received in the last request of a conversation, in order. */
function toolAnswers(chats) {
	const last = chats[chats.length - 1];
	return (last?.messages ?? [])
		.filter((m) => m.role === 'tool')
		.map((m) => String(m.content ?? ''));
}

/** A tool answer as JSON when it is JSON, else its text. */
function parsed(answer) {
	try {
		return JSON.parse(answer);
	} catch {
		return answer;
	}
}

/** The records in a tool answer: n8n sends the node's output items' JSON (an array, or one object). */
function records(answer) {
	const value = parsed(answer);
	return Array.isArray(value) ? value : [value];
}

/** The AI Agent's output text. */
function agentOutput(outcome) {
	const item = outcome.run.data.resultData.runData[AGENT_NAME]?.[0]?.data?.main?.[0]?.[0];
	return String(item?.json.output ?? '');
}

/**
 * A record as the API returns it (the sandbox's `data`), for comparison with what the model read.
 * @param {{ url: string, publicKey: string, secretKey: string }} sandbox
 * @param {string} path
 */
async function rawRecord(sandbox, path) {
	const auth = Buffer.from(`${sandbox.publicKey}:${sandbox.secretKey}`).toString('base64');
	const response = await fetch(`${sandbox.url.replace(/\/+$/, '')}${path}`, {
		headers: { authorization: `Basic ${auth}` },
	});
	const envelope = /** @type {{ data: unknown }} */ (await response.json());
	return envelope.data;
}

/** `METHOD /path` of each request the sandbox received, ids replaced by :id. */
const requestLines = (requests) =>
	requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`);

/**
 * Checks common to every scenario: the run succeeded; the model was asked once for the task and once more after each
 * of its `calls` tool calls, each answered by one tool message; the agent's output quotes the last answer.
 * @param {import('../../lib/report').Report} report
 * @param {string} title
 * @param {Outcome} outcome
 * @param {number} calls
 */
async function checkConversation(report, title, outcome, calls = 1) {
	const asked = calls + 1;
	await report.check(
		`${title}: the run succeeds and the model is asked ${asked} times (the task, then each tool answer)`,
		() => {
			const error = outcome.run.data.resultData.error;
			assert.equal(error, undefined, `execution failed: ${error?.message}`);
			assert.equal(outcome.code, 0);
			assert.equal(
				outcome.chats.length,
				asked,
				`the model received ${outcome.chats.length} requests`,
			);
			const roles = outcome.chats[asked - 1].messages
				.map((m) => m.role)
				.filter((role) => role !== 'system');
			assert.deepEqual(roles, ['user', ...Array(calls).fill(['assistant', 'tool']).flat()]);
			assert.equal(toolAnswers(outcome.chats).length, calls);
			assert.ok(
				agentOutput(outcome).startsWith(FINAL_ANSWER_PREFIX),
				`agent output: ${agentOutput(outcome)}`,
			);
		},
	);
}

module.exports = { agentOutput, checkConversation, rawRecord, records, requestLines, toolAnswers };
