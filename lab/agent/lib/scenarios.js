'use strict';
/**
 * What the agent is asked, which tool calls the scripted model answers with, and what must follow: what the sandbox
 * received (counted) and what the model received back (the tool answers, counted).
 */
const assert = require('node:assert/strict');
const { SEED } = require('../../../sandbox');
const { rawRecord, records, requestLines, toolAnswers } = require('./conversation');
const { TOOLS } = require('./workflows');
const { SIMPLE_CHARGE_FIELDS } = require('../../../test/harness/simplified');

/**
 * @typedef {import('./conversation').Outcome} Outcome
 * @typedef {import('./conversation').Scenario} Scenario
 */

/** @type {Scenario[]} */
const SCENARIOS = [
	{
		title: 'list captured charges',
		script: {
			prompt: 'List my captured charges.',
			calls: [{ tool: TOOLS.listCharges.tool, arguments: { status: 'captured' } }],
		},
		async check(report, outcome, sandbox) {
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
	{
		title: 'list payment links',
		script: {
			prompt: 'Show me my payment links, at most 5.',
			calls: [{ tool: TOOLS.listPaymentLinks.tool, arguments: { limit: 5 } }],
		},
		async check(report, outcome) {
			await report.check(
				`${this.title}: the sandbox received one GET /v1/payment-links asking for page 1 of 5`,
				() => {
					assert.deepEqual(requestLines(outcome.requests), ['GET /v1/payment-links']);
					assert.deepEqual(outcome.requests[0].query, { page: '1', perPage: '5' });
				},
			);
			await report.check(
				`${this.title}: the model received the links, simplified, with their checkout URLs`,
				() => {
					const links = records(toolAnswers(outcome.chats)[0]);
					assert.ok(links.length > 0 && links.length <= 5, `${links.length} links`);
					assert.ok(
						links.some((link) => link.id === SEED.paymentLinkId),
						'the seeded link is listed',
					);
					for (const link of links) {
						assert.match(String(link.checkout_url), /^https:\/\//);
						assert.equal(link.metadata, undefined, 'Simplify drops metadata');
					}
				},
			);
		},
	},
	{
		title: 'create a payment link',
		script: {
			prompt: 'Create a payment link for "Camiseta Lua" at R$ 49,90.',
			calls: [
				{
					tool: TOOLS.createPaymentLink.tool,
					arguments: { title: 'Camiseta Lua', amount: 4990 },
				},
			],
		},
		async check(report, outcome, sandbox) {
			await report.check(
				`${this.title}: the sandbox received exactly one POST /v1/payment-links with the model's values`,
				() => {
					assert.deepEqual(requestLines(outcome.requests), ['POST /v1/payment-links']);
					assert.deepEqual(outcome.requests[0].body, { title: 'Camiseta Lua', amount: 4990 });
				},
			);
			await report.check(
				`${this.title}: the model received the new link, and the sandbox holds it`,
				async () => {
					const [link] = records(toolAnswers(outcome.chats)[0]);
					assert.equal(link.title, 'Camiseta Lua');
					assert.equal(link.amount, 4990);
					assert.match(String(link.checkout_url), /^https:\/\//);
					const stored = /** @type {{ checkout_url?: unknown }} */ (
						await rawRecord(sandbox, `/v1/payment-links/${link.id}`)
					);
					assert.equal(stored.checkout_url, link.checkout_url);
				},
			);
		},
	},
];

module.exports = { SCENARIOS };
