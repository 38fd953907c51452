'use strict';
/** Charge → Get: one charge by id; a charge ID that is not a UUID is stopped by n8n's check of the locator. */
const { SEED, byId } = require('../values');

const C = SEED.charges;

/** @type {import('..').CaseFile} */
module.exports = {
	// The whole charge (Simplify's own output is checked in test/actions/simplify.test.ts).
	parameters: { chargeId: byId(C.captured), simplify: false },
	request: { method: 'GET', path: `/v1/charges/${C.captured}` },
	output: {
		first: {
			id: C.captured,
			status: 'captured',
			amount: 90000,
			payment_method: 'credit_card',
			installments: 3,
			metadata: { order_id: 'ORD-1003' },
		},
	},
	// prettier-ignore
	refused: [
		{ title: 'charge id UUID', change: { chargeId: byId('={{ "ch_123" }}') }, message: 'charge_id must be a UUID' },
		{ title: 'a charge ID that is not a UUID is stopped by the locator check, naming the charge ID', change: { chargeId: byId('ch_123') }, message: 'Not a valid charge ID (UUID)', byN8n: true, inN8n: true },
	],
};
