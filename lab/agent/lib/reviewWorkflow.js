'use strict';
/**
 * The gated workflow of the human review runs (humanReview.js), as the editor saves it: Webhook → AI Agent with the
 * scripted model, and Charge → Create as a tool connected to an e-mail review node (n8n's `…HitlTool` for Send Email),
 * which is connected to the agent.
 */
const { randomUUID } = require('crypto');
const { chain, webhookNode } = require('../../lib/workflows');
const {
	MODEL_NAME,
	TOOLS,
	agentNode,
	connectSubNode,
	modelNode,
	toolNode,
} = require('./workflows');

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
	const workflow = chain(`Agent: ${prompt}`, [
		webhookNode(WEBHOOK_NODE, { path: webhookPath }),
		agentNode(prompt),
	]);
	const review = {
		name: REVIEW_NODE,
		type: REVIEW_TYPE,
		typeVersion: REVIEW_VERSION,
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
	};
	const tool = toolNode(TOOL, credentials.paymentPlatform, {
		...TOOL.parameters,
		// The same on every retry of this order's intent: a second run for the order creates nothing twice.
		idempotencyKey: `={{ 'order-' + $('${WEBHOOK_NODE}').first().json.body.order }}`,
	});
	workflow.nodes.push(
		{ id: randomUUID(), position: [180, 240], ...modelNode(credentials.model) },
		{ id: randomUUID(), position: [420, 240], ...review },
		{ id: randomUUID(), position: [640, 380], ...tool },
	);
	connectSubNode(workflow, MODEL_NAME, 'ai_languageModel');
	connectSubNode(workflow, TOOL.node, 'ai_tool', REVIEW_NODE);
	connectSubNode(workflow, REVIEW_NODE, 'ai_tool');
	return workflow;
}

module.exports = { REVIEW_NODE, REVIEWER, SUBJECT, TOOL, WEBHOOK_NODE, reviewWorkflow };
