'use strict';
/**
 * The nodes and workflows the real-n8n suites and the benchmarks import into n8n, as the editor would save them: each
 * kind of node is built here once (a suite's own workflows are chains of these).
 */
const { randomUUID } = require('crypto');
const { CREDENTIAL_TYPE, NODE_TYPES } = require('../../scripts/lib/packageInfo');

/**
 * @typedef {{ name: string, type: string, typeVersion: number, parameters: object, [key: string]: unknown }} NodeJson
 * @typedef {{ name: string, nodes: Array<NodeJson & { id: string, position: number[] }>,
 *   connections: Record<string, { main: Array<Array<{ node: string, type: string, index: number }>> }>,
 *   settings: { executionOrder: string } }} WorkflowJson
 */

/**
 * A chain of nodes, each connected to the next on its first output.
 * @param {string} name
 * @param {NodeJson[]} nodes
 * @returns {WorkflowJson}
 */
function chain(name, nodes) {
	/** @type {WorkflowJson['connections']} */
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	return {
		name,
		nodes: nodes.map((node, i) => ({ id: randomUUID(), position: [i * 220, 0], ...node })),
		connections,
		settings: { executionOrder: 'v1' },
	};
}

/**
 * The `credentials` entry of a node that uses this Payment Platform credential.
 * @param {{ id: string, name: string }} credential
 */
const credentialsOf = (credential) => ({
	[CREDENTIAL_TYPE]: { id: credential.id, name: credential.name },
});

const ACTION_NODE_NAME = 'Payment Platform';
const TRIGGER_NODE_NAME = 'Payment Platform Trigger';
/** The action node's one typeVersion. */
const ACTION_TYPE_VERSION = 1;
/** The trigger's one typeVersion, as the editor saves it. */
const TRIGGER_TYPE_VERSION = 1.1;
/** n8n's own nodes at versions every n8n line under test has (1.123 and 2.x). */
const WEBHOOK_TYPE_VERSION = 2.1;
const HTTP_REQUEST_TYPE_VERSION = 4.2;
const WAIT_TYPE_VERSION = 1.1;

/** @typedef {{ id: string, name: string }} Credential */

/** The Manual Trigger: a run started from the editor or `n8n execute`. */
const manualTriggerNode = (name = 'Start') => ({
	name,
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	parameters: {},
});

/**
 * A Payment Platform action node with `parameters` and the credential; `asTool`: the tool n8n generates from it for an
 * AI Agent (`usableAsTool`).
 * @param {string} name
 * @param {object} parameters resource, operation, ...
 * @param {Credential} credential
 * @param {{ asTool?: boolean }} [kind]
 */
function paymentPlatformNode(name, parameters, credential, { asTool = false } = {}) {
	return {
		name,
		type: asTool ? `${NODE_TYPES.action}Tool` : NODE_TYPES.action,
		typeVersion: ACTION_TYPE_VERSION,
		parameters,
		credentials: credentialsOf(credential),
	};
}

/**
 * A Payment Platform Trigger with a fixed webhookId, so that its production URL is known:
 * `<n8n>/webhook/<webhookId>/webhook`.
 * @param {string} name
 * @param {object} parameters events, options, acknowledge, ...
 * @param {Credential} credential
 */
function paymentPlatformTriggerNode(name, parameters, credential) {
	return {
		name,
		type: NODE_TYPES.trigger,
		typeVersion: TRIGGER_TYPE_VERSION,
		webhookId: randomUUID(),
		parameters,
		credentials: credentialsOf(credential),
	};
}

/**
 * n8n's Webhook node on POST `<n8n>/webhook/<path>`. `onReceived` answers at once; `lastNode` when the run is over
 * (with `responseData`, e.g. `noData`).
 * @param {string} name
 * @param {{ path?: string, responseMode?: 'onReceived' | 'lastNode', responseData?: string, options?: object }} [how]
 */
