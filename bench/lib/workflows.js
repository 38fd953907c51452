'use strict';
/**
 * The workflows the benchmarks import into n8n: ours and the baselines a user would build instead, with the same
 * shape around the node under test so that only that node differs.
 */
const { randomUUID } = require('crypto');
const { chain, credentialsOf } = require('../../scripts/lib/workflowBuilder');
const { CREDENTIAL_TYPE, NODE_TYPES } = require('../../scripts/lib/packageInfo');

/** n8n's HTTP Request node: the default version the editor adds in n8n 2.41.1. */
const HTTP_REQUEST_VERSION = 4.5;
const WEBHOOK_VERSION = 2.1;
/** The Payment Platform Trigger's default version (what the editor adds). */
const TRIGGER_VERSION = 1.1;

/**
 * A Webhook node on POST /webhook/<path>. `lastNode` answers when the workflow has finished (the caller's time is
 * the run's time); `onReceived` answers at once.
 */
function webhookNode(name, responseMode) {
	const path = randomUUID();
	return {
		path,
		node: {
			name,
			type: 'n8n-nodes-base.webhook',
			typeVersion: WEBHOOK_VERSION,
			webhookId: path,
			parameters: {
				httpMethod: 'POST',
				path,
				responseMode,
				...(responseMode === 'lastNode' ? { responseData: 'noData' } : {}),
				options: {},
			},
		},
	};
}

/** Split Out: one item per entry of the request body's `ids`, as `{ chargeId }`. No Code node, no task runner. */
const splitIdsNode = {
	name: 'One Item per Charge',
	type: 'n8n-nodes-base.splitOut',
	typeVersion: 1,
	parameters: {
		fieldToSplitOut: 'body.ids',
		include: 'noOtherFields',
		options: { destinationFieldName: 'chargeId' },
	},
};

/** Node names whose run time the benchmark reads from the execution data. */
const NODE_UNDER_TEST = 'Node Under Test';

/** Webhook (ids in the body) → Split Out → Payment Platform Charge Get, one call per item. */
function chargeGetWorkflow(credential) {
	const webhook = webhookNode('Start', 'lastNode');
	return {
		path: webhook.path,
		workflow: chain('Bench: Charge Get (Payment Platform)', [
			webhook.node,
			splitIdsNode,
			{
				name: NODE_UNDER_TEST,
				type: NODE_TYPES.action,
				typeVersion: 1,
				parameters: {
					resource: 'charge',
					operation: 'get',
					chargeId: { __rl: true, mode: 'id', value: '={{ $json.chargeId }}' },
				},
				credentials: credentialsOf(credential),
			},
		]),
	};
}

/** The same GETs through n8n's HTTP Request node with the same credential (predefined credential type). */
function httpRequestGetWorkflow(credential, sandboxUrl) {
	const webhook = webhookNode('Start', 'lastNode');
	return {
		path: webhook.path,
		workflow: chain('Bench: Charge Get (HTTP Request)', [
			webhook.node,
			splitIdsNode,
			{
				name: NODE_UNDER_TEST,
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: HTTP_REQUEST_VERSION,
				parameters: {
					method: 'GET',
					url: `=${sandboxUrl.replace(/\/+$/, '')}/v1/charges/{{ $json.chargeId }}`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: CREDENTIAL_TYPE,
					options: {},
				},
				credentials: credentialsOf(credential),
			},
		]),
	};
}

/** Webhook → Payment Platform Charge Get Many with Return All. */
function chargeGetAllWorkflow(credential) {
	const webhook = webhookNode('Start', 'lastNode');
	return {
		path: webhook.path,
		workflow: chain('Bench: Charge Get Many, Return All', [
			webhook.node,
			{
				name: NODE_UNDER_TEST,
				type: NODE_TYPES.action,
				typeVersion: 1,
				parameters: { resource: 'charge', operation: 'getAll', returnAll: true, filters: {} },
				credentials: credentialsOf(credential),
			},
		]),
	};
}

/** The Payment Platform Trigger alone; production URL `<n8n>/webhook/<webhookId>/webhook`. */
function triggerWorkflow(credential, events) {
	const webhookId = randomUUID();
	return {
		path: `${webhookId}/webhook`,
		workflow: chain('Bench: Payment Platform Trigger', [
			{
				name: NODE_UNDER_TEST,
				type: NODE_TYPES.trigger,
				typeVersion: TRIGGER_VERSION,
				webhookId,
				parameters: { events, options: {} },
				credentials: credentialsOf(credential),
			},
		]),
	};
}

/** A plain Webhook node alone, answering at once, checking nothing: what a user would build without our trigger. */
function plainWebhookWorkflow() {
	const webhook = webhookNode(NODE_UNDER_TEST, 'onReceived');
	return { path: webhook.path, workflow: chain('Bench: plain Webhook (no check)', [webhook.node]) };
}

module.exports = {
	HTTP_REQUEST_VERSION,
	NODE_UNDER_TEST,
	TRIGGER_VERSION,
	WEBHOOK_VERSION,
	chargeGetAllWorkflow,
	chargeGetWorkflow,
	httpRequestGetWorkflow,
	plainWebhookWorkflow,
	triggerWorkflow,
};
