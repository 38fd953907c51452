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
			end_date: '2025-03-31T04:00:00.000Z',
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
};
