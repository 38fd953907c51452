'use strict';
/**
 * How the platform signs a webhook delivery, as the sandbox states it (its own code; the trigger verifies with its
 * own): HMAC-SHA256 with the endpoint secret in one of the families platforms use (names in api/names.js; the table
 * in sandbox/README.md, Sandbox choices). The sandbox's deliveries and every test and lab suite sign through this file.
 * Its parts (the key, the signed text, the MAC, the headers that carry it) are exported so that tests can build the
 * deliveries a platform should not send from the same pieces. Header names are lower case, as a receiver reads them.
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

/** @typedef {typeof SIGNING_SCHEMES[number]} SigningScheme */

/**
 * The HMAC of the concatenated parts under `key`: SHA-256, the platform's; another `algorithm` only forges.
 * @param {string | Buffer} key
 * @param {Array<string | Buffer>} parts
 * @param {string} [algorithm]
 * @returns {Buffer}
 */
function macOf(key, parts, algorithm = 'sha256') {
	const mac = createHmac(algorithm, key);
	for (const part of parts) mac.update(part);
	return mac.digest();
}

/**
 * HMAC-SHA256 of the concatenated parts under `key`.
 * @param {string | Buffer} key
 * @param {...(string | Buffer)} parts
 */
const hmac = (key, ...parts) => macOf(key, parts);

/**
 * The key a scheme signs with: the secret's text, or for Standard Webhooks the `whsec_` secret's base64 part, decoded.
 * @param {SigningScheme} scheme
 * @param {string} secret
 * @returns {string | Buffer}
 */
function signingKey(scheme, secret) {
	const prefix = WEBHOOK_SIGNATURE_NAMES.standardWebhooksSecretPrefix;
	if (scheme !== 'standard-webhooks' || !secret.startsWith(prefix)) return secret;
	return Buffer.from(secret.slice(prefix.length), 'base64');
}

/**
 * What a scheme signs, in order: the body, `<t>.<body>`, or `<id>.<t>.<body>`.
 * @param {SigningScheme} scheme
 * @param {Buffer | string} rawBody
 * @param {{ t?: number | string, deliveryId?: string }} [at]
 * @returns {Array<string | Buffer>}
 */
function signedText(scheme, rawBody, { t, deliveryId } = {}) {
	switch (scheme) {
		case 'raw-body':
			return [rawBody];
		case 'timestamped':
		case 'timestamp-header':
			return [`${t}.`, rawBody];
		case 'standard-webhooks':
			return [`${deliveryId}.${t}.`, rawBody];
		default:
			throw new Error(`Unknown signing scheme ${scheme}; one of ${SIGNING_SCHEMES.join(', ')}`);
	}
}

/**
 * The headers that carry `mac` in a scheme's format.
 * @param {SigningScheme} scheme
 * @param {Buffer} mac
 * @param {{ t?: number | string, deliveryId?: string }} [at]
 * @returns {Record<string, string>}
 */
function signatureHeaders(scheme, mac, { t, deliveryId } = {}) {
	const signature = WEBHOOK_DELIVERY_HEADERS.signature.toLowerCase();
	const keys = WEBHOOK_SIGNATURE_NAMES.timestampedKeys;
	switch (scheme) {
		case 'raw-body':
			return { [signature]: `${SIGNATURE_PREFIX}${mac.toString('hex')}` };
		case 'timestamped':
			return { [signature]: `${keys.timestamp}=${t},${keys.signature}=${mac.toString('hex')}` };
		case 'timestamp-header':
			return {
				[WEBHOOK_SIGNATURE_NAMES.timestampHeader.toLowerCase()]: String(t),
				[signature]: mac.toString('hex'),
			};
		case 'standard-webhooks': {
			const names = WEBHOOK_SIGNATURE_NAMES.standardWebhooksHeaders;
			const version = WEBHOOK_SIGNATURE_NAMES.standardWebhooksVersion;
			return {
				[names.id]: String(deliveryId),
				[names.timestamp]: String(t),
				[names.signature]: `${version},${mac.toString('base64')}`,
			};
		}
		default:
			throw new Error(`Unknown signing scheme ${scheme}; one of ${SIGNING_SCHEMES.join(', ')}`);
	}
}

/**
 * The headers that sign one attempt of a delivery.
 * @param {SigningScheme} scheme
 * @param {string} secret
 * @param {Buffer | string} rawBody
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
	const at = { t: nowSeconds, deliveryId };
	const mac = hmac(signingKey(scheme, secret), ...signedText(scheme, rawBody, at));
	return signatureHeaders(scheme, mac, at);
}

/**
 * The raw-body signature header's value, `sha256=<hex>`.
 * @param {string} secret The endpoint's secret.
 * @param {Buffer | string} rawBody The bytes sent.
 * @returns {string}
 */
function signatureHeaderValue(secret, rawBody) {
	const mac = hmac(secret, ...signedText('raw-body', rawBody));
	return signatureHeaders('raw-body', mac)[WEBHOOK_DELIVERY_HEADERS.signature.toLowerCase()];
}

/** What identifies a delivery's sender in its headers. */
const USER_AGENT = 'payment-platform-sandbox';

/**
 * Every header of one attempt of a delivery, as the sandbox sends it: JSON, the signature, the event, the delivery
 * id and the sender.
 * @param {{ secret: string, rawBody: Buffer | string, deliveryId: string, event: string,
 *   scheme?: SigningScheme, nowSeconds?: number }} delivery
 * @returns {Record<string, string>}
 */
function deliveryHeaders({ secret, rawBody, deliveryId, event, scheme = 'raw-body', nowSeconds }) {
	return {
		'content-type': 'application/json',
		...signedHeaders(scheme, secret, rawBody, deliveryId, nowSeconds),
		[WEBHOOK_DELIVERY_HEADERS.event.toLowerCase()]: event,
		[WEBHOOK_DELIVERY_HEADERS.deliveryId.toLowerCase()]: deliveryId,
		'user-agent': USER_AGENT,
	};
}

/**
 * The signing scheme from SANDBOX_SIGNING: empty means raw-body.
 * @param {string | undefined} value
 * @returns {SigningScheme}
 */
function signingFromEnv(value) {
	if (value === undefined || value.trim() === '') return 'raw-body';
	const scheme = value.trim();
	if (!(/** @type {readonly string[]} */ (SIGNING_SCHEMES).includes(scheme))) {
		throw new Error(`SANDBOX_SIGNING must be one of ${SIGNING_SCHEMES.join(', ')}, got ${value}`);
	}
	return /** @type {SigningScheme} */ (scheme);
}

// In the order the file states them.
module.exports = {
	SIGNING_SCHEMES,
	macOf,
	hmac,
	signingKey,
	signedText,
	signatureHeaders,
	signedHeaders,
	signatureHeaderValue,
	USER_AGENT,
	deliveryHeaders,
	signingFromEnv,
};
