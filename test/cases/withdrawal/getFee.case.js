'use strict';
/** Withdrawal → Get Fee: the amount in cents; the fee and its type (the sandbox's default: a fixed 367 cents). */

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { amount: 10000 },
	request: { method: 'GET', path: '/v1/withdrawals/fee', query: { amount: '10000' } },
	output: { items: [{ fee: 367, fee_type: 'fixed' }] },
	// prettier-ignore
	refused: [
		{ title: 'amount an integer', change: { amount: 10.5 }, message: 'amount must be an integer' },
		{ title: 'amount a number', change: { amount: '={{ "ten" }}' }, message: 'amount must be an integer' },
	],
};
