/**
 * Names this package chose where the API reference is silent ("not shown").
 *
 * Everything here is THIS PACKAGE'S CHOICE, not a documented fact of the API. Each value is defined once; the sandbox
 * states the same choices on its own (sandbox/api/names.js). Users change the request names without code in the
 * credential's API Names (transport/apiNames.ts; the catalog of what can be renamed is at the end of this file), and
 * the webhook signature header, scheme, tolerance, timestamp header and signed text layout in the trigger's options.
 */

/** Query parameter names of the paginated list operations (the pagination object uses `page` and `perPage`). */
export const PAGINATION_QUERY = {
	page: 'page',
	perPage: 'perPage',
} as const;

/** Page sizes: the reference allows 1..100, default 20. Return All always asks for the maximum. */
export const PAGE_SIZE = {
	min: 1,
	max: 100,
	default: 20,
} as const;

/** GET /v1/submerchants filters. */
export const SUBMERCHANT_LIST_QUERY = {
	status: 'status',
} as const;

/** GET /v1/charges filters. Amounts are in cents. */
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

/** GET /v1/wallets/{id}/statement period. */
export const WALLET_STATEMENT_QUERY = {
	startDate: 'start_date',
	endDate: 'end_date',
} as const;

/** GET /v1/withdrawals/fee amount (cents). The summary's `submerchant_id` IS documented. */
export const WITHDRAWAL_FEE_QUERY = {
	amount: 'amount',
} as const;

/** The address type's name in the request body of address create/update (the response field is `type`). */
export const ADDRESS_TYPE_BODY_FIELD = 'type';

/**
 * Listing (GET, paginated like the documented lists) and deleting (DELETE {path}/{id}) webhook endpoints are "not
 * shown": the REST convention on the documented create path.
 */
export const WEBHOOK_ENDPOINTS_PATH = '/v1/postbacks/endpoints';
export const webhookEndpointPath = (id: string): string =>
	`${WEBHOOK_ENDPOINTS_PATH}/${encodeURIComponent(id)}`;

/**
 * Creating and listing payment links are "not shown" (only GET {id} and upload-cover are): POST and GET (paginated
 * like the documented lists) on the documented collection path. The create body uses the Payment link resource's
 * own writable field names.
 */
export const PAYMENT_LINKS_PATH = '/v1/payment-links';
/** The body of creating a payment link: the Payment link resource's writable fields, under their resource names. */
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
export const paymentLinkPath = (id: string): string =>
	`${PAYMENT_LINKS_PATH}/${encodeURIComponent(id)}`;

/**
 * Webhook deliveries: payload, headers and signature scheme are "not shown".
 * Chosen scheme: HMAC-SHA256 over the exact raw body bytes with the endpoint secret, lowercase hex,
 * sent as `X-Signature: sha256=<hex>`, with `X-Event` and `X-Delivery-Id` headers.
 * Body: `{"id": <delivery id>, "event": "charge.captured", "charge": {...}, "occurred_at": <timestamp>}`.
 * The trigger accepts any signed body: WEBHOOK_PAYLOAD_NAMES below says where it looks for each field.
 */
export const WEBHOOK_DELIVERY_HEADERS = {
	signature: 'X-Signature',
	event: 'X-Event',
	deliveryId: 'X-Delivery-Id',
} as const;
export const SIGNATURE_PREFIX = 'sha256=';

/**
 * How the trigger recognises a signature it did not choose (the platform may sign the way other platforms do). The
 * three families and their names are those of the platforms' own documentation:
 * - raw body: `HMAC(secret, body)` in hex or base64, optionally after `sha256=` (GitHub, Shopify, ...);
 * - timestamped: `t=<unix seconds>,v1=<hex>[,v1=<hex>...]` over `<t>.<body>` (Stripe and the many that copy it), or
 *   the timestamp in a header of its own and a signed text laid out as `signedTextLayout` says (Slack, Zoom, Webflow,
 *   Zendesk, Lob: see docs/webhook-signatures.md);
 * - Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64> ...` over
 *   `<id>.<timestamp>.<body>`, with a `whsec_<base64>` secret used as its decoded bytes.
 * Each is a chosen default the user can change in the trigger's Options.
 */
export const WEBHOOK_SIGNATURE_NAMES = {
	/** Any header whose name ends like this may carry a signature (after `X-Signature`). */
	signatureHeaderSuffix: '-signature',
	/** Timestamp in its own header: `X-Timestamp`, else any header whose name ends like this. */
	timestampHeader: 'X-Timestamp',
	timestampHeaderSuffix: '-timestamp',
	/** The signed text when the timestamp has a header of its own. */
	signedTextLayout: '{timestamp}.{body}',
	/** Keys of the timestamped signature value `t=...,v1=...`. */
	timestampedKeys: { timestamp: 't', signature: 'v1' },
	standardWebhooksHeaders: {
		id: 'webhook-id',
		timestamp: 'webhook-timestamp',
		signature: 'webhook-signature',
	},
	standardWebhooksVersion: 'v1',
	standardWebhooksSecretPrefix: 'whsec_',
	/** The replay window of the timestamped families (Stripe's and the Standard Webhooks specification's 5 minutes). */
	toleranceSeconds: 300,
} as const;

