'use strict';
/** Withdrawal → Get Fee: the amount in cents; the fee and its type (the sandbox's default: a fixed 367 cents). */

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { amount: 10000 },
	request: { method: 'GET', path: '/v1/withdrawals/fee', query: { amount: '10000' } },
	output: { items: [{ fee: 367, fee_type: 'fixed' }] },
	// prettier-ignore
	refused: [
		{ title: 'amount whole cents', change: { amount: 10.5 }, message: 'amount must be whole cents: 10.5 could be R$ 10,50 = 1050 cents or 10.5 cents, which is not a whole number of cents' },
		{ title: 'amount "100.00" (reais)', change: { amount: '={{ "100.00" }}' }, message: 'amount must be whole cents: "100.00" could be 100 cents or R$ 100,00 = 10000 cents' },
		{ title: 'amount a number', change: { amount: '={{ "ten" }}' }, message: 'amount must be whole cents, an integer such as 9900 for R$ 99,00' },
	],
};
