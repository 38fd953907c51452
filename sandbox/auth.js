'use strict';
/**
 * HTTP Basic authentication against the configured key pair: `Authorization: Basic base64(<public>:<secret>)`.
 * The comparison hashes both sides to equal-length digests and compares them in constant time.
 */
const { createHash, timingSafeEqual } = require('crypto');
const { ERROR_CODES } = require('./api/names');
const { ApiError, HTTP_STATUS } = require('./errors');

const BASIC = /^Basic +([A-Za-z0-9+/]+={0,2})\s*$/i;

const digest = (text) => createHash('sha256').update(text, 'utf8').digest();

function createAuthenticator(publicKey, secretKey) {
	const expected = digest(`${publicKey}:${secretKey}`);
	return (header) => {
		const match = typeof header === 'string' ? BASIC.exec(header) : null;
		// Hash something even without credentials, so every path costs the same.
		const provided = digest(match ? Buffer.from(match[1], 'base64').toString('utf8') : '');
		return timingSafeEqual(provided, expected) && match !== null;
	};
}

function unauthorized() {
	return new ApiError(
		HTTP_STATUS.unauthorized,
		ERROR_CODES.unauthorized,
		'Authorization failed: send Authorization: Basic base64(<public_key>:<secret_key>) with a valid key pair',
		undefined,
		{ 'WWW-Authenticate': 'Basic realm="payment-platform-sandbox"' },
	);
}

module.exports = { createAuthenticator, unauthorized };
