'use strict';
/**
 * Webhook Endpoint → Delete, as docs/trigger.md tells users to remove a stale endpoint: list them, then delete by
 * the listed id.
 */
const assert = require('node:assert/strict');
const { UUID } = require('../values');

/** @type {import('..').CaseFile} */
module.exports = {
	after: ['webhookEndpoint.create', 'webhookEndpoint.getAll'],
	input: { operation: { resource: 'webhookEndpoint', operation: 'getAll', limit: 1 } },
	parameters: { webhookEndpointId: '={{ $json.id }}' },
	request: { method: 'DELETE', path: /^\/v1\/postbacks\/endpoints\/[0-9a-f-]{36}$/ },
	output: { first: { id: UUID, deleted: true } },
	check([deleted], requests, { store }) {
		assert.deepEqual(
			requests.map((r) => `${r.method} ${r.path}`),
			['GET /v1/postbacks/endpoints', `DELETE /v1/postbacks/endpoints/${deleted.id}`],
		);
		assert.equal(store.webhookEndpoints.has(deleted.id), false, 'the endpoint is still registered');
	},
	// prettier-ignore
	refused: [
		{ title: 'webhook endpoint id UUID', change: { webhookEndpointId: 'we_1' }, message: 'webhook_endpoint_id must be a UUID' },
	],
};
