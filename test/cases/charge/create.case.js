'use strict';
/** Charge → Create: a card charge with customer, items, split and additional fields in one POST; no card data echoed. */
const assert = require('node:assert/strict');
const { SEED, UUID, expr } = require('../values');

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

/** Orders from a sheet, as a Set node hands them over; the third priced in reais, as a price column is written. */
const ORDERS = [
	{ order: 'A-1', amount: 1990 },
	{ order: 'A-2', amount: 2590 },
	{ order: 'A-3', amount: '99.00' },
];
/** A pix charge per order, the order in its metadata. */
const ORDER_CHARGE = {
	paymentMethod: 'pix',
	amount: '={{ $json.amount }}',
	paymentDetails: {},
	customer: {},
	items: {},
	split: {},
	additionalFields: { metadata: '={{ JSON.stringify({ order: $json.order }) }}' },
};
/** Which order (input item) a recorded request was for: by the order in its metadata. @param {any} request */
const orderOf = (request) =>
	['A-1', 'A-2', 'A-3', 'B-1', 'B-2', 'B-3'].indexOf(request.body?.metadata?.order) % 3;
/** A submerchant id of another merchant: the API refuses a charge for it. */
const NOT_OURS = '7d9e1c2b-3a4f-4b5c-8d6e-0f1a2b3c4d5e';

