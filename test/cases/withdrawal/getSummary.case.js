'use strict';
/** Withdrawal → Get Summary: one submerchant's summary. */
const { SEED } = require('../values');

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { submerchantId: SEED.submerchants.active },
	request: {
		method: 'GET',
		path: '/v1/withdrawals/summary',
		query: { submerchant_id: SEED.submerchants.active },
	},
	output: {
		items: [
			{
				available_balance: 42000,
				pending_count: 1,
				today_amount: 15000,
				total_withdrawals: 23000,
				total_completed: 8000,
			},
		],
	},
	// prettier-ignore
	refused: [
		{ title: 'submerchant id UUID', change: { submerchantId: 'store-1' }, message: 'submerchant_id must be a UUID' },
	],
};
