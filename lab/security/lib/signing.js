'use strict';
/**
 * Signatures as the platform makes them (computed here, independently of the trigger that checks them) and as an
 * attacker might try: other keys, other algorithms, other encodings, cut short.
 */
const { createHash, createHmac, randomBytes } = require('crypto');

/**
 * HMAC of `body` under `key` with `algorithm`, as a Buffer.
 * @param {string} algorithm
 * @param {string | Buffer} key
 * @param {string | Buffer} body
 */
function mac(algorithm, key, body) {
	return createHmac(algorithm, key).update(body).digest();
}

/**
 * The header value the platform sends: `sha256=<hex>` of HMAC-SHA256(secret, body).
 * @param {string} secret
 * @param {string | Buffer} body
 */
const validSignature = (secret, body) => `sha256=${hex(mac('sha256', secret, body))}`;

/**
 * An unkeyed hash of the concatenated parts, as a Buffer.
 * @param {string} algorithm
 * @param {...(string | Buffer)} parts
 */
function hash(algorithm, ...parts) {
	const h = createHash(algorithm);
	for (const part of parts) h.update(part);
	return h.digest();
}

/** A fresh secret in the platform's format, known to nobody else. */
const randomSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/** @param {Buffer} buffer */
const hex = (buffer) => buffer.toString('hex');
/** @param {Buffer} buffer */
const b64 = (buffer) => buffer.toString('base64');

module.exports = { b64, hash, hex, mac, randomSecret, validSignature };
