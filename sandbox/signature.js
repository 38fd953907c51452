'use strict';
/**
 * How the sandbox signs a webhook delivery (its own code; the trigger verifies with its own), HMAC-SHA256 with the
 * endpoint secret in one of the families platforms use (names in api/names.js):
 * - `raw-body` (default): over the exact body bytes, lowercase hex, sent as `X-Signature: sha256=<hex>`;
 * - `timestamped`: `X-Signature: t=<unix seconds>,v1=<hex>` over `<t>.<body>`;
 * - `timestamp-header`: `X-Timestamp: <unix seconds>` and `X-Signature: <hex>` over `<t>.<body>`;
 * - `standard-webhooks`: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>` over
 *   `<id>.<t>.<body>`, keyed by the `whsec_` secret's decoded bytes.
 */
const { createHmac } = require('crypto');
const {
	SIGNATURE_PREFIX,
	WEBHOOK_DELIVERY_HEADERS,
	WEBHOOK_SIGNATURE_NAMES,
} = require('./api/names');

const SIGNING_SCHEMES = /** @type {const} */ ([
	'raw-body',
	'timestamped',
	'timestamp-header',
	'standard-webhooks',
]);

function hmac(key, ...parts) {
	const mac = createHmac('sha256', key);
	for (const part of parts) mac.update(part);
	return mac.digest();
}

/**
 * @param {string} secret The endpoint's secret.
 * @param {Buffer | string} rawBody The bytes sent.
 * @returns {string} The raw-body signature header value.
 */
function signatureHeaderValue(secret, rawBody) {
	return `${SIGNATURE_PREFIX}${hmac(secret, rawBody).toString('hex')}`;
}

/** The Standard Webhooks key: the `whsec_` secret's base64 part, decoded. */
function standardWebhooksKey(secret) {
	const prefix = WEBHOOK_SIGNATURE_NAMES.standardWebhooksSecretPrefix;
	return secret.startsWith(prefix) ? Buffer.from(secret.slice(prefix.length), 'base64') : secret;
}

/**
 * The headers that sign one attempt of a delivery.
 * @param {'raw-body' | 'timestamped' | 'timestamp-header' | 'standard-webhooks'} scheme
 * @param {string} secret
 * @param {Buffer} rawBody
 * @param {string} deliveryId
 * @param {number} [nowSeconds] Unix seconds of the attempt.
 * @returns {Record<string, string>}
 */
function signedHeaders(
	scheme,
	secret,
	rawBody,
	deliveryId,
	nowSeconds = Math.floor(Date.now() / 1000),
) {
	const t = String(nowSeconds);
	const signature = WEBHOOK_DELIVERY_HEADERS.signature;
	const keys = WEBHOOK_SIGNATURE_NAMES.timestampedKeys;
	switch (scheme) {
		case 'raw-body':
			return { [signature]: signatureHeaderValue(secret, rawBody) };
		case 'timestamped':
			return {
				[signature]: `${keys.timestamp}=${t},${keys.signature}=${hmac(secret, `${t}.`, rawBody).toString('hex')}`,
			};
		case 'timestamp-header':
			return {
				[WEBHOOK_SIGNATURE_NAMES.timestampHeader]: t,
				[signature]: hmac(secret, `${t}.`, rawBody).toString('hex'),
			};
		case 'standard-webhooks': {
			const names = WEBHOOK_SIGNATURE_NAMES.standardWebhooksHeaders;
			const mac = hmac(standardWebhooksKey(secret), `${deliveryId}.${t}.`, rawBody);
			return {
				[names.id]: deliveryId,
				[names.timestamp]: t,
				[names.signature]: `${WEBHOOK_SIGNATURE_NAMES.standardWebhooksVersion},${mac.toString('base64')}`,
			};
		}
		default:
			throw new Error(`Unknown signing scheme ${scheme}; one of ${SIGNING_SCHEMES.join(', ')}`);
	}
}

/**
 * The signing scheme from SANDBOX_SIGNING: empty means raw-body.
 * @param {string | undefined} value
 */
function signingFromEnv(value) {
	if (value === undefined || value.trim() === '') return 'raw-body';
	const scheme = value.trim();
	if (!(/** @type {readonly string[]} */ (SIGNING_SCHEMES).includes(scheme))) {
		throw new Error(`SANDBOX_SIGNING must be one of ${SIGNING_SCHEMES.join(', ')}, got ${value}`);
	}
	return /** @type {'raw-body' | 'timestamped' | 'timestamp-header' | 'standard-webhooks'} */ (
		scheme
	);
}

module.exports = { SIGNING_SCHEMES, signatureHeaderValue, signedHeaders, signingFromEnv };
