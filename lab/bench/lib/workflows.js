'use strict';
/**
 * The workflows the benchmarks import into n8n: ours and the baselines a user would build instead, with the same
 * shape around the node under test so that only that node differs.
 */
const { randomUUID } = require('crypto');
const {
	chain,
	httpRequestNode,
	paymentPlatformNode,
	splitOutNode,
	triggerWorkflow,
	webhookNode,
} = require('../../lib/workflows');
const { chargeGet } = require('../../../test/harness/parameters');

/** n8n's HTTP Request node: the default version the editor adds in n8n 2.41.1. */
const HTTP_REQUEST_VERSION = 4.5;
/** The Crypto and IF nodes' default versions in n8n 2.41.1 (what the editor adds). */
const CRYPTO_VERSION = 2;
const IF_VERSION = 2.3;

/**
 * The Webhook node that starts a bench workflow, and its path. `lastNode` answers when the workflow has finished
 * (the caller's time is the run's time); `onReceived` answers at once.
 * @param {string} name
 * @param {'lastNode' | 'onReceived'} responseMode
 * @param {object} [options] the Webhook node's options, e.g. `{ rawBody: true }`
 */
function startingWebhook(name, responseMode, options = {}) {
	const node = webhookNode(name, {
		responseMode,
		...(responseMode === 'lastNode' ? { responseData: 'noData' } : {}),
		options,
	});
	return { path: node.parameters.path, node };
}

/** Split Out: one item per entry of the request body's `ids`, as `{ chargeId }`. No Code node, no task runner. */
const splitIdsNode = splitOutNode('One Item per Charge', 'body.ids', {
	destinationFieldName: 'chargeId',
});

/** Node names whose run time the benchmark reads from the execution data. */
const NODE_UNDER_TEST = 'Node Under Test';

/** The same NoOp ends every trigger workflow, so that only the way in differs. */
const noOpNode = { name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };

/**
 * Webhook (ids in the body) → Split Out → Payment Platform Charge Get: one call per item, or `batchSize` items at a
 * time with Options → Batching (no interval).
 * @param {{ id: string, name: string }} credential
 * @param {number} [batchSize]
 */
function chargeGetWorkflow(credential, batchSize) {
	const webhook = startingWebhook('Start', 'lastNode');
	const options = batchSize ? { batching: { batch: { batchSize, batchInterval: 0 } } } : {};
	return {
		path: webhook.path,
		workflow: chain(
			`Bench: Charge Get (Payment Platform${batchSize ? `, ${batchSize} per batch` : ''})`,
			[
				webhook.node,
				splitIdsNode,
				paymentPlatformNode(
					NODE_UNDER_TEST,
					chargeGet('={{ $json.chargeId }}', options),
					credential,
				),
			],
		),
	};
}

/** The same GETs through n8n's HTTP Request node with the same credential (predefined credential type). */
function httpRequestGetWorkflow(credential, sandboxUrl) {
	const webhook = startingWebhook('Start', 'lastNode');
	return {
		path: webhook.path,
		workflow: chain('Bench: Charge Get (HTTP Request)', [
			webhook.node,
			splitIdsNode,
			httpRequestNode(
				NODE_UNDER_TEST,
				{
					method: 'GET',
					url: `=${sandboxUrl.replace(/\/+$/, '')}/v1/charges/{{ $json.chargeId }}`,
					options: {},
				},
				{ credential, typeVersion: HTTP_REQUEST_VERSION },
			),
		]),
	};
}

/**
 * What a user builds without this package to read every charge: n8n's HTTP Request node with its own Pagination
 * option (the page number in the query, `{{ $pageCount + 1 }}`, 100 per page, complete when the answer's page is its
 * last) → Split Out of each page's `data`, one item per charge. Same credential, same 100 requests.
 * @param {{ id: string, name: string }} credential
 * @param {string} sandboxUrl
 * @param {{ page: string, perPage: string }} query the API's page and page-size parameter names
 */
function httpRequestPagesWorkflow(credential, sandboxUrl, query) {
	const webhook = startingWebhook('Start', 'lastNode');
	const pages = httpRequestNode(
		'HTTP Request, Every Page',
		{
			method: 'GET',
			url: `${sandboxUrl.replace(/\/+$/, '')}/v1/charges`,
			sendQuery: true,
			queryParameters: { parameters: [{ name: query.perPage, value: '100' }] },
			options: {
				pagination: {
					pagination: {
						paginationMode: 'updateAParameterInEachRequest',
						parameters: {
							parameters: [{ type: 'qs', name: query.page, value: '={{ $pageCount + 1 }}' }],
						},
						paginationCompleteWhen: 'other',
						completeExpression:
							'={{ $response.body.pagination.page >= $response.body.pagination.totalPages }}',
						limitPagesFetched: false,
						requestInterval: 0,
					},
				},
			},
		},
		{ credential, typeVersion: HTTP_REQUEST_VERSION },
	);
	const records = splitOutNode(NODE_UNDER_TEST, 'data');
	return {
		path: webhook.path,
		workflow: chain('Bench: every charge (HTTP Request pagination → Split Out)', [
			webhook.node,
			pages,
			records,
		]),
	};
}

