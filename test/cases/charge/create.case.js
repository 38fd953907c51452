'use strict';
/** Charge → Create: a card charge with customer, items, split and additional fields in one POST; no card data echoed. */
const assert = require('node:assert/strict');
const { SEED, UUID } = require('../values');

const S = SEED.submerchants;
// Customer, item and split rows are sent under the names and with the values given.
const CUSTOMER = {
	name: 'Maria Silva',
	email: 'maria@example.com',
	tax_id: '52998224725',
	phone: '+5511999998888',
	birthdate: '1990-05-31',
};
const ITEMS = [
	{ name: 'Camiseta', quantity: 2, unit_price: 7995, tangible: true, code: 'SKU-1' },
	{
		name: 'Ebook',
		quantity: 1,
		unit_price: 10000,
		tangible: false,
		id: 'ebook-7',
		description: 'Guia',
		category: 'books',
	},
];
const SPLIT = [
	{ recipient_id: S.active, amount: 20000, cross_company: false },
	{ recipient_id: S.pjWithLegalRepresentative, amount: 5990, cross_company: true },
];

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
		paymentMethod: 'credit_card',
		amount: 25990,
		paymentDetails: {
			number: '4111 1111-1111 1111',
			holderName: 'MARIA S SILVA',
			expirationMonth: '08',
			expirationYear: '2030',
			cvv: '737',
			installments: 3,
			statementDescriptor: 'LOJA ESTRELA',
		},
		customer: { details: CUSTOMER },
		items: { item: ITEMS },
		split: { recipient: SPLIT },
		additionalFields: {
			submerchant_id: S.active,
			shipping_amount: 1500,
			currency: 'BRL',
			metadata: '{"order_id": "ORD-42", "channel": "n8n"}',
		},
	},
	request: {
		method: 'POST',
		path: '/v1/charges',
		// The sandbox records the card number masked to its last four digits and the CVV redacted.
		body: {
			amount: 25990,
			payment_method: 'credit_card',
			payment_details: {
				number: '************1111',
				holder_name: 'MARIA S SILVA',
				expiration_month: '08',
				expiration_year: '2030',
				cvv: '[REDACTED]',
				installments: 3,
				statement_descriptor: 'LOJA ESTRELA',
			},
			customer: CUSTOMER,
			items: ITEMS,
			split: SPLIT,
			submerchant_id: S.active,
			shipping_amount: 1500,
			currency: 'BRL',
			metadata: { order_id: 'ORD-42', channel: 'n8n' },
		},
	},
	output: {
		first: {
			id: UUID,
			amount: 25990,
			currency: 'BRL',
			status: 'pending',
			payment_method: 'credit_card',
			submerchant_id: S.active,
			installments: 3,
			shipping_amount: 1500,
			metadata: { order_id: 'ORD-42', channel: 'n8n' },
			card: { last_four: '1111', holder_name: 'MARIA S SILVA' },
		},
	},
	check([charge], _requests, { store }) {
		assert.equal(store.charges.get(charge.id)?.amount, 25990);
		// The full card number (sent without spaces or dashes) and the CVV never reach the output.
		assert.ok(!JSON.stringify(charge).includes('4111111111111111'), 'card number in the output');
		assert.ok(!JSON.stringify(charge).includes('"737"'), 'CVV in the output');
	},
};
