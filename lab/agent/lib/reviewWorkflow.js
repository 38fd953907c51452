'use strict';
/**
 * The gated workflow of the human review runs (humanReview.js), as the editor saves it: Webhook → AI Agent with the
 * scripted model, and Charge → Create as a tool connected to an e-mail review node (n8n's `…HitlTool` for Send Email),
 * which is connected to the agent.
 */
const { randomUUID } = require('crypto');
const { credentialsOf } = require('../../lib/workflowBuilder');
const { AGENT_NAME, MODEL_NAME, TOOL_TYPE, TOOLS } = require('./workflows');

const REVIEW_NODE = 'Approve by e-mail';
const REVIEW_TYPE = 'n8n-nodes-base.emailSendHitlTool';
const REVIEW_VERSION = 2.1;
const WEBHOOK_NODE = 'Order received';
const REVIEWER = 'finance@example.com';
const SUBJECT = 'Approve a charge?';
const TOOL = TOOLS.createCharge;

/**
 * Webhook → AI Agent; the model; Charge → Create as a tool (Idempotency Key from the order) gated by the review node.
 * @param {{ prompt: string, webhookPath: string, credentials: { paymentPlatform: { id: string, name: string },
 *   model: { id: string, name: string }, smtp: { id: string, name: string } } }} options
 */
function reviewWorkflow({ prompt, webhookPath, credentials }) {
	const at = (x, y) => [x, y];
	const nodes = [
		{
			id: randomUUID(),
			name: WEBHOOK_NODE,
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: at(0, 0),
			webhookId: randomUUID(),
			parameters: {
				httpMethod: 'POST',
				path: webhookPath,
				responseMode: 'onReceived',
				options: {},
			},
		},
		{
			id: randomUUID(),
			name: AGENT_NAME,
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: 3.1,
			position: at(260, 0),
			parameters: { promptType: 'define', text: prompt, options: {} },
		},
		{
			id: randomUUID(),
			name: MODEL_NAME,
			type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
			typeVersion: 1.2,
			position: at(180, 240),
			parameters: { model: { __rl: true, mode: 'id', value: 'scripted-model' }, options: {} },
			credentials: { openAiApi: credentials.model },
		},
		{
			id: randomUUID(),
			name: REVIEW_NODE,
			type: REVIEW_TYPE,
			typeVersion: REVIEW_VERSION,
			position: at(420, 240),
			parameters: {
				fromEmail: 'n8n@example.com',
				toEmail: REVIEWER,
				subject: SUBJECT,
				message:
					'=The agent wants to run this tool: {{ $tool.name }}\n\nInput:\n{{ JSON.stringify($tool.parameters) }}',
				approvalOptions: { values: { approvalType: 'double', disapproveLabel: 'Decline' } },
				options: { appendAttribution: false },
			},
			credentials: { smtp: credentials.smtp },
		},
		{
			id: randomUUID(),
			name: TOOL.node,
			type: TOOL_TYPE,
			typeVersion: 1,
			position: at(640, 380),
			parameters: {
				...TOOL.parameters,
				// The same on every retry of this order's intent: a second run for the order creates nothing twice.
				idempotencyKey: `={{ 'order-' + $('${WEBHOOK_NODE}').first().json.body.order }}`,
			},
			credentials: credentialsOf(credentials.paymentPlatform),
		},
	];
	const link = (to, type) => ({ [type]: [[{ node: to, type, index: 0 }]] });
	return {
		name: `Agent: ${prompt}`,
		nodes,
		connections: {
			[WEBHOOK_NODE]: link(AGENT_NAME, 'main'),
			[MODEL_NAME]: link(AGENT_NAME, 'ai_languageModel'),
			[TOOL.node]: link(REVIEW_NODE, 'ai_tool'),
			[REVIEW_NODE]: link(AGENT_NAME, 'ai_tool'),
		},
		settings: { executionOrder: 'v1' },
	};
}

module.exports = {
	REVIEW_NODE,
	REVIEW_TYPE,
	REVIEWER,
	SUBJECT,
	TOOL,
	WEBHOOK_NODE,
	reviewWorkflow,
};
