'use strict';
/**
 * The agent workflow, as the editor saves it: Manual Trigger → AI Agent, with an OpenAI chat model (pointed at the
 * scripted model) and five Payment Platform tools whose parameters the model fills in through $fromAI.
 */
const { chain, manualTriggerNode, paymentPlatformNode } = require('../../lib/workflows');
const { chargeGet } = require('../../../test/harness/parameters');

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
		parameters: chargeGet("={{ $fromAI('chargeId', 'The charge ID (a UUID)', 'string') }}"),
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

/** The AI Agent node, asked `prompt`. @param {string} prompt */
const agentNode = (prompt) => ({
	name: AGENT_NAME,
	type: '@n8n/n8n-nodes-langchain.agent',
	typeVersion: 3.1,
	parameters: { promptType: 'define', text: prompt, options: {} },
});

/** The OpenAI chat model, pointed at the scripted model by its credential. @param {{ id: string, name: string }} credential */
const modelNode = (credential) => ({
	name: MODEL_NAME,
	type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
	typeVersion: 1.2,
	parameters: { model: { __rl: true, mode: 'id', value: 'scripted-model' }, options: {} },
	credentials: { openAiApi: credential },
});

/**
 * A tool of TOOLS as the node n8n generates for it (`usableAsTool`).
 * @param {typeof TOOLS[keyof typeof TOOLS]} tool
 * @param {{ id: string, name: string }} credential
 * @param {object} [parameters] the tool's parameters, if not its own
 */
const toolNode = (tool, credential, parameters = tool.parameters) =>
	paymentPlatformNode(tool.node, parameters, credential, { asTool: true });

/**
 * Connects the sub-node `from` to `to` (the agent unless told) as `type` (ai_languageModel, ai_tool).
 * @param {import('../../lib/workflows').WorkflowJson} workflow
 * @param {string} from
 * @param {string} type
 * @param {string} [to]
 */
function connectSubNode(workflow, from, type, to = AGENT_NAME) {
	Object.assign(workflow.connections, { [from]: { [type]: [[{ node: to, type, index: 0 }]] } });
}

/**
 * @param {string} name
 * @param {string} prompt What the user asks the agent.
 * @param {{ paymentPlatform: { id: string, name: string }, model: { id: string, name: string } }} credentials
 */
function agentWorkflow(name, prompt, credentials) {
	const workflow = chain(name, [manualTriggerNode(), agentNode(prompt)]);
	const below = (index) => [220 + index * 200, 240];
	const model = { id: 'scripted-model', position: below(0), ...modelNode(credentials.model) };
	const tools = Object.values(TOOLS).map((tool, index) => ({
		id: `tool-${index + 1}`,
		position: below(index + 1),
		...toolNode(tool, credentials.paymentPlatform),
	}));
	workflow.nodes.push(model, ...tools);
	connectSubNode(workflow, MODEL_NAME, 'ai_languageModel');
	for (const tool of tools) connectSubNode(workflow, tool.name, 'ai_tool');
	return workflow;
}

module.exports = {
	AGENT_NAME,
	MODEL_NAME,
	TOOLS,
	agentNode,
	agentWorkflow,
	connectSubNode,
	modelNode,
	toolNode,
};
