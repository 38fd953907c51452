/**
 * Names and defaults this package chose where the API reference is silent ("not shown"), each once; the sandbox
 * states the same choices on its own (sandbox/api/names.js). Users rename the request names in the credential's API
 * Names (catalog at the end of this file) and change the webhook signature names in the trigger's options.
 */

/** The pagination object uses `page` and `perPage`. */
export const PAGINATION_QUERY = {
	page: 'page',
	perPage: 'perPage',
} as const;

/** The reference allows 1..100, default 20. Return All always asks for the maximum. */
export const PAGE_SIZE = {
	min: 1,
	max: 100,
	default: 20,
} as const;

export const SUBMERCHANT_LIST_QUERY = {
	status: 'status',
} as const;

/** Amounts are in cents. */
export const CHARGE_LIST_QUERY = {
	status: 'status',
	paymentMethod: 'payment_method',
	startDate: 'start_date',
	endDate: 'end_date',
	search: 'search',
	minAmount: 'min_amount',
	maxAmount: 'max_amount',
	installments: 'installments',
} as const;

export const WALLET_STATEMENT_QUERY = {
	startDate: 'start_date',
	endDate: 'end_date',
} as const;

/** The summary's `submerchant_id` IS documented. */
export const WITHDRAWAL_FEE_QUERY = {
	amount: 'amount',
} as const;

/** The response field is `type`. */
export const ADDRESS_TYPE_BODY_FIELD = 'type';

/** Listing and deleting webhook endpoints are "not shown": the REST convention on the documented create path. */
export const WEBHOOK_ENDPOINTS_PATH = '/v1/postbacks/endpoints';
export const webhookEndpointPath = (id: string): string =>
	`${WEBHOOK_ENDPOINTS_PATH}/${encodeURIComponent(id)}`;

/**
 * Creating and listing payment links are "not shown": POST and GET on the documented collection path, the body under
 * the Payment link resource's writable field names.
 */
export const PAYMENT_LINKS_PATH = '/v1/payment-links';
export const PAYMENT_LINK_BODY = {
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
} as const;
/**
 * The reference shows no idempotency header: this is the name most payment APIs use (Stripe, Adyen, the IETF draft).
 * Sent only when the user sets a key.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const RETRYABLE_STATUSES = [429, 502, 503, 504] as const;

/** Each wait doubles from the base and never exceeds the cap. Mutable so tests can shorten the waits. */
export const RETRY_POLICY = {
	maxRetries: 3,
	baseDelayMs: 500,
	maxDelayMs: 10_000,
};
/** Mutable so tests can shorten it. */
export const REQUEST_POLICY = {
	timeoutMs: 30_000,
};

/**
 * Where each chosen name is used, by route (`{id}` stands for a path segment): what API Names can rename. Operations
 * write the defaults and the transport sends the user's names; a key "GET /v1/charges start_date" renames on one
 * route only.
 */
const LIST_PAGES = [PAGINATION_QUERY.page, PAGINATION_QUERY.perPage];
export const CHOSEN_QUERY_NAMES: Readonly<Record<string, readonly string[]>> = {
	'GET /v1/submerchants': [...Object.values(SUBMERCHANT_LIST_QUERY), ...LIST_PAGES],
	'GET /v1/charges': [...Object.values(CHARGE_LIST_QUERY), ...LIST_PAGES],
	'GET /v1/wallets/{id}/statement': Object.values(WALLET_STATEMENT_QUERY),
	'GET /v1/withdrawals/fee': Object.values(WITHDRAWAL_FEE_QUERY),
	[`GET ${PAYMENT_LINKS_PATH}`]: LIST_PAGES,
	[`GET ${WEBHOOK_ENDPOINTS_PATH}`]: LIST_PAGES,
};
export const CHOSEN_BODY_NAMES: Readonly<Record<string, readonly string[]>> = {
	'POST /v1/submerchants/{id}/addresses': [ADDRESS_TYPE_BODY_FIELD],
	'PATCH /v1/submerchants/{id}/addresses/{id}': [ADDRESS_TYPE_BODY_FIELD],
	[`POST ${PAYMENT_LINKS_PATH}`]: Object.values(PAYMENT_LINK_BODY),
};
export const CHOSEN_HEADER_NAMES: readonly string[] = [IDEMPOTENCY_KEY_HEADER];
/** The reference names the operation but not its path. */
export const CHOSEN_PATHS: readonly string[] = [
	`POST ${PAYMENT_LINKS_PATH}`,
	`GET ${PAYMENT_LINKS_PATH}`,
	`GET ${WEBHOOK_ENDPOINTS_PATH}`,
	`PATCH ${WEBHOOK_ENDPOINTS_PATH}/{id}`,
	`DELETE ${WEBHOOK_ENDPOINTS_PATH}/{id}`,
];
