'use strict';
/**
 * The sandbox's statement of the API in zod, written from api-reference.md: one schema per request body and per
 * list query (the answers: responses.js). Bodies are `.strict()` where the reference lists the
 * fields (everything else is an unknown_field). Only the rules the reference states refuse a request: where it
 * says a field's requiredness, range or format is "not shown", the field is optional and only typed. Rules that need
 * the stored data (a legal representative exists, a receivable is pending) are checked by the routes after these.
 *
 * Over 300 lines on purpose: it is the request side of the whole API in one file, in the reference's order, so it
 * can be read against api-reference.md section by section.
 */
const { z } = require('zod');
const names = require('./names');
const values = require('./values');
const {
	absent,
	boolean,
	freeObject,
	integer,
	list,
	matching,
	number,
	oneOf,
	query,
	queryObject,
	RULES,
	says,
	strictObject,
	text,
	timestamp,
	uuid,
} = require('./rules');

const { LIMITS, PATTERNS, PAGE_SIZE, MAX_INSTALLMENTS } = values;
const A = LIMITS.address;
const D = LIMITS.document;
const S = LIMITS.submerchant;

const FORMATS_TEXT = 'PNG, JPG, JPEG or PDF';

/** @param {import('./rules').Length} limit The create-time limit; an update only keeps its maximum. */
const maxOf = (limit) => ({ max: limit.max ?? limit.exact });

/** Adds an issue at `path` below the object being refined. */
function issueAt(
	/** @type {z.RefinementCtx} */ ctx,
	/** @type {(string | number)[]} */ path,
	/** @type {string} */ rule,
	/** @type {string} */ ruleText,
) {
	ctx.addIssue({ code: z.ZodIssueCode.custom, path, message: says(rule, ruleText) });
}

// ---- submerchants ----------------------------------------------------------------------------------------------

/** The reference gives the pattern only (`^\d{4}-\d{2}-\d{2}$`), not a calendar check. */
const birthDate = matching(PATTERNS.birthDate, 'must be a date in the format YYYY-MM-DD');

const cnae = strictObject({
	code: text().optional(),
	description: text().optional(),
	is_primary: boolean().optional(),
});

const submerchantUpdate = strictObject({
	trade_name: text(S.tradeName).optional(),
	legal_name: text(S.legalName).optional(),
	email: matching(PATTERNS.email, 'must be a valid e-mail address').optional(),
	phone: text(S.phone).optional(),
	website: text(S.website).optional(),
	description: text().optional(),
	soft_descriptor: text(S.softDescriptor).optional(),
	birth_date: birthDate.optional(),
	mother_name: text(S.motherName).optional(),
	business_type: oneOf(values.BUSINESS_TYPES).optional(),
	product_categories: list(text()).optional(),
	average_ticket: number({ min: 0 }).optional(),
	monthly_revenue: number({ min: 0 }).optional(),
	mcc: matching(PATTERNS.mcc, 'must be exactly 4 digits').optional(),
	cnaes: list(cnae).optional(),
	tax_id: absent(RULES.immutable, 'cannot be changed after creation'),
});

/** POST /v1/submerchants/{id}/submit-for-review: "No body" (an empty JSON object is accepted as none). */
const submitForReview = strictObject({});

const page = {
	[names.PAGINATION_QUERY.page]: query.integer({ min: 1 }),
	[names.PAGINATION_QUERY.perPage]: query.integer({ min: PAGE_SIZE.min, max: PAGE_SIZE.max }),
};

const submerchantListQuery = queryObject({
	[names.SUBMERCHANT_LIST_QUERY.status]: query.oneOf(values.SUBMERCHANT_STATUSES),
	...page,
});

// ---- addresses ---------------------------------------------------------------------------------------------------

const addressType = { [names.ADDRESS_TYPE_BODY_FIELD]: oneOf(values.ADDRESS_TYPES).optional() };

const addressCreate = strictObject({
	street: text(A.street),
	number: text(A.number),
	neighborhood: text(A.neighborhood),
	city: text(A.city),
	state: text(A.state),
	zip_code: text(A.zipCode),
	complement: text(A.complement).optional(),
	country: text(A.country),
	is_primary: boolean().optional(),
	...addressType,
});

