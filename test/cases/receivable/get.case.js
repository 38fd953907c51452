'use strict';
/** Receivable → Get: one receivable by id. */
const { SEED } = require('../values');

const R = SEED.receivables;

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { receivableId: R.capturedInstallment1 },
	request: { method: 'GET', path: `/v1/receivables/${R.capturedInstallment1}` },
	output: {
		items: [
			{
				id: R.capturedInstallment1,
				charge_id: SEED.charges.captured,
				merchant_id: SEED.merchantId,
				gross_amount: 30000,
				net_amount: 29100,
				fee_amount: 900,
				status: 'pending',
				payment_method: 'credit_card',
				installment: 1,
				settlement_date: '2025-04-09T00:00:00.000Z',
				created_at: '2025-03-10T12:00:05.000Z',
			},
		],
	},
	// prettier-ignore
	refused: [
		{ title: 'receivable id UUID', change: { receivableId: 'rcv_1' }, message: 'receivable_id must be a UUID' },
		{ title: 'receivable id required', change: { receivableId: '={{ "  " }}' }, message: 'receivable_id is required' },
	],
};
