'use strict';
/** Webhook Endpoint → Create: url and events sent; the endpoint with its secret, shown once. */
const assert = require('node:assert/strict');
const { UUID } = require('../values');

const EVENTS = ['charge.captured', 'charge.refunded', 'charge.chargeback'];

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { url: 'https://hooks.example.com/payments', events: EVENTS },
	request: {
		method: 'POST',
		path: '/v1/postbacks/endpoints',
		body: { url: 'https://hooks.example.com/payments', events: EVENTS },
	},
	output: {
		first: {
			id: UUID,
			url: 'https://hooks.example.com/payments',
			events: EVENTS,
			status: 'active',
			secret: /^whsec_[0-9a-f]{64}$/,
		},
	},
	check([endpoint], _requests, { store }) {
		assert.equal(store.webhookEndpoints.get(endpoint.id)?.secret, endpoint.secret);
	},
};
