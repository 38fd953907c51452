'use strict';
/** Submerchant → Get: one submerchant by id. */
const { SEED, byId } = require('../values');

const S = SEED.submerchants;

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { submerchantId: byId(S.active) },
	request: { method: 'GET', path: `/v1/submerchants/${S.active}` },
	output: {
		first: {
			id: S.active,
			entity_type: 'pj',
			trade_name: 'Estrela Modas',
			legal_name: 'Estrela Modas Comercio LTDA',
			status: 'active',
			mcc: '5651',
			product_categories: ['clothing', 'accessories'],
			average_ticket: '120.00',
		},
	},
};
