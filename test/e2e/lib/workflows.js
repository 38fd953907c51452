'use strict';
/**
 * Workflows the end-to-end suite imports into n8n, as the editor would save them.
 */
const { randomUUID } = require('crypto');
const { chain, credentialsOf } = require('../../../scripts/lib/workflowBuilder');
const { NODE_TYPES } = require('../../../scripts/lib/packageInfo');

const ACTION_NODE_NAME = 'Payment Platform';
const TRIGGER_NODE_NAME = 'Payment Platform Trigger';

/**
 * Manual Trigger → [before...] → Payment Platform with `parameters`.
 * @param {string} name
 * @param {object} parameters The action node's parameters (resource, operation, ...).
 * @param {{ id: string, name: string }} credential
 * @param {Array<object | ((credential: { id: string, name: string }) => object)>} [before] Nodes between the
 *   trigger and the action node (name, type, typeVersion, parameters); a function is given the credential.
 */
function operationWorkflow(name, parameters, credential, before = []) {
	return chain(name, [
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		...before.map((node) => (typeof node === 'function' ? node(credential) : node)),
		{
			name: ACTION_NODE_NAME,
			type: NODE_TYPES.action,
			typeVersion: 1,
			parameters,
			credentials: credentialsOf(credential),
		},
	]);
}

/**
 * A Payment Platform Trigger alone, with a fixed webhookId so its production URL is known:
 * `<n8n>/webhook/<webhookId>/webhook`.
 */
function triggerWorkflow(name, events, credential, options = {}) {
	const webhookId = randomUUID();
	return {
		webhookId,
		workflow: chain(name, [
			{
				name: TRIGGER_NODE_NAME,
				type: NODE_TYPES.trigger,
				typeVersion: 1,
				webhookId,
				parameters: { events, options },
				credentials: credentialsOf(credential),
			},
		]),
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
					type: 'string',
				})),
			},
			options: {},
		},
	};
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
	base64ToFileNode,
	nodeOutput,
	operationWorkflow,
	setNode,
	triggerWorkflow,
};
