'use strict';
/**
 * The sandbox's in-memory state. Maps keep insertion order; the routes read and write them directly.
 */
const { randomUUID } = require('crypto');
const { SEED } = require('./seedIds');

const newId = () => randomUUID();
const nowIso = () => new Date().toISOString();

/** Code-unit order, which is chronological for `toISOString()` timestamps. */
const compareText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

const DEFAULT_WITHDRAWAL_FEE = { fee_type: 'fixed', value: 367 };

class Store {
	/** The merchant that owns the key pair; every /v1 operation acts on it. */
	merchant = { id: SEED.merchantId, name: 'Sandbox Merchant' };

	submerchants = new Map();
	legalRepresentatives = new Map();
	addresses = new Map();
	documents = new Map();
	charges = new Map();
	paymentLinks = new Map();
	receivables = new Map();
	anticipations = new Map();
	wallets = new Map();
	walletEntries = new Map();
	withdrawals = new Map();
	/** Withdrawals created over POST /v1/withdrawals, stored as sent (no fields are documented). */
	requestedWithdrawals = new Map();
	webhookEndpoints = new Map();
	uploads = new Map();
	sink = [];
	/** Available balance of each submerchant, read by the withdrawal summary. */
	submerchantBalances = new Map();
	withdrawalFee = { ...DEFAULT_WITHDRAWAL_FEE };

	chargesNewestFirstCache;

	clear() {
		for (const map of [
			this.submerchants,
			this.legalRepresentatives,
			this.addresses,
			this.documents,
			this.charges,
			this.paymentLinks,
			this.receivables,
			this.anticipations,
			this.wallets,
			this.walletEntries,
			this.withdrawals,
			this.requestedWithdrawals,
			this.webhookEndpoints,
			this.uploads,
			this.submerchantBalances,
		]) {
			map.clear();
		}
		this.sink.length = 0;
		this.withdrawalFee = { ...DEFAULT_WITHDRAWAL_FEE };
		this.chargesNewestFirstCache = undefined;
	}

	/** A submerchant linked to the caller's merchant (others are invisible). */
	ownSubmerchant(id) {
		const submerchant = this.submerchants.get(id);
		return submerchant?.parent_merchant_id === this.merchant.id ? submerchant : undefined;
	}

	legalRepresentativesOf(submerchantId) {
		return [...this.legalRepresentatives.values()].filter(
			(lr) => lr.submerchant_id === submerchantId,
		);
	}

	addressesOf(submerchantId) {
		return [...this.addresses.values()].filter((a) => a.submerchant_id === submerchantId);
	}

	documentsOf(submerchantId) {
		return [...this.documents.values()].filter((d) => d.submerchant_id === submerchantId);
	}

	addCharge(charge) {
		this.charges.set(charge.id, charge);
		this.chargesNewestFirstCache = undefined;
	}

	/** The merchant's charges, newest first (cached until a charge is added). */
	chargesNewestFirst() {
		if (!this.chargesNewestFirstCache) {
			this.chargesNewestFirstCache = [...this.charges.values()]
				.filter((charge) => charge.merchant_id === this.merchant.id)
				.sort((a, b) => compareText(b.created_at, a.created_at) || compareText(b.id, a.id));
		}
		return this.chargesNewestFirstCache;
	}

	merchantWallet() {
		return [...this.wallets.values()].find(
			(w) =>
				w.owner_type === 'merchant' &&
				w.owner_id === this.merchant.id &&
				w.wallet_type === 'available',
		);
	}
}

module.exports = { newId, nowIso, compareText, Store };
