'use strict';
/** Submerchant Address → Create: the address with its type and additional fields; values through expressions. */
const assert = require('node:assert/strict');
const { SEED, UUID, byId } = require('../values');

const S = SEED.submerchants;
const ADDRESS = {
	street: 'Rua Augusta',
	number: '1500',
	neighborhood: 'Consolacao',
	city: 'Sao Paulo',
	state: 'SP',
	zipCode: '01304-001',
	country: 'BR',
};

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
			street: 'Rua Augusta',
			number: '1500',
			neighborhood: 'Consolacao',
			city: 'Sao Paulo',
			state: 'SP',
			zip_code: '01304-001',
			country: 'BR',
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
			input: { json: { zip: 13101000, number: 1500, state: 'SP', complement: '', primary: 'true' } },
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
					zip_code: '13101000',
					country: 'BR',
					is_primary: true,
				},
			},
			output: { first: { submerchant_id: S.active, zip_code: '13101000', is_primary: true } },
		},
	],
	refused: [
		{
			title: 'a 4-character zip code fails the execution naming zip_code',
			parameters: { submerchantId: byId(S.pfReadyForReview), ...ADDRESS, zipCode: '0130' },
			message: 'zip_code must be 8 to 10 characters',
			inN8n: true,
		},
	],
};