const addressUpdate = strictObject({
	street: text(maxOf(A.street)).optional(),
	number: text(maxOf(A.number)).optional(),
	complement: text(maxOf(A.complement)).optional(),
	neighborhood: text(maxOf(A.neighborhood)).optional(),
	city: text(maxOf(A.city)).optional(),
	state: text(maxOf(A.state)).optional(),
	zip_code: text(maxOf(A.zipCode)).optional(),
	country: text(maxOf(A.country)).optional(),
	is_primary: boolean().optional(),
	...addressType,
});

// ---- documents ---------------------------------------------------------------------------------------------------

const fileName = text(D.fileName).superRefine((value, ctx) => {
	const extension = /\.([^./\\]+)$/.exec(value)?.[1]?.toLowerCase();
	if (!extension)
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: says(RULES.extension, 'must include a file extension'),
		});
	else if (!values.DOCUMENT_EXTENSIONS.includes(extension))
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: says(RULES.format, `must be a ${FORMATS_TEXT} file`),
		});
});

const mimeType = text(D.mimeType).superRefine((value, ctx) => {
	const essence = value.split(';')[0].trim().toLowerCase();
	if (!values.DOCUMENT_MIME_TYPES.includes(essence))
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: says(
				RULES.format,
				`must be one of ${values.DOCUMENT_MIME_TYPES.join(', ')} (accepted formats: ${FORMATS_TEXT})`,
			),
		});
});

const documentCreate = strictObject({
	type: text(D.type).pipe(oneOf(values.DOCUMENT_TYPES)),
	file_url: text(D.fileUrl).optional(),
	file_name: fileName.optional(),
	file_size: integer({ min: 1 }).optional(),
	mime_type: mimeType.optional(),
	number: text(D.number).optional(),
	expires_at: timestamp().optional(),
	notes: text().optional(),
	legal_representative_id: uuid().optional(),
}).superRefine((body, ctx) => {
	const prefix = values.PARTNER_DOCUMENT_PREFIX;
	const isPartner = body.type.startsWith(prefix);
	if (isPartner && body.legal_representative_id === undefined)
		issueAt(
			ctx,
			['legal_representative_id'],
			RULES.required,
			`is required for ${prefix}* document types`,
		);
	if (!isPartner && body.legal_representative_id !== undefined)
		issueAt(
			ctx,
			['legal_representative_id'],
			RULES.forbidden,
			`is only allowed for ${prefix}* document types`,
		);
});

// ---- charges -----------------------------------------------------------------------------------------------------

const paymentDetails = strictObject({
	number: text().optional(),
	holder_name: text().optional(),
	expiration_month: text().optional(),
	expiration_year: text().optional(),
	cvv: text().optional(),
	token: text().optional(),
	installments: integer({ max: MAX_INSTALLMENTS }).optional(),
	statement_descriptor: text().optional(),
});

/** "Which fields are required, their ranges and formats ... are not shown": every field optional, only typed. */
const chargeCreate = strictObject({
	amount: integer().optional(),
	customer: strictObject({
		name: text().optional(),
		email: text().optional(),
		tax_id: text().optional(),
		phone: text().optional(),
		birthdate: text().optional(),
	}).optional(),
	items: list(
		strictObject({
			id: text().optional(),
			name: text().optional(),
			quantity: integer().optional(),
			unit_price: integer().optional(),
			tangible: boolean().optional(),
			description: text().optional(),
			category: text().optional(),
			code: text().optional(),
		}),
	).optional(),
	payment_method: oneOf(values.PAYMENT_METHODS).optional(),
	payment_details: paymentDetails.optional(),
	submerchant_id: uuid().optional(),
	shipping_amount: integer().optional(),
	currency: oneOf(values.CURRENCIES).optional(),
	metadata: freeObject().optional(),
	split: list(
		strictObject({
			recipient_id: uuid().optional(),
			amount: integer().optional(),
			cross_company: boolean().optional(),
		}),
	).optional(),
});

const Q = names.CHARGE_LIST_QUERY;
const chargeListQuery = queryObject({
	[Q.status]: query.oneOf(values.CHARGE_STATUSES),
	[Q.paymentMethod]: query.oneOf(values.PAYMENT_METHODS),
	[Q.startDate]: query.timestamp(),
	[Q.endDate]: query.timestamp(),
	[Q.search]: query.text(),
	[Q.minAmount]: query.integer({ min: 0 }),
	[Q.maxAmount]: query.integer({ min: 0 }),
	[Q.installments]: query.integer({ min: 1, max: MAX_INSTALLMENTS }),
	...page,
});

