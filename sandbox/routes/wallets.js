'use strict';
/**
 * GET /v1/wallets/{id} and GET /v1/wallets/{id}/statement (period filter under the query names of api/names.js).
 * Summary: opening balance before the period, closing balance at its end, and the credits and debits within it.
 */
const { WALLET_STATEMENT_QUERY } = require('../api/names');
const { inDateRange } = require('../api/dates');
const { pathUuid } = require('../api/issues');
const { walletStatementQuery } = require('../api/schemas');
const { notFound } = require('../errors');
const { compareText } = require('../store');
const { route } = require('./helpers');

function ownWallet(ctx) {
	const wallet = ctx.app.store.wallets.get(pathUuid(ctx.params, 'id'));
	if (!wallet || wallet.owner_id !== ctx.app.store.merchant.id) throw notFound('Wallet');
	return wallet;
}

const signed = (entry) => (entry.direction === 'credit' ? entry.amount : -entry.amount);

function get(ctx) {
	return { message: 'Wallet retrieved', data: ownWallet(ctx) };
}

function statement(ctx) {
	const wallet = ownWallet(ctx);
	const query = ctx.input('querystring');
	const start = query[WALLET_STATEMENT_QUERY.startDate];
	const end = query[WALLET_STATEMENT_QUERY.endDate];

	const all = [...ctx.app.store.walletEntries.values()]
		.filter((entry) => entry.wallet_id === wallet.id)
		.sort((a, b) => compareText(a.created_at, b.created_at));
	const entries = all.filter((entry) => inDateRange(entry.created_at, start, end));
	const before = start ? all.filter((entry) => Date.parse(entry.created_at) < start.ms) : [];
	const openingBalance =
		before.length > 0
			? before[before.length - 1].balance_after
			: all.length > 0
				? all[0].balance_after - signed(all[0])
				: wallet.balance;
	const totalCredits = entries
		.filter((e) => e.direction === 'credit')
		.reduce((sum, e) => sum + e.amount, 0);
	const totalDebits = entries
		.filter((e) => e.direction === 'debit')
		.reduce((sum, e) => sum + e.amount, 0);
	return {
		message: 'Wallet statement retrieved',
		data: {
			entries,
			summary: {
				opening_balance: openingBalance,
				closing_balance: openingBalance + totalCredits - totalDebits,
				total_credits: totalCredits,
				total_debits: totalDebits,
			},
		},
	};
}

/** This module's routes (routes/index.js lists them). @type {import('./index').Route[]} */
const ROUTES = [
	route('GET', '/v1/wallets/:id', get),
	route('GET', '/v1/wallets/:id/statement', statement, { querystring: walletStatementQuery }),
];

module.exports = { ROUTES };
