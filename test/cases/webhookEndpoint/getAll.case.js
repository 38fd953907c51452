'use strict';
/** Webhook Endpoint → Get Many: every endpoint, paginated, without its secret. */
const assert = require('node:assert/strict');

/** @type {import('..').CaseFile} */
module.exports = {
	after: ['webhookEndpoint.create'],
	parameters: { returnAll: true },
	request: { method: 'GET', path: '/v1/postbacks/endpoints', query: { page: '1', perPage: '100' } },
	output: { first: { url: 'https://hooks.example.com/payments', status: 'active' } },
	check(items) {
		assert.ok(
			items.every((endpoint) => !('secret' in endpoint)),
			'a listed endpoint shows its secret',
		);
	},
};
