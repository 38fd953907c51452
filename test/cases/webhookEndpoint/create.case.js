'use strict';
/** Webhook Endpoint → Create: url and events sent; the endpoint with its secret, shown once. */
const assert = require('node:assert/strict');
const { UUID } = require('../values');

/** The reference's webhook event names, in its order (written apart from the node's list). */
const WEBHOOK_EVENTS = require('../../../sandbox/api/values').WEBHOOK_EVENTS;

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
	// prettier-ignore
	refused: [
		{ title: 'url required', change: { url: '={{ "" }}', events: ['charge.captured'] }, message: 'url is required' },
		// 26 + 2023 = 2049 characters.
		{ title: 'url at most 2048 characters', change: { url: `https://hooks.example.com/${'a'.repeat(2023)}`, events: ['charge.captured'] }, message: 'url must be at most 2048 characters' },
		{ title: 'at least one event', change: { url: 'https://hooks.example.com/x', events: '={{ [] }}' }, message: 'events must contain at least one entry' },
		{ title: 'events are documented names', change: { url: 'https://hooks.example.com/x', events: '={{ ["charge.captured", "charge.paid"] }}' }, message: `events[1] must be one of: ${WEBHOOK_EVENTS.join(', ')}` },
	],
};
