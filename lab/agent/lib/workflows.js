'use strict';
/**
 * The agent workflow, as the editor saves it: Manual Trigger → AI Agent, with an OpenAI chat model (pointed at the
 * scripted model) and five Payment Platform tools whose parameters the model fills in through $fromAI.
 */
const { chain, credentialsOf } = require('../../lib/workflowBuilder');
const { NODE_TYPES } = require('../../../scripts/lib/packageInfo');

/** n8n generates the `…Tool` node type for a node with `usableAsTool: true`. */
const TOOL_TYPE = `${NODE_TYPES.action}Tool`;
const TOOL_VERSION = 1;
const AGENT_NAME = 'AI Agent';
const MODEL_NAME = 'OpenAI Chat Model';

/**
 * The tool nodes, named as the editor names them (the operation's action + " in Payment Platform"). n8n names each
 * tool after its node (spaces become underscores) and describes it with the same text unless the user writes one.
 */
const TOOLS = {
	listCharges: {
		node: 'Get many charges in Payment Platform',
		tool: 'Get_many_charges_in_Payment_Platform',
		fromAI: ['status'],
		parameters: {
			resource: 'charge',
			operation: 'getAll',
			limit: 10,
			filters: {
				status: "={{ $fromAI('status', 'Only charges in this status, e.g. captured', 'string') }}",
			},
		},
	},
	getCharge: {
		node: 'Get a charge by ID in Payment Platform',
		tool: 'Get_a_charge_by_ID_in_Payment_Platform',
		fromAI: ['chargeId'],
		parameters: {
			resource: 'charge',
			operation: 'get',
			chargeId: {
				__rl: true,
				mode: 'id',
				value: "={{ $fromAI('chargeId', 'The charge ID (a UUID)', 'string') }}",
			},
		},
	},
	createCharge: {
		node: 'Create a charge in Payment Platform',
		tool: 'Create_a_charge_in_Payment_Platform',
		fromAI: ['amount', 'customerEmail', 'customerName'],
		parameters: {
			resource: 'charge',
			operation: 'create',
			paymentMethod: 'pix',
			amount: "={{ $fromAI('amount', 'Amount in cents, e.g. 1500 for R$ 15,00', 'number') }}",
			customer: {
				details: {
					name: "={{ $fromAI('customerName', 'Full name of the customer who pays', 'string') }}",
					email: "={{ $fromAI('customerEmail', 'E-mail of the customer who pays', 'string') }}",
				},
			},
		},
	},
	listPaymentLinks: {
		node: 'Get many payment links in Payment Platform',
		tool: 'Get_many_payment_links_in_Payment_Platform',
		fromAI: ['limit'],
		parameters: {
			resource: 'paymentLink',
			operation: 'getAll',
			returnAll: false,
			limit:
				"={{ $fromAI('limit', 'How many payment links to return at most, e.g. 10', 'number') }}",
		},
	},
	createPaymentLink: {
		node: 'Create a payment link in Payment Platform',
		tool: 'Create_a_payment_link_in_Payment_Platform',
		fromAI: ['amount', 'title'],
		parameters: {
			resource: 'paymentLink',
			operation: 'create',
			title:
				"={{ $fromAI('title', 'Name of the product or service the customer sees', 'string') }}",
			amount: "={{ $fromAI('amount', 'Price in cents, e.g. 4990 for R$ 49,90', 'number') }}",
		},
	},
};

/**
 * @param {string} name
 * @param {string} prompt What the user asks the agent.
 * @param {{ paymentPlatform: { id: string, name: string }, model: { id: string, name: string } }} credentials
 */
function agentWorkflow(name, prompt, credentials) {
	const workflow = chain(name, [
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		{
			name: AGENT_NAME,
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: 3.1,
			parameters: { promptType: 'define', text: prompt, options: {} },
		},
	]);
	const below = (index) => [220 + index * 200, 240];
	const model = {
		id: 'scripted-model',
		name: MODEL_NAME,
		type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
		typeVersion: 1.2,
		position: below(0),
		parameters: { model: { __rl: true, mode: 'id', value: 'scripted-model' }, options: {} },
		credentials: { openAiApi: credentials.model },
	};
	const tools = Object.values(TOOLS).map((tool, index) => ({
		id: `tool-${index + 1}`,
		name: tool.node,
		type: TOOL_TYPE,
		typeVersion: TOOL_VERSION,
		position: below(index + 1),
		parameters: tool.parameters,
		credentials: credentialsOf(credentials.paymentPlatform),
	}));
	workflow.nodes.push(model, ...tools);
	const to = (type) => ({ [type]: [[{ node: AGENT_NAME, type, index: 0 }]] });
	Object.assign(
		workflow.connections,
		{ [MODEL_NAME]: to('ai_languageModel') },
		...tools.map((tool) => ({ [tool.name]: to('ai_tool') })),
	);
	return workflow;
}

module.exports = { AGENT_NAME, MODEL_NAME, TOOLS, TOOL_TYPE, agentWorkflow };
