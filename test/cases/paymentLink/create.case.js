'use strict';
/** Payment Link → Create: title, amount and every additional field under the resource's own names. */
const assert = require('node:assert/strict');
const { SEED, UUID } = require('../values');

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
		title: 'Camiseta Lua',
		amount: 4990,
		simplify: false,
		additionalFields: {
			description: 'Algodao, tamanho P',
			currency: 'BRL',
			product_type: 'physical',
			allowed_payment_methods: ['credit_card', 'pix', 'credit_card'],
			max_installments: '3',
			max_uses: 10,
			expires_at: '2027-01-31T23:59:59Z',
			redirect_url: 'https://shop.example.com/thanks',
			metadata: '{"campaign":"winter"}',
			submerchant_id: SEED.submerchants.active,
		},
	},
	request: {
		method: 'POST',
		path: '/v1/payment-links',
		body: {
			title: 'Camiseta Lua',
			amount: 4990,
			description: 'Algodao, tamanho P',
			currency: 'BRL',
			product_type: 'physical',
			allowed_payment_methods: ['credit_card', 'pix'],
			max_installments: 3,
			max_uses: 10,
			expires_at: '2027-01-31T23:59:59.000Z',
			redirect_url: 'https://shop.example.com/thanks',
			metadata: { campaign: 'winter' },
			submerchant_id: SEED.submerchants.active,
		},
	},
	output: {
		first: {
			id: UUID,
			title: 'Camiseta Lua',
			amount: 4990,
			status: 'active',
			checkout_url: /^https:\/\//,
		},
	},
	check([link], _requests, { store }) {
		assert.equal(store.paymentLinks.get(link.id)?.checkout_url, link.checkout_url);
	},
	// prettier-ignore
	refused: [
		{ title: 'no title', change: { title: '  ', amount: 4990 }, message: 'title is required' },
		{ title: 'a fractional amount', change: { title: 'Camiseta Lua', amount: 10.5 }, message: 'amount must be whole cents: 10.5 could be R$ 10,50 = 1050 cents or 10.5 cents, which is not a whole number of cents' },
		{ title: 'an amount "49.90" (reais)', change: { title: 'Camiseta Lua', amount: '={{ "49.90" }}' }, message: 'amount must be whole cents: "49.90" could be R$ 49,90 = 4990 cents' },
		{ title: 'a bad expiry', change: { title: 'Camiseta Lua', amount: 4990, additionalFields: { expires_at: '2027-02-30' } }, message: 'expires_at must be an ISO 8601 date or date-time' },
		{ title: 'metadata that is not an object', change: { title: 'Camiseta Lua', amount: 4990, additionalFields: { metadata: '[1]' } }, message: 'metadata must be a JSON object' },
		{ title: 'a submerchant id that is not a UUID', change: { title: 'Camiseta Lua', amount: 4990, additionalFields: { submerchant_id: 'sm_1' } }, message: 'submerchant_id must be a UUID' },
	],
};
