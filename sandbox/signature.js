'use strict';
/**
 * How the sandbox signs a webhook delivery (its own code; the trigger verifies with its own): HMAC-SHA256 over the
 * exact body bytes with the endpoint secret, lowercase hex, sent as `sha256=<hex>` (names in api/names.js).
 */
const { createHmac } = require('crypto');
const { SIGNATURE_PREFIX } = require('./api/names');

/**
 * @param {string} secret The endpoint's secret.
 * @param {Buffer | string} rawBody The bytes sent.
 * @returns {string} The signature header value.
 */
function signatureHeaderValue(secret, rawBody) {
	return `${SIGNATURE_PREFIX}${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

module.exports = { signatureHeaderValue };
