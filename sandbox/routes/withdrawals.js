'use strict';
/**
 * GET /v1/withdrawals/summary (documented `submerchant_id`) and GET /v1/withdrawals/fee (chosen `amount` query).
 * Summary (sandbox reading of the fields): available_balance in cents; pending_count withdrawals still pending;
 * today_amount cents asked today (UTC); total_withdrawals and total_completed in cents, all and completed.
 */
const { WITHDRAWAL_FEE_QUERY, WITHDRAWAL_SUMMARY_QUERY } = require('../api/names');
const { withdrawalFeeQuery, withdrawalSummaryQuery } = require('../api/schemas');
const { notFound } = require('../errors');
const { withdrawalFee } = require('../fees');
const { route } = require('./helpers');

function summary(ctx) {
	const store = ctx.app.store;
	const query = ctx.input('querystring');
	const submerchantId = query[WITHDRAWAL_SUMMARY_QUERY.submerchantId]?.toLowerCase();
	if (submerchantId && !store.ownSubmerchant(submerchantId)) throw notFound('Submerchant');

	const withdrawals = [...store.withdrawals.values()].filter(
		(w) =>
			w.merchant_id === store.merchant.id && (!submerchantId || w.submerchant_id === submerchantId),
	);
	const today = new Date().toISOString().slice(0, 10);
	const sum = (list) => list.reduce((total, w) => total + w.amount, 0);
	return {
		message: 'Withdrawal summary retrieved',
		data: {
			available_balance: submerchantId
				? (store.submerchantBalances.get(submerchantId) ?? 0)
				: (store.merchantWallet()?.balance ?? 0),
			pending_count: withdrawals.filter((w) => w.status === 'pending').length,
			today_amount: sum(withdrawals.filter((w) => w.created_at.startsWith(today))),
			total_withdrawals: sum(withdrawals),
			total_completed: sum(withdrawals.filter((w) => w.status === 'completed')),
		},
	};
}

function fee(ctx) {
	const query = ctx.input('querystring');
	const amount = query[WITHDRAWAL_FEE_QUERY.amount];
	const config = ctx.app.store.withdrawalFee;
	return {
		message: 'Withdrawal fee retrieved',
		data: { fee: withdrawalFee(config, amount), fee_type: config.fee_type },
	};
}

/** This module's routes (routes/index.js lists them). @type {import('./index').Route[]} */
const ROUTES = [
	route('GET', '/v1/withdrawals/summary', summary, { querystring: withdrawalSummaryQuery }),
	route('GET', '/v1/withdrawals/fee', fee, { querystring: withdrawalFeeQuery }),
];

module.exports = { ROUTES };
