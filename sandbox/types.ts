/**
 * Record shapes held by the sandbox store. Each record is stored in the shape the API returns it, so the routes can
 * answer with the record itself; the only secret (a webhook endpoint's `secret`) is stripped by `publicEndpoint`.
 * Fields beyond the ones the reference lists are marked "sandbox" below: the reference says such fields are not shown.
 */
import type { ChargeStatus, WebhookEvent } from '../nodes/PaymentPlatform/shared/apiValues';

export type Json = Record<string, unknown>;

export interface Merchant {
	id: string;
	name: string;
}

export interface Cnae {
	code: string;
	description: string | null;
	is_primary: boolean;
}

export interface Submerchant {
	id: string;
	parent_merchant_id: string;
	entity_type: 'pf' | 'pj';
	trade_name: string;
	legal_name: string;
	tax_id: string;
	email: string;
	phone: string | null;
	website: string | null;
	description: string | null;
	soft_descriptor: string | null;
	birth_date: string | null;
	mother_name: string | null;
	status: string;
	business_type: string | null;
	product_categories: string[];
	average_ticket: string | null;
	monthly_revenue: string | null;
	reviewed_at: string | null;
	review_notes: string | null;
	created_at: string;
	updated_at: string;
	mcc: string | null;
	cnaes: Cnae[];
}

/** Sandbox: the reference does not show the legal representative's fields. */
export interface LegalRepresentative {
	id: string;
	submerchant_id: string;
	name: string;
	created_at: string;
}

export interface Address {
	id: string;
	submerchant_id: string;
	type: string;
	street: string;
	number: string;
	complement: string | null;
	neighborhood: string;
	city: string;
	state: string;
	zip_code: string;
	country: string;
	is_primary: boolean;
	created_at: string;
}

export interface SubmerchantDocument {
	id: string;
	submerchant_id: string;
	legal_representative_id: string | null;
	type: string;
	notes: string | null;
	number: string | null;
	file_url: string | null;
	file_name: string | null;
	file_size: number | null;
	mime_type: string | null;
	/** `pending` for a new document; `replaced` (sandbox name) once a newer one of the same type arrives. */
	status: string;
	verified_at: string | null;
	verification_notes: string | null;
	expires_at: string | null;
	created_at: string;
	updated_at: string;
}

export interface ChargeCustomer {
	name?: string;
	email?: string;
	tax_id?: string;
	phone?: string;
	birthdate?: string;
}

export interface ChargeItem {
	id?: string;
	name?: string;
	quantity?: number;
	unit_price?: number;
	tangible?: boolean;
	description?: string;
	category?: string;
	code?: string;
}

export interface ChargeSplit {
	recipient_id: string;
	amount: number;
	cross_company?: boolean;
}

/** What the sandbox keeps of the card: never the number, the CVV or the token. */
export interface ChargeCard {
	holder_name: string | null;
	last_four: string | null;
	expiration_month: string | null;
	expiration_year: string | null;
	tokenized: boolean;
}

export interface Charge {
	id: string;
	merchant_id: string;
	submerchant_id: string | null;
	amount: number;
	currency: 'BRL';
	status: ChargeStatus;
	payment_method: string;
	product_type: string;
	created_at: string;
	updated_at: string;
	/** Sandbox fields (the reference says the rest of the charge record is not shown). */
	installments: number;
	shipping_amount: number;
	customer: ChargeCustomer | null;
	items: ChargeItem[];
	split: ChargeSplit[];
	metadata: Json;
	statement_descriptor: string | null;
	card: ChargeCard | null;
	chargebacks: Array<{ id: string; occurred_at: string }>;
}

export interface PaymentLink {
	id: string;
	merchant_id: string;
	submerchant_id: string | null;
	title: string;
	description: string | null;
	amount: number;
	checkout_url: string;
	currency: 'BRL';
	product_type: string;
	allowed_payment_methods: string[];
	max_installments: number;
	expires_at: string | null;
	max_uses: number | null;
	current_uses: number;
	status: string;
	redirect_url: string | null;
	cover_image_url: string | null;
	metadata: Json;
	created_by: string;
	created_at: string;
	updated_at: string;
}

export interface Receivable {
	id: string;
	charge_id: string;
	merchant_id: string;
	gross_amount: number;
	net_amount: number;
	fee_amount: number;
	/** `pending`; `anticipated` (sandbox name) while part of a pending anticipation. */
	status: string;
	payment_method: string;
	installment: number;
	settlement_date: string;
	created_at: string;
}

export interface Anticipation {
	id: string;
	merchant_id: string;
	/** `pending`, then `canceled` (sandbox name) after DELETE. */
	status: string;
	anticipation_type: string;
	total_gross_amount: number;
	total_fee_amount: number;
	total_net_amount: number;
	/** Sandbox fields. */
	receivable_ids: string[];
	metadata: Json;
	created_at: string;
	updated_at: string;
}

export interface Wallet {
	id: string;
	owner_type: string;
	owner_id: string;
	wallet_type: string;
	currency_code: string;
	balance: number;
	is_active: boolean;
	created_at: string;
	updated_at: string;
}

export interface WalletEntry {
	id: string;
	wallet_id: string;
	direction: 'credit' | 'debit';
	amount: number;
	balance_after: number;
	reference_type: string;
	reference_id: string;
	description: string;
	created_at: string;
}

/** Sandbox: withdrawals are only read through the summary; their fields are not shown. */
export interface Withdrawal {
	id: string;
	merchant_id: string;
	submerchant_id: string | null;
	amount: number;
	status: 'pending' | 'completed';
	created_at: string;
}

/** The merchant's withdrawal fee configuration (sandbox): a fixed fee in cents or a percentage in basis points. */
export interface WithdrawalFeeConfig {
	fee_type: 'fixed' | 'percentage';
	value: number;
}

export interface WebhookEndpoint {
	id: string;
	url: string;
	secret: string;
	events: WebhookEvent[];
	status: string;
	created_at: string;
}

export type PublicWebhookEndpoint = Omit<WebhookEndpoint, 'secret'>;

export interface Upload {
	id: string;
	filename: string;
	contentType: string;
	data: Buffer;
}

export interface SinkEntry {
	received_at: string;
	body: unknown;
}
