/** Values documented in the API reference that only the action node uses (its dropdowns and checks). */

export const SUBMERCHANT_STATUSES = [
	'pending',
	'pending_review',
	'active',
	'suspended',
	'inactive',
	'rejected',
] as const;

export const BUSINESS_TYPES = ['physical', 'digital', 'both'] as const;

export const ADDRESS_TYPES = ['billing', 'shipping', 'both'] as const;

export const CHARGE_STATUSES = [
	'pending',
	'authorized',
	'captured',
	'partially_refunded',
	'refunded',
	'voided',
	'failed',
	'expired',
] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const PAYMENT_METHODS = ['credit_card', 'debit_card', 'pix', 'boleto'] as const;

export const DOCUMENT_TYPES_BY_ENTITY = {
	pj: ['social_contract', 'contract_amendment', 'cnpj_card', 'proof_of_residence_company'],
	pf: ['front_id', 'back_id', 'selfie_with_id', 'proof_of_residence'],
	partner: [
		'partner_front_id',
		'partner_back_id',
		'partner_selfie_with_id',
		'partner_proof_of_residence',
	],
} as const;
export const DOCUMENT_TYPES: readonly string[] = [
	...DOCUMENT_TYPES_BY_ENTITY.pj,
	...DOCUMENT_TYPES_BY_ENTITY.pf,
	...DOCUMENT_TYPES_BY_ENTITY.partner,
];
export const PARTNER_DOCUMENT_PREFIX = 'partner_';

export const DOCUMENT_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'] as const;
export const DOCUMENT_MIME_TYPES = [
	'image/png',
	'image/jpeg',
	'image/jpg',
	'application/pdf',
] as const;

export const MAX_INSTALLMENTS = 12;

export const PATTERNS = {
	uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
	birthDate: /^\d{4}-\d{2}-\d{2}$/,
	mcc: /^\d{4}$/,
	/** The reference says only "e-mail address": the shape of one, a local part and a domain. */
	email: /^[^\s@]+@[^\s@]+$/,
} as const;
