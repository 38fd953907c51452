/**
 * The sandbox's in-memory state. Maps keep insertion order; the routes read and write them directly.
 */
import { randomUUID } from 'crypto';
import { SEED } from './seedIds';
import type {
	Address,
	Anticipation,
	Charge,
	LegalRepresentative,
	Merchant,
	PaymentLink,
	Receivable,
	SinkEntry,
	Submerchant,
	SubmerchantDocument,
	Upload,
	Wallet,
	WalletEntry,
	WebhookEndpoint,
	Withdrawal,
	WithdrawalFeeConfig,
} from './types';

export const newId = (): string => randomUUID();
export const nowIso = (): string => new Date().toISOString();

/** Code-unit order, which is chronological for `toISOString()` timestamps. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const DEFAULT_WITHDRAWAL_FEE: WithdrawalFeeConfig = { fee_type: 'fixed', value: 367 };

export class Store {
	/** The merchant that owns the key pair; every /v1 operation acts on it. */
	readonly merchant: Merchant = { id: SEED.merchantId, name: 'Sandbox Merchant' };

	readonly submerchants = new Map<string, Submerchant>();
	readonly legalRepresentatives = new Map<string, LegalRepresentative>();
	readonly addresses = new Map<string, Address>();
	readonly documents = new Map<string, SubmerchantDocument>();
	readonly charges = new Map<string, Charge>();
	readonly paymentLinks = new Map<string, PaymentLink>();
	readonly receivables = new Map<string, Receivable>();
	readonly anticipations = new Map<string, Anticipation>();
	readonly wallets = new Map<string, Wallet>();
	readonly walletEntries = new Map<string, WalletEntry>();
	readonly withdrawals = new Map<string, Withdrawal>();
	readonly webhookEndpoints = new Map<string, WebhookEndpoint>();
	readonly uploads = new Map<string, Upload>();
	readonly sink: SinkEntry[] = [];
	/** Available balance of each submerchant, read by the withdrawal summary. */
	readonly submerchantBalances = new Map<string, number>();
	withdrawalFee: WithdrawalFeeConfig = { ...DEFAULT_WITHDRAWAL_FEE };

	private chargesNewestFirstCache: Charge[] | undefined;

	clear(): void {
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
			this.webhookEndpoints,
			this.uploads,
			this.submerchantBalances,
		] as Array<Map<string, unknown>>) {
			map.clear();
		}
		this.sink.length = 0;
		this.withdrawalFee = { ...DEFAULT_WITHDRAWAL_FEE };
		this.chargesNewestFirstCache = undefined;
	}

	/** A submerchant linked to the caller's merchant (others are invisible). */
	ownSubmerchant(id: string): Submerchant | undefined {
		const submerchant = this.submerchants.get(id);
		return submerchant?.parent_merchant_id === this.merchant.id ? submerchant : undefined;
	}

	legalRepresentativesOf(submerchantId: string): LegalRepresentative[] {
		return [...this.legalRepresentatives.values()].filter(
			(lr) => lr.submerchant_id === submerchantId,
		);
	}

	addressesOf(submerchantId: string): Address[] {
		return [...this.addresses.values()].filter((a) => a.submerchant_id === submerchantId);
	}

	documentsOf(submerchantId: string): SubmerchantDocument[] {
		return [...this.documents.values()].filter((d) => d.submerchant_id === submerchantId);
	}

	addCharge(charge: Charge): void {
		this.charges.set(charge.id, charge);
		this.chargesNewestFirstCache = undefined;
	}

	/** The merchant's charges, newest first (cached until a charge is added). */
	chargesNewestFirst(): Charge[] {
		if (!this.chargesNewestFirstCache) {
			this.chargesNewestFirstCache = [...this.charges.values()]
				.filter((charge) => charge.merchant_id === this.merchant.id)
				.sort((a, b) => compareText(b.created_at, a.created_at) || compareText(b.id, a.id));
		}
		return this.chargesNewestFirstCache;
	}

	merchantWallet(): Wallet | undefined {
		return [...this.wallets.values()].find(
			(w) =>
				w.owner_type === 'merchant' &&
				w.owner_id === this.merchant.id &&
				w.wallet_type === 'available',
		);
	}
}