// ---- receivables, anticipations, wallets, withdrawals, webhooks -----------------------------------------------

const anticipationCreate = strictObject({
	receivable_ids: list(uuid()).optional(),
	metadata: freeObject().optional(),
});

const walletStatementQuery = queryObject({
	[names.WALLET_STATEMENT_QUERY.startDate]: query.timestamp(),
	[names.WALLET_STATEMENT_QUERY.endDate]: query.timestamp(),
});

const withdrawalSummaryQuery = queryObject({
	[names.WITHDRAWAL_SUMMARY_QUERY.submerchantId]: query.uuid(),
});

const withdrawalFeeQuery = queryObject({
	[names.WITHDRAWAL_FEE_QUERY.amount]: query.integer(),
});

/**
/**
 * POST /v1/submerchants/{id}/legal-representatives and POST /v1/withdrawals (routes/undocumented.js): the reference
 * names them without a field, so any JSON object, kept as sent (no rule invented; a real API will have its own).
 */
const undocumentedBody = z.object({}).passthrough();

/**
 * POST /v1/payment-links/{id}/upload-cover: multipart parts (server.js, @fastify/multipart), one non-empty file part
 * `file`. "Size and format limits of the image are not shown": its content type is not checked.
 */
const COVER_PART_NAME = 'file';
const coverUpload = z
	.array(
		z
			.object({
				name: z.string(),
				filename: z.string().optional(),
				contentType: z.string().optional(),
				size: z.number(),
			})
			.passthrough(),
	)
	.superRefine((parts, ctx) => {
		const files = parts.filter((part) => part.name === COVER_PART_NAME);
		const file = files[0];
		const fail = (/** @type {string} */ rule, /** @type {string} */ ruleText) =>
			issueAt(ctx, [COVER_PART_NAME], rule, ruleText);
		if (!file) fail(RULES.required, 'is required: send multipart/form-data with a part named file');
		else if (files.length > 1) fail(RULES.single, 'must be sent only once');
		else if (file.filename === undefined) fail(RULES.file, 'must be a file part (with a filename)');
		else if (file.size === 0) fail(RULES.notEmpty, 'must not be empty');
	});

/**
 * POST /v1/payment-links (path chosen in names.js): the Payment link resource's writable fields with the types the
 * reference gives them. Which are required and their ranges are not shown: every field optional, only typed.
 */
const paymentLinkCreate = strictObject({
	title: text().optional(),
	description: text().optional(),
	amount: integer().optional(),
	currency: oneOf(values.CURRENCIES).optional(),
	product_type: text({ min: 1 }).optional(),
	allowed_payment_methods: list(text({ min: 1 })).optional(),
	max_installments: integer().optional(),
	expires_at: timestamp().optional(),
	max_uses: integer().optional(),
	redirect_url: text().optional(),
	metadata: freeObject().optional(),
	submerchant_id: uuid().optional(),
});

/** GET /v1/payment-links and GET /v1/postbacks/endpoints: paginated like the documented lists, no filters. */
const paymentLinkListQuery = queryObject({ ...page });
const webhookEndpointListQuery = queryObject({ ...page });

const webhookEndpointCreate = strictObject({
	url: text(LIMITS.webhookEndpoint.url),
	events: list(oneOf(values.WEBHOOK_EVENTS), { minItems: 1 }),
});

/** PATCH of an endpoint (the reference names changing endpoints, not its fields): the creation's fields, each optional. */
const webhookEndpointUpdate = strictObject({
	url: text(LIMITS.webhookEndpoint.url).optional(),
	events: list(oneOf(values.WEBHOOK_EVENTS), { minItems: 1 }).optional(),
});

module.exports = {
	submerchantUpdate,
	submerchantListQuery,
	submitForReview,
	addressCreate,
	addressUpdate,
	documentCreate,
	chargeCreate,
	chargeListQuery,
	anticipationCreate,
	COVER_PART_NAME,
	coverUpload,
	walletStatementQuery,
	withdrawalSummaryQuery,
	withdrawalFeeQuery,
	webhookEndpointCreate,
	webhookEndpointUpdate,
	paymentLinkCreate,
	paymentLinkListQuery,
	webhookEndpointListQuery,
	undocumentedBody,
};
