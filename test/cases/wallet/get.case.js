'use strict';
/** Wallet → Get: one wallet with its balance. */
const { SEED } = require('../values');

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { walletId: SEED.walletId },
	request: { method: 'GET', path: `/v1/wallets/${SEED.walletId}` },
	output: {
		// Seed entries: +50,000 +29,100 -20,000 +4,900 -12,000.
		first: {
			id: SEED.walletId,
			owner_type: 'merchant',
			owner_id: SEED.merchantId,
			wallet_type: 'available',
			currency_code: 'BRL',
			balance: 52000,
			is_active: true,
		},
	},
	// prettier-ignore
	refused: [
		{ title: 'wallet id UUID', change: { walletId: 'wallet-1' }, message: 'wallet_id must be a UUID' },
	],
};
