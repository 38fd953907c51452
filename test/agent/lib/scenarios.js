'use strict';
/**
 * What the agent is asked, which tool calls the scripted model answers with, and what must follow: what the sandbox
 * received (counted) and what the model received back (the tool answers, counted).
 */
const assert = require('node:assert/strict');
const { SEED } = require('../../../sandbox');
const { FINAL_ANSWER_PREFIX } = require('./scriptedModel');
const { AGENT_NAME, TOOLS } = require('./workflows');

/** The fields Simplify keeps for a charge (nodes/PaymentPlatform/shared/simplify.ts). */
const SIMPLE_CHARGE_FIELDS = [
	'id',
	'status',
	'amount',
	'currency',
	'payment_method',
	'installments',
	'customer_name',
	'customer_email',
	'created_at',
	'updated_at',
];

/**
 * @typedef {import('./scriptedModel').ChatRequest} ChatRequest
 * @typedef {{ code: number | null, run: { data: { resultData: { error?: { message?: string },
 *   runData: Record<string, Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }>> } }>> } } },
 *   chats: ChatRequest[], requests: import('../../../sandbox').RecordedRequest[], ms: number, workflowId: string }} Outcome
 * @typedef {{ title: string, script: import('./scriptedModel').Script,
 *   check: (report: import('../../e2e/lib/report').Report, outcome: Outcome,
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
 * @param {import('../../e2e/lib/report').Report} report
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

/** @type {Scenario[]} */
const SCENARIOS = [
	{
		title: 'list captured charges',
		script: {
			prompt: 'List my captured charges.',
			calls: [{ tool: TOOLS.listCharges.tool, arguments: { status: 'captured' } }],
		},
		async check(report, outcome, sandbox) {
			await checkConversation(report, this.title, outcome);
			await report.check(
				`${this.title}: the sandbox received one GET /v1/charges filtered by status=captured`,
				() => {
					assert.deepEqual(requestLines(outcome.requests), ['GET /v1/charges']);
					assert.ok(
						Object.values(outcome.requests[0].query).includes('captured'),
						`query: ${JSON.stringify(outcome.requests[0].query)}`,
					);
				},
			);
			await report.check(
				`${this.title}: the model received only captured charges, simplified`,
				() => {
					const charges = records(toolAnswers(outcome.chats)[0]);
					assert.ok(charges.length > 0, 'no charge in the tool answer');
					for (const charge of charges) {
						assert.equal(charge.status, 'captured');
						assert.deepEqual(Object.keys(charge), SIMPLE_CHARGE_FIELDS);
					}
				},
			);
		},
	},
	{
		title: 'get this charge',
		script: {
			prompt: `What is the status of charge ${SEED.charges.captured}?`,
			calls: [{ tool: TOOLS.getCharge.tool, arguments: { chargeId: SEED.charges.captured } }],
		},
		async check(report, outcome, sandbox) {
			await checkConversation(report, this.title, outcome);
			await report.check(`${this.title}: the sandbox received one GET of that charge`, () => {
				assert.deepEqual(
					outcome.requests.map((r) => `${r.method} ${r.path}`),
					[`GET /v1/charges/${SEED.charges.captured}`],
				);
			});
			await report.check(`${this.title}: the model received the charge with its status`, () => {
				const [charge] = records(toolAnswers(outcome.chats)[0]);
				assert.equal(charge.id, SEED.charges.captured);
				assert.equal(charge.status, 'captured');
			});
			const raw = await rawRecord(sandbox, `/v1/charges/${SEED.charges.captured}`);
			const read = JSON.stringify(records(toolAnswers(outcome.chats)[0])[0]).length;
			const full = JSON.stringify(raw).length;
			await report.check(
				`${this.title}: with Simplify the model read ${read} characters of the charge instead of ${full}`,
				() => assert.ok(read < full / 2, `${read} of ${full}`),
			);
		},
	},
	{
		title: 'invalid argument',
		script: {
			prompt: 'List my charges with status paid.',
			calls: [{ tool: TOOLS.listCharges.tool, arguments: { status: 'paid' } }],
		},
		async check(report, outcome, sandbox) {
			await checkConversation(report, this.title, outcome);
			await report.check(`${this.title}: nothing reached the sandbox`, () => {
				assert.deepEqual(requestLines(outcome.requests), []);
			});
			await report.check(
				`${this.title}: the model received the validation error naming the field and the allowed values`,
				() => {
					const answer = toolAnswers(outcome.chats)[0];
					const [{ error }] = records(answer);
					assert.match(
						String(error),
						/^status must be one of: pending, authorized, captured\b/,
						answer,
					);
				},
			);
		},
	},
	{
		title: 'invalid argument, then corrected',
		script: {
			prompt: 'List my charges that were paid.',
			calls: [
				{ tool: TOOLS.listCharges.tool, arguments: { status: 'paid' } },
				{ tool: TOOLS.listCharges.tool, arguments: { status: 'captured' } },
			],
		},
		async check(report, outcome) {
			await checkConversation(report, this.title, outcome, 2);
			await report.check(
				`${this.title}: the sandbox received only the corrected call, once`,
				() => {
					assert.deepEqual(requestLines(outcome.requests), ['GET /v1/charges']);
					assert.ok(Object.values(outcome.requests[0].query).includes('captured'));
				},
			);
			await report.check(
				`${this.title}: the model received the error, then the captured charges`,
				() => {
					const [first, second] = toolAnswers(outcome.chats);
					assert.match(String(records(first)[0].error), /^status must be one of: /);
					const charges = records(second);
					assert.ok(charges.length > 0 && charges.every((c) => c.status === 'captured'), second);
				},
			);
		},
	},
	{
		title: 'create a charge',
		script: {
			prompt: 'Charge Maria Silva R$ 15,00 by pix; her e-mail is maria@example.com.',
			calls: [
				{
					tool: TOOLS.createCharge.tool,
					arguments: {
						amount: 1500,
						customerName: 'Maria Silva',
						customerEmail: 'maria@example.com',
					},
				},
			],
		},
		async check(report, outcome, sandbox) {
			await checkConversation(report, this.title, outcome);
			await report.check(
				`${this.title}: the sandbox received exactly one POST /v1/charges with the model's values`,
				() => {
					assert.deepEqual(requestLines(outcome.requests), ['POST /v1/charges']);
					assert.deepEqual(outcome.requests[0].body, {
						amount: 1500,
						payment_method: 'pix',
						customer: { name: 'Maria Silva', email: 'maria@example.com' },
					});
				},
			);
			await report.check(`${this.title}: the model received the new pending charge`, () => {
				const [charge] = records(toolAnswers(outcome.chats)[0]);
				assert.equal(charge.status, 'pending');
				assert.equal(charge.amount, 1500);
				assert.match(String(charge.id), /^[0-9a-f-]{36}$/);
			});
		},
	},
];

/**
 * What the model reads: in every request, the three tools, named after their nodes, described by the operation's
 * action (n8n's automatic tool description: "<action> in Payment Platform"), each with exactly the parameters its
 * node fills in through $fromAI, every one of them described.
 * @param {import('../../e2e/lib/report').Report} report
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
		`every model request (${chats.length}) offers the 3 tools, described by their action, with their $fromAI parameters`,
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
 * @param {import('../../e2e/lib/report').Report} report
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

module.exports = { SCENARIOS, checkToolDescriptions, checkTotals };
