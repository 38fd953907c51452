'use strict';
/** Checks over all the conversations: what the model reads (tools, descriptions, parameters) and the totals. */
const assert = require('node:assert/strict');
const { toolAnswers } = require('./conversation');
const { SCENARIOS } = require('./scenarios');
const { TOOLS } = require('./workflows');

/**
 * @typedef {import('./conversation').ChatRequest} ChatRequest
 * @typedef {import('./conversation').Outcome} Outcome
 */

/**
 * What the model reads: in every request, all the tools of TOOLS, named after their nodes, described by the operation's
 * action (n8n's automatic tool description: "<action> in Payment Platform"), each with exactly the parameters its
 * node fills in through $fromAI, every one of them described.
 * @param {import('../../lib/report').Report} report
 * @param {ChatRequest[]} chats
 */
async function checkToolDescriptions(report, chats) {
	const expected = Object.fromEntries(
		Object.values(TOOLS).map((t) => [t.tool, { description: t.node, parameters: t.fromAI }]),
	);
	const offered = (chat) =>
		Object.fromEntries(
			(chat.tools ?? []).map((t) => [
				t.function.name,
				{
					description: t.function.description,
					parameters: Object.keys(t.function.parameters?.properties ?? {}).sort(),
				},
			]),
		);
	const tools = chats[0]?.tools ?? [];
	for (const tool of tools) {
		const parameters = Object.entries(tool.function.parameters?.properties ?? {})
			.map(
				([name, schema]) =>
					`${name}: ${/** @type {{ description?: string }} */ (schema).description}`,
			)
			.join('; ');
		console.log(`       ${tool.function.name}: "${tool.function.description}" (${parameters})`);
	}
	await report.check(
		`every model request (${chats.length}) offers the ${Object.keys(TOOLS).length} tools, described by their action, with their $fromAI parameters`,
		() => {
			assert.ok(chats.length > 0);
			for (const chat of chats) assert.deepEqual(offered(chat), expected);
		},
	);
	await report.check(
		'every tool parameter the model fills in carries its $fromAI description',
		() => {
			for (const tool of tools) {
				for (const [name, schema] of Object.entries(tool.function.parameters?.properties ?? {})) {
					const text = /** @type {{ description?: string }} */ (schema).description ?? '';
					assert.ok(text.length > 10, `${tool.function.name}.${name}: "${text}"`);
				}
			}
		},
	);
}

/**
 * Totals over the scenarios: the model was asked once per task and once per tool answer, got one answer per tool
 * call, and the sandbox received one request per valid tool call and none for an invalid one.
 * @param {import('../../lib/report').Report} report
 * @param {Outcome[]} outcomes
 */
async function checkTotals(report, outcomes) {
	const modelRequests = outcomes.reduce((sum, o) => sum + o.chats.length, 0);
	const answers = outcomes.reduce((sum, o) => sum + toolAnswers(o.chats).length, 0);
	const sandboxRequests = outcomes.reduce((sum, o) => sum + o.requests.length, 0);
	const calls = SCENARIOS.flatMap((s) => s.script.calls);
	const validCalls = calls.filter((call) => call.arguments.status !== 'paid').length;
	await report.check(
		`in all: the model was asked ${modelRequests} times and got ${answers} tool answers; the sandbox received ${sandboxRequests} requests`,
		() => {
			assert.equal(outcomes.length, SCENARIOS.length);
			assert.equal(
				modelRequests,
				SCENARIOS.length + calls.length,
				'once per task and once per tool answer',
			);
			assert.equal(answers, calls.length, 'one answer per tool call');
			assert.equal(sandboxRequests, validCalls, 'one per valid tool call, none for an invalid one');
		},
	);
}

module.exports = { checkToolDescriptions, checkTotals };
