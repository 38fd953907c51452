'use strict';
/**
 * The key the trigger recognises a delivery by when no signed id names it: the digest of its signed bytes,
 * `sha256:<hex>` (written here from the trigger's documented item, not taken from its code).
 */
const { createHash } = require('crypto');

/** @param {string | Buffer} body The bytes that were signed. */
function deliveryKeyOf(body) {
	return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

module.exports = { deliveryKeyOf };
