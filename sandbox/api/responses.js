'use strict';
/**
 * The shapes the sandbox answers with, in zod, from the Resources part of api-reference.md. `.strict()` where the
 * reference lists the record's fields; `.passthrough()` where it says fields beyond those listed are not shown
 * (charge, anticipation), since the sandbox keeps more there. Fields the sandbox leaves empty are null.
 * test/sandbox/envelope.test.ts reads every answer of the seed data through these.
 */
const { z } = require('zod');
const values = require('./values');

const id = z.string().regex(values.PATTERNS.uuid);
const timestamp = z.string().datetime({ offset: true });
const cents = z.number().int();
const maybe = (/** @type {z.ZodTypeAny} */ schema) => schema.nullable();
const text = z.string();

const pagination = z
	.object({
		page: cents.min(1),
		perPage: cents.min(1),
		total: cents.min(0),
		totalPages: cents.min(0),
	})
	.strict();

/** `{success: true, message, data?, pagination?}` around `data`. */
function envelope(/** @type {z.ZodTypeAny | undefined} */ data, { paginated = false } = {}) {
	return z
		.object({
			success: z.literal(true),
			message: text,
			...(data ? { data } : {}),
			...(paginated ? { pagination } : {}),
		})
		.strict();
}

const errorEnvelope = z
	.object({
		success: z.literal(false),
		message: text,
		error: text,
		details: z.array(z.object({ field: text, rule: text, message: text }).strict()).optional(),
	})
	.strict();

const address = z
	.object({
		id,
		submerchant_id: id,
		type: z.enum(['billing', 'shipping', 'both']),
		street: text,
		number: text,
		complement: maybe(text),
		neighborhood: text,
		city: text,
		state: text,
		zip_code: text,
		country: text,
		is_primary: z.boolean(),
		created_at: timestamp,
	})
	.strict();

const submerchant = z
	.object({
		id,
		parent_merchant_id: id,
		entity_type: z.enum(['pf', 'pj']),
		trade_name: text,
		legal_name: text,
		tax_id: text,
		email: text,
		phone: maybe(text),
		website: maybe(text),
		description: maybe(text),
		soft_descriptor: maybe(text),
		birth_date: maybe(text.regex(values.PATTERNS.birthDate)),
		mother_name: maybe(text),
		status: z.enum(/** @type {[string, ...string[]]} */ (values.SUBMERCHANT_STATUSES)),
		business_type: z.enum(/** @type {[string, ...string[]]} */ (values.BUSINESS_TYPES)),
		product_categories: z.array(text),
		average_ticket: maybe(text.regex(/^\d+(\.\d+)?$/)),
		monthly_revenue: maybe(text.regex(/^\d+(\.\d+)?$/)),
		reviewed_at: maybe(timestamp),
		review_notes: maybe(text),
		created_at: timestamp,
		updated_at: timestamp,
		mcc: maybe(text.regex(values.PATTERNS.mcc)),
		cnaes: z.array(
			z.object({ code: text, description: maybe(text), is_primary: z.boolean() }).strict(),
		),
		/** GET /v1/submerchants/{id} adds the addresses ("complete data"). */
		addresses: z.array(address).optional(),
	})
	.strict();

const document = z
	.object({
		id,
		submerchant_id: id,
		legal_representative_id: maybe(id),
		type: z.enum(/** @type {[string, ...string[]]} */ (values.DOCUMENT_TYPES)),
		notes: maybe(text),
		number: maybe(text),
		file_url: maybe(text),
		file_name: maybe(text),
		file_size: maybe(cents.min(1)),
		mime_type: maybe(text),
		status: text,
		verified_at: maybe(timestamp),
		verification_notes: maybe(text),
		expires_at: maybe(timestamp),
		created_at: timestamp,
		updated_at: timestamp,
	})
	.strict();

const charge = z
	.object({
		id,
		merchant_id: id,
		submerchant_id: maybe(id),
		amount: cents,
		currency: z.literal('BRL'),
		status: z.enum(/** @type {[string, ...string[]]} */ (values.CHARGE_STATUSES)),
		payment_method: z
			.enum(/** @type {[string, ...string[]]} */ (values.PAYMENT_METHODS))
			.nullable(),
		product_type: text,
		created_at: timestamp,
		updated_at: timestamp,
	})
	.passthrough();

const paymentLink = z
	.object({
		id,
		merchant_id: id,
		submerchant_id: maybe(id),
		title: text,
		description: maybe(text),
		amount: cents,
		checkout_url: text,
		currency: z.literal('BRL'),
		product_type: text,
		allowed_payment_methods: z.array(text),
		max_installments: cents,
		expires_at: maybe(timestamp),
		max_uses: maybe(cents),
		current_uses: cents,
		status: text,
		redirect_url: maybe(text),
		cover_image_url: maybe(text),
		metadata: z.record(z.string(), z.unknown()),
		created_by: id,
		created_at: timestamp,
		updated_at: timestamp,
	})
	.strict();

const receivable = z
	.object({
		id,
		charge_id: id,
		merchant_id: id,
		gross_amount: cents,
		net_amount: cents,
		fee_amount: cents,
		status: text,
		payment_method: text,
		installment: cents,
		settlement_date: timestamp,
		created_at: timestamp,
	})
	.strict();

const anticipation = z
	.object({
		id,
		merchant_id: id,
		status: text,
		anticipation_type: text,
		total_gross_amount: cents,
		total_fee_amount: cents,
		total_net_amount: cents,
		created_at: timestamp,
		updated_at: timestamp,
	})
	.passthrough();

const wallet = z
	.object({
		id,
		owner_type: text,
		owner_id: id,
		wallet_type: text,
		currency_code: text,
		balance: cents,
		is_active: z.boolean(),
		created_at: timestamp,
		updated_at: timestamp,
	})
	.strict();

const statement = z
	.object({
		entries: z.array(
			z
				.object({
					id,
					wallet_id: id,
					direction: text,
					amount: cents,
					balance_after: cents,
					reference_type: text,
					reference_id: id,
					description: text,
					created_at: timestamp,
				})
				.strict(),
		),
		summary: z
			.object({
				opening_balance: cents,
				closing_balance: cents,
				total_credits: cents,
				total_debits: cents,
			})
			.strict(),
	})
	.strict();

const withdrawalSummary = z
	.object({
		available_balance: cents,
		pending_count: cents,
		today_amount: cents,
		total_withdrawals: cents,
		total_completed: cents,
	})
	.strict();

const withdrawalFee = z.object({ fee: cents, fee_type: text }).strict();

const webhookEndpointFields = {
	id,
	url: text.max(2048),
	events: z.array(z.enum(/** @type {[string, ...string[]]} */ (values.WEBHOOK_EVENTS))).min(1),
	status: text,
	created_at: timestamp,
};
/** Listed endpoints: without the secret. */
const webhookEndpoint = z.object(webhookEndpointFields).strict();
/** The creation answer is the only one with the secret. */
const createdWebhookEndpoint = z.object({ ...webhookEndpointFields, secret: text }).strict();

module.exports = {
	envelope,
	errorEnvelope,
	pagination,
	submerchant,
	address,
	document,
	charge,
	paymentLink,
	coverUpload: z.object({ cover_image_url: text }).strict(),
	receivable,
	anticipation,
	wallet,
	statement,
	withdrawalSummary,
	withdrawalFee,
	webhookEndpoint,
	createdWebhookEndpoint,
};