/**
 * Where the trigger looks for each field of its output item in a signed delivery, first match wins. The first name
 * of each list is the chosen shape above; the others are the names platforms commonly use. A field found nowhere is
 * null in the item; the delivery still runs.
 */
export const WEBHOOK_PAYLOAD_NAMES = {
	/** Body keys naming the event (a non-empty string), then headers. */
	eventKeys: ['event', 'type', 'event_type', 'eventType', 'event_name', 'topic'],
	eventHeaders: [WEBHOOK_DELIVERY_HEADERS.event, 'X-Event-Type', 'X-Event-Name', 'X-Webhook-Event'],
	/**
	 * Body keys holding the charge as an object. When the object found holds one of these keys as an object in turn
	 * (`{"data": {"object": {...}}}`), that inner object is the charge.
	 */
	chargeKeys: ['charge', 'data', 'object', 'payload', 'resource'],
	/**
	 * When no charge key holds an object, the body itself is the charge if it has one of these fields of the charge
	 * record (the reference's Charge resource). Then the charge record's own fields (`CHARGE_RECORD_FIELDS`) are not
	 * read as the delivery's id or time.
	 */
	bodyIsChargeWith: ['payment_method', 'amount'],
	/** Body keys holding the delivery id (a non-empty string or a number), then headers. */
	idKeys: ['id', 'delivery_id', 'deliveryId', 'event_id', 'eventId', 'webhook_id'],
	idHeaders: [WEBHOOK_DELIVERY_HEADERS.deliveryId, 'X-Webhook-Id', 'X-Event-Id', 'Idempotency-Key'],
	/** Body keys holding when the event happened. */
	occurredAtKeys: ['occurred_at', 'occurredAt', 'created_at', 'createdAt', 'timestamp', 'created'],
} as const;

/** The fields of the Charge resource as the reference lists them. */
export const CHARGE_RECORD_FIELDS = [
	'id',
	'merchant_id',
	'submerchant_id',
	'amount',
	'currency',
	'status',
	'payment_method',
	'product_type',
	'created_at',
	'updated_at',
] as const;

/**
 * The header that carries an operation's Idempotency Key (Charge, Payment Link and Anticipation → Create). The
 * reference shows no idempotency header at all: this is the name most payment APIs use (Stripe, Adyen, the IETF
 * draft "The Idempotency-Key HTTP Header Field"). Sent only when the user sets a key.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** GET requests are retried on these statuses (with bounded exponential backoff honouring Retry-After). */
export const RETRYABLE_STATUSES = [429, 502, 503, 504] as const;

/**
 * GETs are retried at most this many times (only on RETRYABLE_STATUSES, never after a timeout or a dropped
 * connection), and so are writes that carry an idempotency key while the credential resends them; each wait doubles
 * from the base and never exceeds the cap. Mutable so tests can shorten the waits.
 */
export const RETRY_POLICY = {
	maxRetries: 3,
	baseDelayMs: 500,
	maxDelayMs: 10_000,
};
/** How long one attempt may wait for the API's answer. Mutable so tests can shorten it. */
export const REQUEST_POLICY = {
	timeoutMs: 30_000,
};
/** How many pages of one list are requested at the same time once page 1 has told how many there are. */
export const PAGE_CONCURRENCY = 4;

/**
 * Where each chosen name above is used in a request, by route ("METHOD /path", `{id}` standing for one path segment).
 * These are the names a user can change without code (the credential's API Names, transport/apiNames.ts): operations
 * keep using the defaults, and the transport sends the user's name in their place; a name chosen on two routes can
 * be renamed on one of them only ("GET /v1/charges start_date").
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
/** Request header names this package chose; each applies to every request that carries it. */
export const CHOSEN_HEADER_NAMES: readonly string[] = [IDEMPOTENCY_KEY_HEADER];
/** The routes whose whole path is chosen (the reference names the operation but not its path). */
export const CHOSEN_PATHS: readonly string[] = [
	`POST ${PAYMENT_LINKS_PATH}`,
	`GET ${PAYMENT_LINKS_PATH}`,
	`GET ${WEBHOOK_ENDPOINTS_PATH}`,
	`PATCH ${WEBHOOK_ENDPOINTS_PATH}/{id}`,
	`DELETE ${WEBHOOK_ENDPOINTS_PATH}/{id}`,
];