function webhookNode(
	name,
	{ path = randomUUID(), responseMode = 'onReceived', responseData, options = {} } = {},
) {
	return {
		name,
		type: 'n8n-nodes-base.webhook',
		typeVersion: WEBHOOK_TYPE_VERSION,
		webhookId: path,
		parameters: {
			httpMethod: 'POST',
			path,
			responseMode,
			...(responseData === undefined ? {} : { responseData }),
			options,
		},
	};
}

/**
 * n8n's HTTP Request node; with `credential`, authenticated by the Payment Platform credential (a predefined
 * credential type).
 * @param {string} name
 * @param {object} parameters method, url, ...
 * @param {{ credential?: Credential, typeVersion?: number }} [how]
 */
function httpRequestNode(
	name,
	parameters,
	{ credential, typeVersion = HTTP_REQUEST_TYPE_VERSION } = {},
) {
	const node = {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion,
		parameters: { ...parameters },
	};
	if (!credential) return node;
	Object.assign(node.parameters, {
		authentication: 'predefinedCredentialType',
		nodeCredentialType: CREDENTIAL_TYPE,
	});
	return { ...node, credentials: credentialsOf(credential) };
}

/**
 * n8n's Wait node: `parameters` say how long, or until what (`resume`).
 * @param {string} name
 * @param {object} parameters
 */
const waitNode = (name, parameters) => ({
	name,
	type: 'n8n-nodes-base.wait',
	typeVersion: WAIT_TYPE_VERSION,
	parameters,
	webhookId: randomUUID(),
});

/**
 * Manual Trigger → [before...] → Payment Platform with `parameters`.
 * @param {string} name
 * @param {object} parameters The action node's parameters (resource, operation, ...).
 * @param {{ id: string, name: string }} credential
 * @param {Array<object | ((credential: { id: string, name: string }) => object)>} [before] Nodes between the
 *   trigger and the action node (name, type, typeVersion, parameters); a function is given the credential.
 * @param {{ settings?: object }} [node] the action node's settings (retryOnFail, maxTries, waitBetweenTries,
 *   continueOnFail)
 */
function operationWorkflow(name, parameters, credential, before = [], node = {}) {
	return chain(name, [
		manualTriggerNode(),
		...before.map((node) => (typeof node === 'function' ? node(credential) : node)),
		{ ...paymentPlatformNode(ACTION_NODE_NAME, parameters, credential), ...node.settings },
	]);
}

/**
 * A Payment Platform Trigger (paymentPlatformTriggerNode) alone unless told: more `parameters` (e.g. `acknowledge`)
 * and the nodes chained `after` it.
 * @param {string} name
 * @param {string[]} events
 * @param {{ id: string, name: string }} credential
 * @param {object} [options] the trigger's Options collection
 * @param {{ parameters?: object, after?: object[], nodeName?: string }} [more]
 */
function triggerWorkflow(
	name,
	events,
	credential,
	options = {},
	{ parameters = {}, after = [], nodeName = TRIGGER_NODE_NAME } = {},
) {
	const trigger = paymentPlatformTriggerNode(
		nodeName,
		{ ...parameters, events, options },
		credential,
	);
	return { webhookId: trigger.webhookId, workflow: chain(name, [trigger, ...after]) };
}

/**
 * Code node that counts the runs in the workflow's global static data: a node other than the trigger that changes
 * static data, so that n8n saves the run's static data when it ends.
 * @param {string} name
 */
function countRunsNode(name) {
	return {
		name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: {
			jsCode:
				"const data = $getWorkflowStaticData('global');\ndata.runs = (data.runs || 0) + 1;\nreturn $input.all();",
		},
	};
}

/**
 * Trigger (After the Workflow Succeeds, the Endpoint Events given) → `before` → Count Runs → Wait `waitSeconds`: a run
 * that changes static data while it waits. `webhookId`: keep the first version's (a changed version of it).
 * @param {string} name
 * @param {string[]} events
 * @param {{ id: string, name: string }} credential
 * @param {{ endpointEvents: string, waitSeconds: number, before?: object[], webhookId?: string }} shape
 */
