'use strict';
/**
 * An agent that must ask a person before it creates a charge, in a real n8n (current line): n8n's human review for
 * tool calls. n8n generates a `…HitlTool` node for every node with a send-and-wait operation (here Send Email,
 * `n8n-nodes-base.emailSendHitlTool`); placed between a tool and the agent (tool → review node → agent, both
 * `ai_tool`), it gates the tool: when the model calls it, n8n sends the review message (Approve and Decline links),
 * puts the execution to wait, and runs the tool only when the person approves.
 *
 * Driven the way a person does it: the workflow starts from a Webhook (the server runs it, so it can wait and
 * resume), the review e-mail arrives in an SMTP inbox on loopback (mailbox.js), and the suite opens its Decline or
 * Approve link. Checks what reached the sandbox and what the scripted model was told.
 */
const assert = require('node:assert/strict');
const { waitFor } = require('../../../scripts/lib/wait');
const { agentOutput, records, requestLines, toolAnswers } = require('./conversation');
const { links, Mailbox } = require('./mailbox');
const { FINAL_ANSWER_PREFIX } = require('./scriptedModel');
const { AGENT_NAME, MODEL_NAME } = require('./workflows');
const {
	REVIEW_NODE,
	REVIEWER,
	SUBJECT,
	TOOL,
	WEBHOOK_NODE,
	reviewWorkflow,
} = require('./reviewWorkflow');
const { screenshotPath } = require('../../lib/results');
const { allExecutions } = require('../../lib/executions');

/** A browser's user agent: n8n ignores approval links opened by bots and link previews. */
const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/**
 * The two runs: the reviewer declines one charge and approves the other.
 * @type {Array<{ title: string, decision: string, order: string,
 *   script: import('./scriptedModel').Script, toolParameters: { amount: number, customerName: string,
 *   customerEmail: string } }>}
 */
const REVIEWS = [
	{
		decision: 'Decline',
		order: '7002',
		name: 'Ana Lima',
		email: 'ana@example.com',
		amount: 99_000,
	},
	{
		decision: 'Approve',
		order: '7001',
		name: 'João Souza',
		email: 'joao@example.com',
		amount: 2_500,
	},
].map(({ decision, order, name, email, amount }) => {
	const toolParameters = { amount, customerName: name, customerEmail: email };
	return {
		title: `human review, ${decision === 'Approve' ? 'approved' : 'declined'}`,
		decision,
		order,
		toolParameters,
		script: {
			prompt: `Order ${order}: charge ${name} ${amount} cents by pix; e-mail ${email}.`,
			// A gated tool takes the tool's own parameters and the review node's (none here).
			calls: [{ tool: TOOL.tool, arguments: { toolParameters, hitlParameters: {} } }],
		},
	};
});

/** The editor screenshot of the gated workflow (docs/ai-agent.md shows it). */
const HUMAN_REVIEW_SHOT = {
	what: 'the gated workflow shows the Payment Platform tool behind the e-mail review node',
	nodes: [AGENT_NAME, MODEL_NAME, REVIEW_NODE, TOOL.node, WEBHOOK_NODE],
	file: screenshotPath('editor-ai-agent-human-review.png'),
};

/** The scripts the scripted model needs for these runs. */
const HUMAN_REVIEW_SCRIPTS = REVIEWS.map((review) => review.script);

/** Public API: one execution, with its data. */
async function getExecution(client, id) {
	return await client.api('GET', `/executions/${encodeURIComponent(id)}?includeData=true`);
}

/**
 * Runs one review: starts the workflow, waits for the review e-mail, checks that nothing was sent before the decision,
 * opens the decision's link, waits for the end, checks what happened.
 * @param {import('../../lib/report').Report} report
 * @param {{ stack: any, model: import('./scriptedModel').ScriptedModel, modelCredential: { id: string, name: string },
 *   smtpCredential: { id: string, name: string }, mailbox: import('./mailbox').Mailbox }} context
 * @param {typeof REVIEWS[number]} review
 */