/** An item row as the editor fills it in when one is added and left alone. */
const BLANK_ITEM = {
	category: '',
	code: '',
	description: '',
	id: '',
	name: '',
	quantity: '',
	tangible: '',
	unit_price: '',
};
const SPLIT = [
	{ recipient_id: S.active, amount: 20000, cross_company: false },
	{ recipient_id: S.pjWithLegalRepresentative, amount: 5990, cross_company: true },
];

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
		paymentMethod: 'credit_card',
		amount: 25990,
		cardData: 'cardNumber',
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
	more: [
		{
			title:
				"pix at a new node's defaults (Simplify on): the copy-and-paste code and QR code reach the output",
			parameters: { paymentMethod: 'pix', amount: 1990 },
			request: {
				method: 'POST',
				path: '/v1/charges',
				body: { amount: 1990, payment_method: 'pix' },
			},
			output: {
				first: {
					id: UUID,
					amount: 1990,
					payment_method: 'pix',
					pix: { copy_paste: /^000201.*6304[0-9A-F]{4}$/, qr_code_url: /^https:\/\// },
				},
			},
			check: ([charge]) =>
				assert.equal(charge.merchant_id, undefined, 'Simplify keeps merchant_id'),
		},
		{
			title: "boleto at a new node's defaults: the digitable line and PDF reach the output",
			parameters: { paymentMethod: 'boleto', amount: 9900 },
			request: {
				method: 'POST',
				path: '/v1/charges',
				body: { amount: 9900, payment_method: 'boleto' },
			},
			output: {
				first: {
					payment_method: 'boleto',
					boleto: { digitable_line: /^[\d. ]{54}$/, pdf_url: /^https:\/\// },
				},
			},
		},
		{
			title: "a card charge at a new node's defaults: the authorisation reaches the output",
			parameters: {
				paymentMethod: 'credit_card',
				amount: 4990,
				paymentDetails: { token: 'tok_visa_4242', installments: 1 },
			},
			request: {
				method: 'POST',
				path: '/v1/charges',
				bodyIncludes: { amount: 4990, payment_method: 'credit_card' },
			},
			output: { first: { card: { tokenized: true, authorization_code: /^\d{6}$/ } } },
		},
		{
			title: 'a blank item row (every cell empty) is not sent',
			parameters: {
				paymentMethod: 'pix',
				amount: 1990,
				items: { item: [ITEMS[0], { ...BLANK_ITEM }] },
			},
			request: {
				method: 'POST',
				path: '/v1/charges',
				body: { amount: 1990, payment_method: 'pix', items: [ITEMS[0]] },
			},
			output: { first: { amount: 1990, items: [ITEMS[0]], split: [] } },
		},
	],
	batches: [
		{
			title: 'three orders, the third priced "99.00": the node stops at item 2 before any request',
			items: ORDERS,
			change: ORDER_CHARGE,
			message:
				'amount must be whole cents: "99.00" could be 99 cents or R$ 99,00 = 9900 cents [item 2]',
			description:
				/nothing was sent to the API\. In an expression, turn a price in reais into cents: /,
			requests: [0, 0, 0],
			itemOf: orderOf,
		},
		{
			title: 'an API error at the second order: the error names the first as applied, with its id',
			items: [
				{ order: 'B-1', amount: 1990, submerchant: S.active },
				{ order: 'B-2', amount: 2590, submerchant: NOT_OURS },
				{ order: 'B-3', amount: 3090, submerchant: S.active },
			],
			change: {
				...ORDER_CHARGE,
				additionalFields: {
					...ORDER_CHARGE.additionalFields,
					submerchant_id: '={{ $json.submerchant }}',
				},
			},
			message: /submerchant_id must reference a submerchant of this merchant/,
			description:
				/Applied in this run before this error, and not in the node's output: item 0 \(id [0-9a-f-]{36}\)\. Remove them from the input before running the node again\.$/,
			requests: [1, 1, 0],
			itemOf: orderOf,
		},
		{
			title: 'Retry On Fail on and no Idempotency Key: stopped at the start, nothing sent',
			items: ORDERS.slice(0, 2),
			change: ORDER_CHARGE,
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 },
			message: "Idempotency Key is needed while the node's Retry On Fail setting is on [item 0]",
			description:
				/^Retry On Fail runs the whole node again after an error, so every charge created before the error would be created again\./,
			requests: [0, 0],
			itemOf: orderOf,
		},
	],
	// Amounts are whole cents: text with a decimal or thousands separator has two readings and is never guessed.
	// prettier-ignore
	refused: [
		{ title: 'amount "99.00" (a price in reais)', change: { amount: expr('99.00') }, message: 'amount must be whole cents: "99.00" could be 99 cents or R$ 99,00 = 9900 cents', inN8n: true },
		{ title: 'amount "1.000" (one thousand, as Brazilians write it)', change: { amount: expr('1.000') }, message: 'amount must be whole cents: "1.000" could be 1 cent or 1000 cents', inN8n: true },
		{ title: 'amount "99,00"', change: { amount: expr('99,00') }, message: 'amount must be whole cents: "99,00" could be 99 cents or R$ 99,00 = 9900 cents' },
		{ title: 'amount "1,000"', change: { amount: expr('1,000') }, message: 'amount must be whole cents: "1,000" could be 1 cent or 1000 cents' },
		{ title: 'amount 99.5 (a number in reais)', change: { amount: expr(99.5) }, message: 'amount must be whole cents: 99.5 could be R$ 99,50 = 9950 cents or 99.5 cents, which is not a whole number of cents' },
		{ title: 'an item\'s unit price "25.90"', change: { items: { item: [{ ...ITEMS[0], unit_price: expr('25.90') }] } }, message: 'items[0].unit_price must be whole cents: "25.90" could be R$ 25,90 = 2590 cents' },
		{ title: 'a split amount "1.000"', change: { split: { recipient: [SPLIT[0], { ...SPLIT[1], amount: expr('1.000') }] } }, message: 'split[1].amount must be whole cents: "1.000" could be 1 cent or 1000 cents' },
		{ title: 'shipping "15,00"', change: { additionalFields: { shipping_amount: expr('15,00') } }, message: 'shipping_amount must be whole cents: "15,00" could be 15 cents or R$ 15,00 = 1500 cents' },
	],
	check([charge], _requests, { store }) {
		assert.equal(store.charges.get(charge.id)?.amount, 25990);
		// The full card number (sent without spaces or dashes) and the CVV never reach the output.
		assert.ok(!JSON.stringify(charge).includes('4111111111111111'), 'card number in the output');
		assert.ok(!JSON.stringify(charge).includes('"737"'), 'CVV in the output');
	},
};
