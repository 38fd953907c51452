'use strict';
/** Submerchant → Get: one submerchant by id. */
const { SEED, byId, expr } = require('../values');

const S = SEED.submerchants;

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { submerchantId: byId(S.active), simplify: false },
	request: { method: 'GET', path: `/v1/submerchants/${S.active}` },
	output: {
		first: {
			id: S.active,
			parent_merchant_id: SEED.merchantId,
			entity_type: 'pj',
			trade_name: 'Estrela Modas',
			legal_name: 'Estrela Modas Comercio LTDA',
			status: 'active',
			mcc: '5651',
			product_categories: ['clothing', 'accessories'],
			average_ticket: '120.00',
		},
	},
	// prettier-ignore
	refused: [
		{ title: 'submerchant id UUID', change: { submerchantId: byId(expr('123')) }, message: 'submerchant_id must be a UUID' },
	],
};