async function runReview(report, context, review) {
	const { stack, model, mailbox } = context;
	const webhookPath = `human-review-${review.order}`;
	const created = await stack.client.createWorkflow(
		reviewWorkflow({
			prompt: review.script.prompt,
			webhookPath,
			credentials: {
				paymentPlatform: stack.credential,
				model: context.modelCredential,
				smtp: context.smtpCredential,
			},
		}),
	);
	await stack.client.activateWorkflow(created.id);
	stack.sandbox.clearRequests();
	const since = Date.now();
	const started = await fetch(`${stack.instance.url}/webhook/${webhookPath}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ order: review.order }),
	});
	assert.equal(started.status, 200, `the webhook answered ${started.status}`);

	const mail = await waitFor('the review e-mail', () => mailbox.find(SUBJECT, since), {
		timeoutMs: 90_000,
	});
	const [execution] = await allExecutions(stack.client, { workflowId: created.id, limit: 1 });
	const waiting = await waitFor('the execution to wait for the review', async () => {
		const current = await getExecution(stack.client, execution.id);
		return current.status === 'waiting' ? current : undefined;
	});
	const buttons = links(mail.body);
	await report.check(
		`${review.title}: the run waits for the reviewer, nothing has reached the API, and the e-mail shows the call`,
		() => {
			assert.equal(waiting.status, 'waiting');
			assert.deepEqual(requestLines(stack.sandbox.requests), []);
			assert.ok(
				mail.to.some((to) => to.includes(REVIEWER)),
				`to: ${mail.to}`,
			);
			assert.match(mail.body, new RegExp(TOOL.tool));
			assert.match(mail.body, new RegExp(`${review.toolParameters.amount}`));
			assert.deepEqual(
				buttons.map((b) => b.text),
				['Decline', 'Approve'],
			);
		},
	);

	const button = buttons.find((b) => b.text === review.decision);
	const opened = await fetch(/** @type {{ url: string }} */ (button).url, {
		headers: { 'user-agent': BROWSER },
	});
	assert.equal(opened.status, 200, `the ${review.decision} link answered ${opened.status}`);
	const finished = await waitFor(
		'the execution to finish',
		async () => {
			const current = await getExecution(stack.client, execution.id);
			return current.finished || ['success', 'error', 'crashed'].includes(current.status)
				? current
				: undefined;
		},
		{ timeoutMs: 90_000 },
	);
	// The reviewer clicks again (a double click, a forwarded e-mail): the decision is taken once.
	const again = await fetch(/** @type {{ url: string }} */ (button).url, {
		headers: { 'user-agent': BROWSER },
	});
	return {
		code: finished.status === 'success' ? 0 : 1,
		run: finished,
		chats: model.requestsFor(review.script.prompt),
		requests: [...stack.sandbox.requests],
		againStatus: again.status,
		workflowId: created.id,
	};
}

/**
 * @param {import('../../lib/report').Report} report
 * @param {typeof REVIEWS[number]} review
 * @param {Awaited<ReturnType<typeof runReview>>} outcome
 */
async function checkReview(report, review, outcome) {
	const { title } = review;
	await report.check(
		`${title}: the run succeeds; the model was offered the tool gated (its parameters under toolParameters)`,
		() => {
			assert.equal(
				outcome.run.status,
				'success',
				JSON.stringify(outcome.run.data?.resultData?.error),
			);
			const offered = outcome.chats[0].tools?.find((t) => t.function.name === TOOL.tool);
			assert.ok(offered, 'the gated tool was not offered');
			assert.ok(offered.function.parameters?.properties?.toolParameters, JSON.stringify(offered));
			assert.equal(outcome.chats.length, 2, `the model received ${outcome.chats.length} requests`);
			assert.ok(agentOutput(outcome).startsWith(FINAL_ANSWER_PREFIX), agentOutput(outcome));
		},
	);
	if (review.decision === 'Decline') {
		await report.check(`${title}: no request reached the API, also after a second click`, () => {
			assert.deepEqual(requestLines(outcome.requests), []);
		});
		await report.check(`${title}: the agent was told the reviewer rejected the call`, () => {
			const [answer] = toolAnswers(outcome.chats);
			assert.match(answer, new RegExp(`rejected the tool call to ${TOOL.node}`));
		});
		return;
	}
	await report.check(
		`${title}: exactly one POST /v1/charges, with the model's values and the order's Idempotency-Key, also after a second click`,
		() => {
			assert.deepEqual(requestLines(outcome.requests), ['POST /v1/charges']);
			const [request] = outcome.requests;
			assert.deepEqual(request.body, {
				amount: review.toolParameters.amount,
				payment_method: 'pix',
				customer: {
					name: review.toolParameters.customerName,
					email: review.toolParameters.customerEmail,
				},
			});
			assert.equal(request.headers['idempotency-key'], `order-${review.order}`);
		},
	);
	await report.check(`${title}: the model received the new pending charge and the key sent`, () => {
		const [charge] = records(toolAnswers(outcome.chats)[0]);
		assert.equal(charge.status, 'pending');
		assert.equal(charge.amount, review.toolParameters.amount);
		assert.equal(charge.idempotencyKey, `order-${review.order}`);
	});
}

/**
 * The reviewer's inbox and the SMTP credential n8n sends to it. `stop` closes the inbox.
 * @param {{ client: { ensureCredential: (c: object) => Promise<{ id: string, name: string }> } }} stack
 */
async function startInbox(stack) {
	const mailbox = new Mailbox();
	const port = await mailbox.start();
	const smtpCredential = await stack.client.ensureCredential({
		name: 'Reviewer inbox (loopback)',
		type: 'smtp',
		data: { user: '', password: '', host: '127.0.0.1', port, secure: false, disableStartTls: true },
	});
	return { mailbox, smtpCredential };
}

/**
 * Every review run and its checks; returns the outcomes (the first one's workflow is the editor screenshot's).
 * @param {import('../../lib/report').Report} report
 * @param {Parameters<typeof runReview>[1]} context
 */
async function runHumanReviews(report, context) {
	const outcomes = [];
	for (const review of REVIEWS) {
		const outcome = await runReview(report, context, review);
		if (process.env.AGENT_DUMP === '1') console.log(JSON.stringify(outcome.chats, null, 2));
		await checkReview(report, review, outcome);
		outcomes.push(outcome);
	}
	return outcomes;
}

module.exports = { HUMAN_REVIEW_SCRIPTS, HUMAN_REVIEW_SHOT, runHumanReviews, startInbox };
