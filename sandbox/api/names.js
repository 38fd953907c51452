'use strict';
/**
 * Names the API reference leaves unshown, as the sandbox states them. They are choices, not documented facts; the
 * nodes made the same choices in their chosenNames.ts (nodes/shared's, the trigger's), and test/agreement.test.ts
 * fails when the two differ.
 */

/** Query names of the paginated lists (the reference shows only the response's pagination object: page, perPage). */
const PAGINATION_QUERY = { page: 'page', perPage: 'perPage' };

/** GET /v1/submerchants filter. */
const SUBMERCHANT_LIST_QUERY = { status: 'status' };

/** GET /v1/charges filters; amounts in cents. */
const CHARGE_LIST_QUERY = {
	status: 'status',
	paymentMethod: 'payment_method',
	startDate: 'start_date',
	endDate: 'end_date',
	search: 'search',
	minAmount: 'min_amount',
	maxAmount: 'max_amount',
	installments: 'installments',
};

/** GET /v1/wallets/{id}/statement period. */
const WALLET_STATEMENT_QUERY = { startDate: 'start_date', endDate: 'end_date' };

/** GET /v1/withdrawals/fee amount in cents. */
const WITHDRAWAL_FEE_QUERY = { amount: 'amount' };

/** GET /v1/withdrawals/summary: this one IS documented. */
const WITHDRAWAL_SUMMARY_QUERY = { submerchantId: 'submerchant_id' };

/** The address type's name in the request body (the response field is `type`). */
const ADDRESS_TYPE_BODY_FIELD = 'type';

/**
 * Creating is documented at this path; listing (GET, paginated) and deleting (DELETE path/{id}) are not shown: REST
 * convention on the documented path.
 */
const WEBHOOK_ENDPOINTS_PATH = '/v1/postbacks/endpoints';

/**
 * Payment links: only GET {id} and upload-cover are shown; creating and listing are "not shown". The sandbox's
 * choice: POST and GET (paginated) on the documented collection path.
 */
const PAYMENT_LINKS_PATH = '/v1/payment-links';
/** Creating a payment link: the body under the Payment link resource's own writable field names. */
const PAYMENT_LINK_BODY = {
	title: 'title',
	amount: 'amount',
	description: 'description',
	allowedPaymentMethods: 'allowed_payment_methods',
	currency: 'currency',
	expiresAt: 'expires_at',
	maxInstallments: 'max_installments',
	maxUses: 'max_uses',
	metadata: 'metadata',
	productType: 'product_type',
	redirectUrl: 'redirect_url',
	submerchantId: 'submerchant_id',
};

/**
 * Operations the reference names but shows no fields for, reached with n8n's HTTP Request node (README). The
 * sandbox accepts any JSON object there and stores it as sent; it invents no rule.
 */
const LEGAL_REPRESENTATIVES_PATH = (submerchantId) =>
	`/v1/submerchants/${submerchantId}/legal-representatives`;
const WITHDRAWALS_PATH = '/v1/withdrawals';

/** Webhook deliveries: `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>`, plus the event and a delivery id. */
const WEBHOOK_DELIVERY_HEADERS = {
	signature: 'X-Signature',
	event: 'X-Event',
	deliveryId: 'X-Delivery-Id',
};
const SIGNATURE_PREFIX = 'sha256=';

/**
 * The signature families the sandbox can sign with (SANDBOX_SIGNING), and the names each uses: raw body (the
 * default above); timestamped `t=<seconds>,v1=<hex>` over `<t>.<body>`; the timestamp in its own header with the
 * signed text `<t>.<body>`; Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`
 * over `<id>.<t>.<body>`, keyed by the `whsec_` secret's decoded bytes). Replay window 5 minutes.
 */
const WEBHOOK_SIGNATURE_NAMES = {
	signatureHeaderSuffix: '-signature',
	timestampHeader: 'X-Timestamp',
	timestampHeaderSuffix: '-timestamp',
	signedTextLayout: '{timestamp}.{body}',
	timestampedKeys: { timestamp: 't', signature: 'v1' },
	standardWebhooksHeaders: {
		id: 'webhook-id',
		timestamp: 'webhook-timestamp',
		signature: 'webhook-signature',
	},
	standardWebhooksVersion: 'v1',
	standardWebhooksSecretPrefix: 'whsec_',
	toleranceSeconds: 300,
};

/** The delivery body's fields: `{"id", "event", "charge", "occurred_at"}` (the payload is not shown either). */
const WEBHOOK_PAYLOAD_FIELDS = {
	id: 'id',
	event: 'event',
	charge: 'charge',
	occurredAt: 'occurred_at',
};

/** The request header that makes a POST or PATCH idempotent (not shown: sandbox/idempotency.js). */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Machine-readable error codes (not shown by the reference). */
const ERROR_CODES = {
	unauthorized: 'UNAUTHORIZED',
	notFound: 'NOT_FOUND',
	validation: 'VALIDATION_ERROR',
	conflict: 'CONFLICT',
	badRequest: 'BAD_REQUEST',
	rateLimited: 'RATE_LIMITED',
	idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
	internal: 'INTERNAL_ERROR',
};

module.exports = {
	PAYMENT_LINK_BODY,
	PAGINATION_QUERY,
	SUBMERCHANT_LIST_QUERY,
	CHARGE_LIST_QUERY,
	WALLET_STATEMENT_QUERY,
	WITHDRAWAL_FEE_QUERY,
	WITHDRAWAL_SUMMARY_QUERY,
	ADDRESS_TYPE_BODY_FIELD,
	WEBHOOK_ENDPOINTS_PATH,
	PAYMENT_LINKS_PATH,
	LEGAL_REPRESENTATIVES_PATH,
	WITHDRAWALS_PATH,
	WEBHOOK_DELIVERY_HEADERS,
	SIGNATURE_PREFIX,
	WEBHOOK_SIGNATURE_NAMES,
	WEBHOOK_PAYLOAD_FIELDS,
	IDEMPOTENCY_KEY_HEADER,
	ERROR_CODES,
};
