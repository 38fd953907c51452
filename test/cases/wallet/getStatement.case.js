'use strict';
/** Wallet → Get Statement: the period under the chosen query names, only its entries, as one item. */
const assert = require('node:assert/strict');
const { SEED } = require('../values');

const W = SEED.walletEntries;

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
		walletId: SEED.walletId,
		filters: { startDate: '2025-02-01T00:00:00Z', endDate: '2025-02-28T23:59:59Z' },
	},
	request: {
		method: 'GET',
		path: `/v1/wallets/${SEED.walletId}/statement`,
		query: { start_date: '2025-02-01T00:00:00.000Z', end_date: '2025-02-28T23:59:59.000Z' },
	},
	output: {
		first: {
			summary: {
				opening_balance: 50000,
				closing_balance: 59100,
				total_credits: 29100,
				total_debits: 20000,
			},
		},
	},
	check([statement]) {
		assert.deepEqual(
			statement.entries.map((entry) => entry.id),
			[W[1], W[2]],
		);
	},
	// prettier-ignore
	refused: [
		{ title: 'wallet id UUID', change: { walletId: '42' }, message: 'wallet_id must be a UUID' },
		{ title: 'wallet id required', change: { walletId: '={{ "" }}' }, message: 'wallet_id is required' },
		{ title: 'start date ISO 8601', change: { walletId: SEED.walletId, filters: { startDate: '={{ "last month" }}' } }, message: 'start_date must be an ISO 8601 date or date-time' },
		{ title: 'end date ISO 8601', change: { walletId: SEED.walletId, filters: { endDate: '={{ "2025-02-30" }}' } }, message: 'end_date must be an ISO 8601 date or date-time' },
	],
};
