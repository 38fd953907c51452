'use strict';
/**
 * Signatures as the platform makes them (the package's own signature module, from dist/) and as an attacker might
 * try: other keys, other algorithms, other encodings, cut short.
 */
const { createHash, createHmac, randomBytes } = require('crypto');
const path = require('path');
const { ROOT } = require('../../../scripts/lib/n8n');

/** The package's signature module (built by `npm run build`). */
function signatureModule() {
	return require(path.join(ROOT, 'dist', 'nodes', 'PaymentPlatformTrigger', 'signature.js'));
}

/** The header value the platform sends: `sha256=<hex>` of HMAC-SHA256(secret, body). */
function validSignature(secret, body) {
	return signatureModule().signatureHeaderValue(secret, body);
}

/** HMAC of `body` under `key` with `algorithm`, as a Buffer. */
function mac(algorithm, key, body) {
	return createHmac(algorithm, key).update(body).digest();
}

/** An unkeyed hash of the concatenated parts, as a Buffer. */
function hash(algorithm, ...parts) {
	const h = createHash(algorithm);
	for (const part of parts) h.update(part);
	return h.digest();
}

/** A fresh secret in the platform's format, known to nobody else. */
const randomSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

const hex = (buffer) => buffer.toString('hex');
const b64 = (buffer) => buffer.toString('base64');

module.exports = { b64, hash, hex, mac, randomSecret, signatureModule, validSignature };
