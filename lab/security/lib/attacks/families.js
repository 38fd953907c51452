'use strict';
/**
 * The signature families as a platform signs with each (computed here, independently of the trigger that checks
 * them): the headers that sign `raw` with `secret` at the Unix time `t`. Pure.
 */
const { b64, hex, mac, validSignature } = require('../signing');

/**
 * `t=<t>,v1=<hex>` over `<t>.<body>` (Stripe style).
 * @param {number} t
 * @param {string | Buffer} key
 * @param {Buffer} raw
 */
const timestampedValue = (t, key, raw) =>
	`t=${t},v1=${hex(mac('sha256', key, Buffer.concat([Buffer.from(`${t}.`), raw])))}`;

/**
 * The Standard Webhooks key of a `whsec_<base64>` secret: its decoded bytes.
 * @param {string} secret
 */
const standardWebhooksKey = (secret) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');

/**
 * Standard Webhooks headers: `webhook-id`, `webhook-timestamp`, and `v1,<base64>` over `<id>.<t>.<body>`.
 * @param {string} id
 * @param {number} t
 * @param {string | Buffer} key
 * @param {Buffer} raw
 */
const standardWebhooksHeaders = (id, t, key, raw) => ({
	'webhook-id': id,
	'webhook-timestamp': String(t),
	'webhook-signature': `v1,${b64(mac('sha256', key, Buffer.concat([Buffer.from(`${id}.${t}.`), raw])))}`,
});

/**
 * A timestamp in `X-Timestamp`, and in `X-Signature` the hex MAC over `<t>.<body>` (the default Signed Text Layout).
 * @param {number} t
 * @param {string | Buffer} key
 * @param {Buffer} raw
 */
const timestampHeaders = (t, key, raw) => ({
	'x-timestamp': String(t),
	'x-signature': hex(mac('sha256', key, Buffer.concat([Buffer.from(`${t}.`), raw]))),
});

/**
 * @typedef {object} Family
 * @property {string} key
 * @property {string} title
 * @property {boolean} timestamped whether the signature covers a timestamp (refused outside the tolerance)
 * @property {(secret: string, raw: Buffer, t: number, id: string) => Record<string, string>} sign the headers
 *   that sign `raw` at `t`; `id` is the Standard Webhooks message id (the other families ignore it)
 */

/** @type {Family[]} */
const FAMILIES = [
	{
		key: 'rawBody',
		title: 'raw body',
		timestamped: false,
		sign: (secret, raw) => ({ 'x-signature': validSignature(secret, raw) }),
	},
	{
		key: 'timestamped',
		title: 't=/v1=',
		timestamped: true,
		sign: (secret, raw, t) => ({ 'stripe-signature': timestampedValue(t, secret, raw) }),
	},
	{
		key: 'timestampHeader',
		title: 'timestamp in its own header',
		timestamped: true,
		sign: (secret, raw, t) => timestampHeaders(t, secret, raw),
	},
	{
		key: 'standardWebhooks',
		title: 'Standard Webhooks',
		timestamped: true,
		sign: (secret, raw, t, id) => standardWebhooksHeaders(id, t, standardWebhooksKey(secret), raw),
	},
];

module.exports = {
	FAMILIES,
	standardWebhooksHeaders,
	standardWebhooksKey,
	timestampHeaders,
	timestampedValue,
};
