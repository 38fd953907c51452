'use strict';
/**
 * The key the trigger recognises a delivery by when no signed Standard Webhooks id names it (written here from the
 * trigger's documented item, not taken from its code): the event id of a JSON body's `id` (Event ID Field's default),
 * `event:<id>`, unless the body is a bare charge record (a top-level `payment_method` or `amount`: its `id` is the
 * charge's); else the digest of its signed bytes, `sha256:<hex>`.
 */
const { createHash } = require('crypto');

/** @param {string | Buffer} body The bytes that were signed. */
function deliveryKeyOf(body) {
	let parsed;
	try {
		parsed = JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : body);
	} catch {
		parsed = undefined;
	}
	const isObject = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
	const bare = isObject && (parsed.payment_method !== undefined || parsed.amount !== undefined);
	const id = isObject && !bare ? parsed.id : undefined;
	if (typeof id === 'number' && Number.isFinite(id)) return `event:${id}`;
	if (typeof id === 'string' && id.trim() !== '') return `event:${id.trim()}`;
	return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

module.exports = { deliveryKeyOf };
