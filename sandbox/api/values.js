'use strict';
/**
 * The values and limits the API reference documents, written here from `api-reference.md` (not taken from the
 * package): the sandbox is a second opinion on what the nodes send, so it keeps its own copy.
 * test/agreement.test.ts compares this copy with the nodes' (the documentedValues.ts of nodes/shared and
 * nodes/PaymentPlatform), so a change on one side fails.
 */

const WEBHOOK_EVENTS = [
	'charge.pending',
	'charge.authorized',
	'charge.captured',
	'charge.partially_refunded',
	'charge.refunded',
	'charge.voided',
	'charge.failed',
	'charge.expired',
	'charge.chargeback',
];

const SUBMERCHANT_STATUSES = [
	'pending',
	'pending_review',
	'active',
	'suspended',
	'inactive',
	'rejected',
];

const BUSINESS_TYPES = ['physical', 'digital', 'both'];

const ADDRESS_TYPES = ['billing', 'shipping', 'both'];

const CHARGE_STATUSES = [
	'pending',
	'authorized',
	'captured',
	'partially_refunded',
	'refunded',
	'voided',
	'failed',
	'expired',
];

const PAYMENT_METHODS = ['credit_card', 'debit_card', 'pix', 'boleto'];

const CURRENCIES = ['BRL'];

const DOCUMENT_TYPES_BY_ENTITY = {
	pj: ['social_contract', 'contract_amendment', 'cnpj_card', 'proof_of_residence_company'],
	pf: ['front_id', 'back_id', 'selfie_with_id', 'proof_of_residence'],
	partner: [
		'partner_front_id',
		'partner_back_id',
		'partner_selfie_with_id',
		'partner_proof_of_residence',
	],
};
const DOCUMENT_TYPES = Object.values(DOCUMENT_TYPES_BY_ENTITY).flat();
/** Rule 4: `legal_representative_id` is required for these types and forbidden for the others. */
const PARTNER_DOCUMENT_PREFIX = 'partner_';

/** Rule 2: accepted file formats PNG, JPG, JPEG, PDF, as file name extensions and as MIME types. */
const DOCUMENT_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'];
const DOCUMENT_MIME_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'application/pdf'];

/** Charge list filter and payment_details.installments: "up to 12". */
const MAX_INSTALLMENTS = 12;

/** Items per page of the list operations: 1 to 100, default 20. */
const PAGE_SIZE = { min: 1, max: 100, default: 20 };

/** Lengths in characters; `exact` = exactly that many. Update-time maximums are derived from these (see schemas). */
const LIMITS = {
	address: {
		street: { min: 1, max: 255 },
		number: { min: 1, max: 20 },
		neighborhood: { min: 1, max: 100 },
		city: { min: 1, max: 100 },
		state: { exact: 2 },
		zipCode: { min: 8, max: 10 },
		complement: { max: 100 },
		country: { exact: 2 },
	},
	submerchant: {
		tradeName: { min: 3, max: 255 },
		legalName: { min: 3, max: 255 },
		phone: { max: 20 },
		website: { max: 255 },
		softDescriptor: { max: 22 },
		motherName: { max: 255 },
	},
	document: {
		type: { min: 1, max: 100 },
		fileUrl: { max: 500 },
		fileName: { max: 255 },
		mimeType: { max: 100 },
		number: { max: 100 },
	},
	webhookEndpoint: { url: { max: 2048 } },
};

const PATTERNS = {
	uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
	birthDate: /^\d{4}-\d{2}-\d{2}$/,
	mcc: /^\d{4}$/,
	/** The reference says only "e-mail address": the shape of one. */
	email: /^[^\s@]+@[^\s@]+$/,
};

module.exports = {
	WEBHOOK_EVENTS,
	SUBMERCHANT_STATUSES,
	BUSINESS_TYPES,
	ADDRESS_TYPES,
	CHARGE_STATUSES,
	PAYMENT_METHODS,
	CURRENCIES,
	DOCUMENT_TYPES_BY_ENTITY,
	DOCUMENT_TYPES,
	PARTNER_DOCUMENT_PREFIX,
	DOCUMENT_EXTENSIONS,
	DOCUMENT_MIME_TYPES,
	MAX_INSTALLMENTS,
	PAGE_SIZE,
	LIMITS,
	PATTERNS,
};
