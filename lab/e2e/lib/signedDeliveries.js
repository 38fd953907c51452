'use strict';
/** Signed deliveries sent to a running trigger, and the executions they started. */
const assert = require('node:assert/strict');
const { signatureHeaderValue } = require('../../../sandbox/signature');
const { waitFor } = require('../../../scripts/lib/wait');
const { TRIGGER_NODE_NAME } = require('../../lib/workflows');
const { allExecutions, nodeOutput, settledExecutions } = require('../../lib/executions');

/** The workflow's executions (public API, newest first), with their data. */
const executionsOf = (client, workflowId) =>
	allExecutions(client, { workflowId, includeData: true });

/** Waits until the sandbox has the delivery with at least `attempts` attempts and a final answer. */
async function settledDelivery(admin, deliveryId, attempts = 1) {
	return await waitFor(`delivery ${deliveryId}`, async () => {
		const record = (await admin.deliveries()).find((d) => d.id === deliveryId);
		return record && record.attempts >= attempts && record.lastStatus !== null ? record : undefined;
	});
}

/** The secret the sandbox (in this process) keeps for the endpoint registered for `url`. */
function endpointSecret(context, url) {
	const endpoint = [...context.sandbox.store.webhookEndpoints.values()].find((e) => e.url === url);
	assert.ok(endpoint?.secret, `no endpoint with a secret for ${url}`);
	return endpoint.secret;
}

/**
 * POSTs `body` (text or bytes, sent as is) signed as the platform signs: `X-Signature: sha256=<hex HMAC-SHA256 of
 * the exact bytes>`.
 * @returns {Promise<{ status: number, text: string }>}
 */
async function sendSigned(url, secret, body, headers) {
	const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
	const response = await fetch(url, {
		method: 'POST',
		headers: { ...headers, 'x-signature': signatureHeaderValue(secret, bytes) },
		body: bytes,
		signal: AbortSignal.timeout(30_000),
	});
	return { status: response.status, text: await response.text() };
}

/**
 * Waits until the workflow has at least `total` settled executions, then returns the trigger items of those whose
 * trigger output has `deliveryKey` (each once per execution).
 */
async function runsOf(client, workflowId, total, deliveryKey) {
	const list = await settledExecutions(client, { workflowId, includeData: true }, total);
	return list
		.map((execution) => ({ execution, item: nodeOutput(execution, TRIGGER_NODE_NAME)[0] }))
		.filter(({ item }) => item?.deliveryKey === deliveryKey);
}

module.exports = { endpointSecret, executionsOf, runsOf, sendSigned, settledDelivery };