/** Webhook → Payment Platform Charge Get Many with Return All. */
function chargeGetAllWorkflow(credential) {
	const webhook = startingWebhook('Start', 'lastNode');
	return {
		path: webhook.path,
		workflow: chain('Bench: Charge Get Many, Return All', [
			webhook.node,
			paymentPlatformNode(
				NODE_UNDER_TEST,
				{ resource: 'charge', operation: 'getAll', returnAll: true, filters: {} },
				credential,
			),
		]),
	};
}

/** The Payment Platform Trigger, then the NoOp; production URL `<n8n>/webhook/<webhookId>/webhook`. */
function benchTriggerWorkflow(credential, events, acknowledge = 'onReceived') {
	const { webhookId, workflow } = triggerWorkflow(
		`Bench: Payment Platform Trigger (${acknowledge})`,
		events,
		credential,
		{},
		{ parameters: { acknowledge }, after: [noOpNode], nodeName: NODE_UNDER_TEST },
	);
	return { path: `${webhookId}/webhook`, workflow };
}

/**
 * What a user builds without this package to check the signature: Webhook (raw body, answering at once) → Crypto
 * (HMAC-SHA256 of the raw body with the endpoint secret, from a Crypto credential) → IF (the signature header equals
 * "sha256=" + that HMAC) → the same NoOp.
 * @param {{ id: string, name: string }} cryptoCredential
 * @param {string} signatureHeader the delivery header carrying the signature, e.g. X-Signature
 */
function handBuiltTriggerWorkflow(cryptoCredential, signatureHeader) {
	const webhook = startingWebhook(NODE_UNDER_TEST, 'onReceived', { rawBody: true });
	const crypto = {
		name: 'HMAC of the Raw Body',
		type: 'n8n-nodes-base.crypto',
		typeVersion: CRYPTO_VERSION,
		parameters: {
			action: 'hmac',
			binaryData: true,
			binaryPropertyName: 'data',
			type: 'SHA256',
			dataPropertyName: 'hmac',
			encoding: 'hex',
		},
		credentials: { crypto: { id: cryptoCredential.id, name: cryptoCredential.name } },
	};
	const check = {
		name: 'Signature Matches',
		type: 'n8n-nodes-base.if',
		typeVersion: IF_VERSION,
		parameters: {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 3 },
				conditions: [
					{
						id: randomUUID(),
						leftValue: `={{ $json.headers['${signatureHeader.toLowerCase()}'] }}`,
						rightValue: '=sha256={{ $json.hmac }}',
						operator: { type: 'string', operation: 'equals' },
					},
				],
				combinator: 'and',
			},
			options: {},
		},
	};
	return {
		path: webhook.path,
		workflow: chain('Bench: hand-built check (Webhook → Crypto → IF)', [
			webhook.node,
			crypto,
			check,
			noOpNode,
		]),
	};
}

/**
 * A plain Webhook node, answering at once, checking nothing, then the same NoOp: the ceiling. `withExpression`: the
 * same node with one option written as an expression (`={{ false }}`, the default value). n8n 2.x prepares an
 * expression isolate for the webhook phase of every start node except a Webhook node whose parameters are all
 * static; this control shows what that costs a Webhook node, so that it can be told apart from our trigger's work.
 * @param {{ withExpression?: boolean }} [options]
 */
function plainWebhookWorkflow({ withExpression = false } = {}) {
	const webhook = startingWebhook(
		NODE_UNDER_TEST,
		'onReceived',
		withExpression ? { rawBody: '={{ false }}' } : {},
	);
	const name = withExpression
		? 'Bench: plain Webhook with one expression (no check)'
		: 'Bench: plain Webhook (no check)';
	return { path: webhook.path, workflow: chain(name, [webhook.node, noOpNode]) };
}

module.exports = {
	HTTP_REQUEST_VERSION,
	NODE_UNDER_TEST,
	NO_OP_NAME: noOpNode.name,
	chargeGetAllWorkflow,
	chargeGetWorkflow,
	handBuiltTriggerWorkflow,
	httpRequestGetWorkflow,
	httpRequestPagesWorkflow,
	plainWebhookWorkflow,
	benchTriggerWorkflow,
};
