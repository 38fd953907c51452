'use strict';
/**
 * Workflows the real-n8n suites import into n8n, as the editor would save them.
 */
const { randomUUID } = require('crypto');
const { chain, credentialsOf } = require('./workflowBuilder');
const { NODE_TYPES } = require('../../scripts/lib/packageInfo');

const ACTION_NODE_NAME = 'Payment Platform';
const TRIGGER_NODE_NAME = 'Payment Platform Trigger';
/** The trigger's one typeVersion, as the editor saves it. */
const TRIGGER_TYPE_VERSION = 1.1;

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
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		...before.map((node) => (typeof node === 'function' ? node(credential) : node)),
		{
			name: ACTION_NODE_NAME,
			type: NODE_TYPES.action,
			typeVersion: 1,
			parameters,
			credentials: credentialsOf(credential),
			...node.settings,
		},
	]);
}

/**
 * A Payment Platform Trigger, with a fixed webhookId so its production URL is known:
 * `<n8n>/webhook/<webhookId>/webhook`. Alone unless told: more `parameters` (e.g. `acknowledge`) and the nodes
 * chained `after` it.
 * @param {string} name
 * @param {string[]} events
 * @param {{ id: string, name: string }} credential
 * @param {object} [options] the trigger's Options collection
 * @param {{ parameters?: object, after?: object[] }} [more]
 */
function triggerWorkflow(
	name,
	events,
	credential,
	options = {},
	{ parameters = {}, after = [] } = {},
) {
	const webhookId = randomUUID();
	return {
		webhookId,
		workflow: chain(name, [
			{
				name: TRIGGER_NODE_NAME,
				type: NODE_TYPES.trigger,
				typeVersion: TRIGGER_TYPE_VERSION,
				webhookId,
				parameters: { ...parameters, events, options },
				credentials: credentialsOf(credential),
			},
			...after,
		]),
	};
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
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url,
			sendBody: true,
			bodyParameters: {
				parameters: Object.entries(fields).map(([field, value]) => ({ name: field, value })),
			},
			options: {},
		},
	};
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
		{
			name,
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			parameters: { fieldToSplitOut: 'items', include: 'noOtherFields', options: {} },
		},
	];
}

/** Another Payment Platform node before the one under test (e.g. a list whose items it acts on). */
function actionNode(name, parameters) {
	return (credential) => ({
		name,
		type: NODE_TYPES.action,
		typeVersion: 1,
		parameters,
		credentials: credentialsOf(credential),
	});
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

/** What one node emitted (first run, first output) in an execution's data, as JSON items. */
function nodeOutput(executionData, nodeName) {
	const run = executionData?.resultData?.runData?.[nodeName]?.[0];
	return (run?.data?.main?.[0] ?? []).map((item) => item.json);
}

module.exports = {
	ACTION_NODE_NAME,
	actionNode,
	TRIGGER_NODE_NAME,
	TRIGGER_TYPE_VERSION,
	base64ToFileNode,
	itemsNodes,
	nodeOutput,
	operationWorkflow,
	postNode,
	setNode,
	stopAndErrorNode,
	triggerWorkflow,
};
