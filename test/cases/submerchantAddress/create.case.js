'use strict';
/** Submerchant Address → Create: the address with its type and additional fields; values through expressions. */
const assert = require('node:assert/strict');
const { ADDRESS, ADDRESS_SENT, SEED, UUID, byId, expr, repeat } = require('../values');

const S = SEED.submerchants;
/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
		submerchantId: byId(S.pfReadyForReview),
		...ADDRESS,
		additionalFields: { addressType: 'shipping', complement: 'Loja 3', isPrimary: true },
	},
	request: {
		method: 'POST',
		path: `/v1/submerchants/${S.pfReadyForReview}/addresses`,
		body: {
			...ADDRESS_SENT,
			type: 'shipping',
			complement: 'Loja 3',
			is_primary: true,
		},
	},
	output: {
		first: {
			id: UUID,
			submerchant_id: S.pfReadyForReview,
			type: 'shipping',
			street: 'Rua Augusta',
			zip_code: '01304-001',
			complement: 'Loja 3',
			is_primary: true,
		},
	},
	check([address], _requests, { store }) {
		assert.deepEqual(
			store.addressesOf(S.pfReadyForReview).map((a) => a.id),
			[address.id],
		);
	},
	more: [
		{
			title:
				'expressions: numbers from a Set node are sent as text, "true" as a boolean, "" left out',
			input: {
				// A ZIP code comes as text: a number would have lost its leading zero (refused).
				json: { zip: '01310100', number: 1500, state: 'SP', complement: '', primary: 'true' },
			},
			parameters: {
				submerchantId: byId(S.active),
				street: 'Rua Augusta',
				number: '={{ $json.number }}',
				neighborhood: 'Consolacao',
				city: 'Sao Paulo',
				state: '={{ $json.state }}',
				zipCode: '={{ $json.zip }}',
				country: 'BR',
				additionalFields: {
					complement: '={{ $json.complement }}',
					isPrimary: '={{ $json.primary }}',
				},
			},
			request: {
				method: 'POST',
				path: `/v1/submerchants/${S.active}/addresses`,
				body: {
					street: 'Rua Augusta',
					number: '1500',
					neighborhood: 'Consolacao',
					city: 'Sao Paulo',
					state: 'SP',
					zip_code: '01310100',
					country: 'BR',
					is_primary: true,
				},
			},
			output: { first: { submerchant_id: S.active, zip_code: '01310100', is_primary: true } },
		},
	],
	// prettier-ignore
	refused: [
		{ title: 'a 4-character zip code fails the execution naming zip_code', change: { zipCode: '0130' }, message: 'zip_code must be 8 to 10 characters', inN8n: true },
		{ title: 'street required', change: { street: expr('') }, message: 'street is required' },
		{ title: 'street 1-255', change: { street: repeat(256) }, message: 'street must be 1 to 255 characters' },
		{ title: 'number required', change: { number: expr('') }, message: 'number is required' },
		{ title: 'number 1-20', change: { number: repeat(21, '1') }, message: 'number must be 1 to 20 characters' },
		{ title: 'neighborhood required', change: { neighborhood: expr('') }, message: 'neighborhood is required' },
		{ title: 'neighborhood 1-100', change: { neighborhood: repeat(101) }, message: 'neighborhood must be 1 to 100 characters' },
		{ title: 'city required', change: { city: expr('') }, message: 'city is required' },
		{ title: 'city 1-100', change: { city: repeat(101) }, message: 'city must be 1 to 100 characters' },
		{ title: 'state required', change: { state: expr('') }, message: 'state is required' },
		{ title: 'state exactly 2 (1)', change: { state: 'S' }, message: 'state must be exactly 2 characters' },
		{ title: 'state exactly 2 (3)', change: { state: 'SPO' }, message: 'state must be exactly 2 characters' },
		{ title: 'zip_code required', change: { zipCode: expr('') }, message: 'zip_code is required' },
		{ title: 'zip_code 8-10 (7)', change: { zipCode: '0131010' }, message: 'zip_code must be 8 to 10 characters' },
		{ title: 'zip_code 8-10 (11)', change: { zipCode: '01310-10000' }, message: 'zip_code must be 8 to 10 characters' },
		{ title: 'country required', change: { country: expr('') }, message: 'country is required' },
		{ title: 'country exactly 2', change: { country: 'BRA' }, message: 'country must be exactly 2 characters' },
		{ title: 'complement at most 100', change: { additionalFields: { complement: repeat(101) } }, message: 'complement must be at most 100 characters' },
		{ title: 'address type enum', change: { additionalFields: { addressType: 'home' } }, message: 'type must be one of: billing, shipping, both' },
		{ title: 'submerchant id UUID', change: { submerchantId: byId(expr('abc')) }, message: 'submerchant_id must be a UUID' },
		{ title: 'an empty required field, by n8n\'s check of literal values', change: { street: '' }, message: 'Parameter "Street" is required', byN8n: true },
		{ title: 'a malformed id typed By ID, by n8n\'s check of literal values', change: { submerchantId: byId('abc') }, message: 'Not a valid submerchant ID (UUID)', byN8n: true },
	],
};
