'use strict';
/** Submerchant Address → Update: only the fields given; the API answers success and a message, no data. */
const assert = require('node:assert/strict');
const { SEED, byId } = require('../values');

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
};