function countingTriggerWorkflow(name, events, credential, shape) {
	const built = triggerWorkflow(
		name,
		events,
		credential,
		{ endpointEvents: shape.endpointEvents },
		{
			parameters: { acknowledge: 'lastNode' },
			after: [
				...(shape.before ?? []),
				countRunsNode('Count Runs'),
				waitNode('Wait', { resume: 'timeInterval', amount: shape.waitSeconds, unit: 'seconds' }),
			],
		},
	);
	if (shape.webhookId === undefined) return built;
	built.workflow.nodes[0].webhookId = shape.webhookId;
	return { webhookId: shape.webhookId, workflow: built.workflow };
}

/** Stop and Error: fails the execution with `message`. */
function stopAndErrorNode(name, message) {
	return {
		name,
		type: 'n8n-nodes-base.stopAndError',
		typeVersion: 1,
		parameters: { errorType: 'errorMessage', errorMessage: message },
	};
}

/** HTTP Request: POSTs the string `fields` (expressions allowed) as JSON to `url`. */
function postNode(name, url, fields) {
	return httpRequestNode(name, {
		method: 'POST',
		url,
		sendBody: true,
		bodyParameters: {
			parameters: Object.entries(fields).map(([field, value]) => ({ name: field, value })),
		},
		options: {},
	});
}

/** Set (Edit Fields) node that puts string fields on the item. */
function setNode(name, fields) {
	return {
		name,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: Object.entries(fields).map(([field, value]) => ({
					id: randomUUID(),
					name: field,
					value,
					type: typeof value === 'number' ? 'number' : 'string',
				})),
			},
			options: {},
		},
	};
}

/**
 * Several items, as a sheet hands them over: a Set node outputs them as one list, which Split Out makes one item each.
 * @param {string} name
 * @param {Array<Record<string, string | number>>} items
 */
function itemsNodes(name, items) {
	return [
		{
			name: `${name} As List`,
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			parameters: { mode: 'raw', jsonOutput: JSON.stringify({ items }), options: {} },
		},
		splitOutNode(name, 'items'),
	];
}

/**
 * Split Out: one item per entry of the list in `field` of each item, keeping nothing else.
 * @param {string} name
 * @param {string} field
 * @param {object} [options] e.g. `{ destinationFieldName }`
 */
function splitOutNode(name, field, options = {}) {
	return {
		name,
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		parameters: { fieldToSplitOut: field, include: 'noOtherFields', options },
	};
}

/** Another Payment Platform node before the one under test (e.g. a list whose items it acts on). */
function actionNode(name, parameters) {
	return (credential) => paymentPlatformNode(name, parameters, credential);
}

/** Convert to File: the base64 text in `sourceProperty` becomes the binary field `data`. */
function base64ToFileNode(name, sourceProperty, fileName, mimeType) {
	return {
		name,
		type: 'n8n-nodes-base.convertToFile',
		typeVersion: 1.1,
		parameters: {
			operation: 'toBinary',
			sourceProperty,
			binaryPropertyName: 'data',
			options: { fileName, mimeType },
		},
	};
}

module.exports = {
	chain,
	ACTION_NODE_NAME,
	TRIGGER_NODE_NAME,
	TRIGGER_TYPE_VERSION,
	actionNode,
	base64ToFileNode,
	countRunsNode,
	countingTriggerWorkflow,
	httpRequestNode,
	itemsNodes,
	manualTriggerNode,
	operationWorkflow,
	paymentPlatformNode,
	paymentPlatformTriggerNode,
	postNode,
	setNode,
	splitOutNode,
	stopAndErrorNode,
	triggerWorkflow,
	waitNode,
	webhookNode,
};
