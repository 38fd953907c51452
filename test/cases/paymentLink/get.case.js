'use strict';
/** Payment Link → Get: one link by id. */
const { SEED } = require('../values');

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { paymentLinkId: SEED.paymentLinkId },
	request: { method: 'GET', path: `/v1/payment-links/${SEED.paymentLinkId}` },
	output: {
		first: {
			id: SEED.paymentLinkId,
			title: 'Camiseta Estrela',
			amount: 7990,
			currency: 'BRL',
			status: 'active',
			allowed_payment_methods: ['credit_card'],
			max_installments: 6,
		},
	},
	// prettier-ignore
	refused: [
		{ title: 'payment link id UUID', change: { paymentLinkId: 'link_1' }, message: 'payment_link_id must be a UUID' },
		{ title: 'payment link id required', change: { paymentLinkId: '={{ "" }}' }, message: 'payment_link_id is required' },
	],
};
