/**
 * Names and defaults the trigger chose where the API reference is silent ("not shown"): how a delivery is signed and
 * where its fields are looked for. The sandbox states the same choices on its own (sandbox/api/names.js, its signer);
 * users change the signature names in the trigger's options. The names of requests are nodes/shared/chosenNames.ts's.
 */

/**
 * Webhook deliveries are "not shown". Chosen: HMAC-SHA256 of the exact raw body with the endpoint secret, sent as
 * `X-Signature: sha256=<hex>` with `X-Event` and `X-Delivery-Id`; body `{"id", "event", "charge", "occurred_at"}`.
 * The trigger accepts any signed body (WEBHOOK_PAYLOAD_NAMES).
 */
export const WEBHOOK_DELIVERY_HEADERS = {
	signature: 'X-Signature',
	event: 'X-Event',
	deliveryId: 'X-Delivery-Id',
} as const;
export const SIGNATURE_PREFIX = 'sha256=';

/**
 * How the trigger recognises a signature it did not choose, in the families of the platforms' own documentation
 * (docs/webhook-signatures.md): raw body (GitHub, Shopify), timestamped `t=...,v1=...` over `<t>.<body>` (Stripe) or
 * with the timestamp in its own header (Slack, Zoom, Webflow, Zendesk), and Standard Webhooks. Each is changeable in
 * the trigger's Options.
 */
export const WEBHOOK_SIGNATURE_NAMES = {
	/** After `X-Signature`. */
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
	/** Stripe's and the Standard Webhooks specification's 5 minutes. */
	toleranceSeconds: 300,
} as const;

/**
 * Where the trigger looks for each field of its item in a signed delivery, first match wins: the chosen shape first,
 * then the names platforms commonly use. A field found nowhere is null; the delivery still runs.
 */
export const WEBHOOK_PAYLOAD_NAMES = {
	eventKeys: ['event', 'type', 'event_type', 'eventType', 'event_name', 'topic'],
	eventHeaders: [WEBHOOK_DELIVERY_HEADERS.event, 'X-Event-Type', 'X-Event-Name', 'X-Webhook-Event'],
	/**
	 * An object found holding one of these keys as an object in turn (`{"data": {"object": {...}}}`) holds the charge.
	 */
	chargeKeys: ['charge', 'data', 'object', 'payload', 'resource'],
	/**
	 * Without a charge key, a body with one of these Charge fields is the charge; then CHARGE_RECORD_FIELDS are not
	 * read as the delivery's id or time.
	 */
	bodyIsChargeWith: ['payment_method', 'amount'],
	idKeys: ['id', 'delivery_id', 'deliveryId', 'event_id', 'eventId', 'webhook_id'],
	idHeaders: [WEBHOOK_DELIVERY_HEADERS.deliveryId, 'X-Webhook-Id', 'X-Event-Id', 'Idempotency-Key'],
	occurredAtKeys: ['occurred_at', 'occurredAt', 'created_at', 'createdAt', 'timestamp', 'created'],
} as const;

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
