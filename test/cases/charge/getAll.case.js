'use strict';
/** Charge → Get Many: every filter under its query name, one item per charge; values through expressions. */
const { SEED } = require('../values');

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
		returnAll: false,
		limit: 10,
		filters: {
			status: 'captured',
			paymentMethod: 'credit_card',
			startDate: '2025-03-01T00:00:00Z',
			endDate: '2025-03-31',
			search: 'pedro',
			minAmount: 50000,
			maxAmount: '={{ "100000" }}',
			installments: 3,
		},
	},
	request: {
		method: 'GET',
		path: '/v1/charges',
		query: {
			status: 'captured',
			payment_method: 'credit_card',
			// One date rule: an offset keeps its instant; a bare date is the start of that day in the workflow's time
			// zone (n8n's default, America/New_York: UTC-4 after the DST change of 9 March).
			start_date: '2025-03-01T00:00:00.000Z',
			// A date alone on End Date covers that whole day (in the harness's America/New_York).
			end_date: '2025-04-01T03:59:59.999Z',
			search: 'pedro',
			min_amount: '50000',
			max_amount: '100000',
			installments: '3',
			page: '1',
			perPage: '10',
		},
	},
	output: { ids: [SEED.charges.captured] },
	more: [
		{
			title: 'expressions: an empty status filter is left out, a numeric minimum amount is sent',
			input: { json: { status: '', method: '', min: 500 } },
			parameters: {
				returnAll: false,
				limit: 5,
				filters: {
					status: '={{ $json.status }}',
					paymentMethod: '={{ $json.method }}',
					minAmount: '={{ $json.min }}',
				},
			},
			request: {
				method: 'GET',
				path: '/v1/charges',
				query: { min_amount: '500', page: '1', perPage: '5' },
			},
			output: { count: 5 },
		},
	],
	// prettier-ignore
	refused: [
		{ title: 'status enum', change: { returnAll: true, filters: { status: '={{ "paid" }}' } }, message: 'status must be one of: pending, authorized, captured, partially_refunded, refunded, voided, failed, expired' },
		{ title: 'payment method filter enum', change: { returnAll: true, filters: { paymentMethod: '={{ "cash" }}' } }, message: 'payment_method must be one of: credit_card, debit_card, pix, boleto' },
		{ title: 'start date ISO 8601', change: { returnAll: true, filters: { startDate: '={{ "yesterday" }}' } }, message: 'start_date must be an ISO 8601 date or date-time' },
		{ title: 'start date a calendar date', change: { returnAll: true, filters: { startDate: '={{ "2025-02-30T10:00:00" }}' } }, message: 'start_date must be an ISO 8601 date or date-time' },
		{ title: 'end date ISO 8601', change: { returnAll: true, filters: { endDate: '={{ "31/03/2025" }}' } }, message: 'end_date must be an ISO 8601 date or date-time' },
		{ title: 'min amount >= 0', change: { returnAll: true, filters: { minAmount: -1 } }, message: 'min_amount must be an integer >= 0' },
		{ title: 'min amount whole cents', change: { returnAll: true, filters: { minAmount: 10.5 } }, message: 'min_amount must be whole cents: 10.5 could be R$ 10,50 = 1050 cents or 10.5 cents, which is not a whole number of cents' },
		{ title: 'min amount "1.000"', change: { returnAll: true, filters: { minAmount: '={{ "1.000" }}' } }, message: 'min_amount must be whole cents: "1.000" could be 1 cent or 1000 cents' },
		{ title: 'max amount >= 0', change: { returnAll: true, filters: { maxAmount: -100 } }, message: 'max_amount must be an integer >= 0' },
		{ title: 'max amount whole cents', change: { returnAll: true, filters: { maxAmount: '={{ "lots" }}' } }, message: 'max_amount must be whole cents, an integer such as 9900 for R$ 99,00' },
		{ title: 'installments filter 1..12 (0)', change: { returnAll: true, filters: { installments: 0 } }, message: 'installments must be an integer from 1 to 12' },
		{ title: 'installments filter 1..12 (13)', change: { returnAll: true, filters: { installments: 13 } }, message: 'installments must be an integer from 1 to 12' },
		{ title: 'limit >= 1', change: { returnAll: false, limit: 0 }, message: 'limit must be an integer >= 1' },
	],
};
