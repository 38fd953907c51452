'use strict';
/** Submerchant Address → Update: only the fields given; the API answers success and a message, no data. */
const assert = require('node:assert/strict');
const { SEED, byId, expr, repeat } = require('../values');

const S = SEED.submerchants;
const ADDRESS = SEED.addresses.activeBilling;

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
		submerchantId: byId(S.active),
		addressId: ADDRESS,
		updateFields: {
			city: 'Campinas',
			state: 'SP',
			zipCode: '13010-000',
			addressType: 'both',
			isPrimary: false,
		},
	},
	request: {
		method: 'PATCH',
		path: `/v1/submerchants/${S.active}/addresses/${ADDRESS}`,
		body: { city: 'Campinas', state: 'SP', zip_code: '13010-000', type: 'both', is_primary: false },
	},
	output: { items: [{ success: true, message: 'Address updated' }] },
	check(_items, _requests, { store }) {
		assert.partialDeepStrictEqual(store.addresses.get(ADDRESS), {
			street: 'Avenida Paulista',
			city: 'Campinas',
			zip_code: '13010-000',
			type: 'both',
			is_primary: false,
		});
	},
	// prettier-ignore
	refused: [
		{ title: 'address id UUID', change: { updateFields: { city: 'Campinas' }, addressId: 'address-1' }, message: 'address_id must be a UUID' },
		{ title: 'address id required', change: { updateFields: { city: 'Campinas' }, addressId: expr('') }, message: 'address_id is required' },
		{ title: 'street at most 255', change: { updateFields: { street: repeat(256) } }, message: 'street must be at most 255 characters' },
		{ title: 'number at most 20', change: { updateFields: { number: repeat(21, '1') } }, message: 'number must be at most 20 characters' },
		{ title: 'complement at most 100', change: { updateFields: { complement: repeat(101) } }, message: 'complement must be at most 100 characters' },
		{ title: 'neighborhood at most 100', change: { updateFields: { neighborhood: repeat(101) } }, message: 'neighborhood must be at most 100 characters' },
		{ title: 'city at most 100', change: { updateFields: { city: repeat(101) } }, message: 'city must be at most 100 characters' },
		{ title: 'state at most 2 when given', change: { updateFields: { state: 'SPX' } }, message: 'state must be at most 2 characters' },
		{ title: 'zip_code at most 10', change: { updateFields: { zipCode: '01310-10000' } }, message: 'zip_code must be at most 10 characters' },
		{ title: 'country at most 2 when given', change: { updateFields: { country: 'BRA' } }, message: 'country must be at most 2 characters' },
		{ title: 'address type enum', change: { updateFields: { addressType: 'office' } }, message: 'type must be one of: billing, shipping, both' },
	],
};
