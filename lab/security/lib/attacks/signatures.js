'use strict';
/**
 * Attacks on the signature: none, made with a wrong key, over another body, cut short, with another algorithm, or in
 * headers the node does not read. Every one must be answered 401 and run nothing.
 */
const { createHash, randomBytes, randomUUID } = require('crypto');
const { SEED } = require('../../../../sandbox/seedIds');
const {
	hmac,
	macOf,
	signatureHeaderValue,
	signatureHeaders,
	signedHeaders,
	signedText,
} = require('../../../../sandbox/signature');
const {
	STATUS,
	bytes,
	delivery,
	eventBody,
	flipLast,
	runsOnce,
	signedWith,
	unauthorized,
	withExpect,
} = require('./delivery');

/** @param {Buffer} buffer */
const hex = (buffer) => buffer.toString('hex');
/** @param {Buffer} buffer */
const b64 = (buffer) => buffer.toString('base64');

/** A fresh secret in the platform's format, known to nobody else. */
const randomSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/**
 * An unkeyed hash of the concatenated parts: what a forger computes without the secret.
 * @param {...(string | Buffer)} parts
 */
function sha256Of(...parts) {
	const hash = createHash('sha256');
	for (const part of parts) hash.update(part);
	return hash.digest();
}

function unsigned() {
	const list = [];
	for (const event of [
		'charge.captured',
		'charge.refunded',
		'charge.chargeback',
		'charge.captured',
	]) {
		list.push(delivery(`no signature header (${event})`, eventBody({ event }), unauthorized));
		const body = eventBody({ event });
		const item = delivery(`no signature, no delivery id (${event})`, body, unauthorized);
		delete item.headers['x-delivery-id'];
		list.push(item);
	}
	for (const value of ['', ' ', 'sha256=', 'sha256= ', 'null', 'undefined']) {
		list.push(
			delivery(`X-Signature: "${value}"`, eventBody(), { ...unauthorized, signature: value }),
		);
	}
	// The right MAC, in headers the node does not read (it reads X-Signature, else *-signature).
	list.push(
		withExpect(
			signedWith('right MAC in X-Sig', (s, raw) => ({ 'x-sig': signatureHeaderValue(s, raw) })),
			unauthorized,
		),
	);
	list.push(
		withExpect(
			signedWith('right MAC in Authorization', (s, raw) => ({
				authorization: signatureHeaderValue(s, raw),
			})),
			unauthorized,
		),
	);
	return list;
}

function wrongSecret(ctx) {
	const list = [];
	const sign =
		(key, encode = (m) => `sha256=${hex(m)}`) =>
		(_s, raw) => ({
			'x-signature': encode(hmac(key, raw)),
		});
	for (let i = 0; i < 4; i++)
		list.push(signedWith(`random secret #${i + 1} (sha256=hex)`, sign(randomSecret())));
	list.push(signedWith('random secret (bare hex)', sign(randomSecret(), hex)));
	list.push(signedWith('random secret (base64)', sign(randomSecret(), b64)));
	list.push(
		signedWith(
			'random secret (sha256=base64)',
			sign(randomSecret(), (m) => `sha256=${b64(m)}`),
		),
	);
	list.push(signedWith('the API secret key as HMAC key', sign(ctx.secretKey)));
	list.push(signedWith('the API public key as HMAC key', sign(ctx.publicKey)));
	list.push(signedWith('empty HMAC key', sign('')));
	list.push(signedWith('the endpoint id (public) as HMAC key', sign(ctx.endpointId)));
	list.push(signedWith('the webhook URL as HMAC key', sign(ctx.webhookUrl)));
	list.push(signedWith('secret with its last character changed', sign(flipLast(ctx.secret))));
	list.push(signedWith('secret cut by one character', sign(ctx.secret.slice(0, -1))));
	list.push(
		signedWith('secret without its whsec_ prefix', sign(ctx.secret.replace(/^whsec_/, ''))),
	);
	list.push(signedWith('secret in upper case', sign(ctx.secret.toUpperCase())));
	return list.map((item) => withExpect(item, unauthorized));
}

function tamperedBody() {
	/** Signs `original` with the endpoint's secret and sends `changed(original)` instead. */
	const tampered = (label, change, original = eventBody()) => {
		const signedBytes = bytes(original);
		const sent = change(original, signedBytes);
		const item = delivery(label, Buffer.isBuffer(sent) ? sent : bytes(sent), {
			expectStatus: STATUS.unauthorized,
		});
		item.headers['x-delivery-id'] = original.id;
		item.ids = [
			original.id,
			...(typeof sent.id === 'string' && sent.id !== original.id ? [sent.id] : []),
		];
		item.sign = (ctx) => {
			item.headers['x-signature'] = signatureHeaderValue(ctx.secret, signedBytes);
		};
		return withExpect(item, unauthorized);
	};
	const charge = (o, fields) => ({ ...o, charge: { ...o.charge, ...fields } });
	return [
		tampered('amount raised', (o) => charge(o, { amount: 99_999_999 })),
		tampered('amount lowered to 1', (o) => charge(o, { amount: 1 })),
		tampered('charge status changed', (o) => charge(o, { status: 'refunded' })),
		tampered('charge id changed', (o) => charge(o, { id: SEED.charges.captured })),
		tampered('event changed to another selected event', (o) => ({
			...o,
			event: 'charge.refunded',
		})),
		tampered('delivery id changed (to dodge duplicate detection)', (o) => ({
			...o,
			id: randomUUID(),
		})),
		tampered('occurred_at changed', (o) => ({ ...o, occurred_at: '2030-01-01T00:00:00.000Z' })),
		tampered('extra field added', (o) => ({ ...o, admin: true })),
		tampered('field removed', (o) => {
			const { occurred_at: _dropped, ...rest } = o;
			return rest;
		}),
		tampered('trailing newline appended', (_o, raw) => Buffer.concat([raw, Buffer.from('\n')])),
		tampered('leading space', (_o, raw) => Buffer.concat([Buffer.from(' '), raw])),
		tampered('pretty-printed (same JSON value)', (o) => Buffer.from(JSON.stringify(o, null, 2))),
		tampered('keys reordered (same JSON value)', (o) => {
			const { occurred_at, charge: c, event, id } = o;
			return { occurred_at, charge: c, event, id };
		}),
		tampered('unicode escape (same JSON value)', (_o, raw) =>
			Buffer.from(raw.toString('utf8').replace('"charge"', '"\\u0063harge"')),
		),
		tampered('duplicate key overriding the amount', (_o, raw) =>
			Buffer.from(raw.toString('utf8').replace('"amount":25990', '"amount":25990,"amount":1')),
		),
		tampered('one byte flipped', (_o, raw) => {
			const copy = Buffer.from(raw);
			const at = copy.indexOf('25990');
			copy[at] = '3'.charCodeAt(0);
			return copy;
		}),
	];
}

function truncatedSignature() {
	const cut = (label, encode) =>
		withExpect(
			signedWith(label, (secret, raw) => ({ 'x-signature': encode(hmac(secret, raw)) })),
			unauthorized,
		);
	const list = [];
	for (const length of [63, 62, 48, 40, 32, 16, 8, 1]) {
		list.push(
			cut(`sha256= + first ${length} hex characters`, (m) => `sha256=${hex(m).slice(0, length)}`),
		);
	}
	list.push(cut('bare hex, 63 characters', (m) => hex(m).slice(0, 63)));
	list.push(cut('base64 without its padding', (m) => b64(m).replace(/=+$/, '')));
	list.push(cut('base64 cut to 40 characters', (m) => b64(m).slice(0, 40)));
	list.push(cut('first 16 MAC bytes, base64', (m) => b64(m.subarray(0, 16))));
	list.push(cut('hex with its last character changed', (m) => `sha256=${flipLast(hex(m))}`));
	list.push(cut('hex with one character too many', (m) => `sha256=${hex(m)}0`));
	list.push(cut('first half of the MAC twice', (m) => `sha256=${hex(m).slice(0, 32).repeat(2)}`));
	list.push(cut('MAC left-padded with zeros', (m) => `sha256=00${hex(m).slice(0, 62)}`));
	return list;
}

function wrongAlgorithm() {
	const alg = (label, compute) =>
		withExpect(
			signedWith(label, (secret, raw) => ({ 'x-signature': compute(secret, raw) })),
			unauthorized,
		);
	return [
		alg('HMAC-SHA1 as sha1=<hex>', (s, raw) => `sha1=${hex(macOf(s, [raw], 'sha1'))}`),
		alg('HMAC-SHA1 labelled sha256=', (s, raw) => `sha256=${hex(macOf(s, [raw], 'sha1'))}`),
		alg('HMAC-SHA1, bare hex', (s, raw) => hex(macOf(s, [raw], 'sha1'))),
		alg('HMAC-SHA512 as sha512=<hex>', (s, raw) => `sha512=${hex(macOf(s, [raw], 'sha512'))}`),
		alg('HMAC-SHA512 labelled sha256=', (s, raw) => `sha256=${hex(macOf(s, [raw], 'sha512'))}`),
		alg(
			'HMAC-SHA512 cut to 32 bytes',
			(s, raw) => `sha256=${hex(macOf(s, [raw], 'sha512').subarray(0, 32))}`,
		),
		alg('HMAC-SHA384 labelled sha256=', (s, raw) => `sha256=${hex(macOf(s, [raw], 'sha384'))}`),
		alg('HMAC-MD5 labelled sha256=', (s, raw) => `sha256=${hex(macOf(s, [raw], 'md5'))}`),
		alg('HMAC-SHA3-256 (same length)', (s, raw) => `sha256=${hex(macOf(s, [raw], 'sha3-256'))}`),
		alg('plain SHA-256 of the body (no key)', (_s, raw) => `sha256=${hex(sha256Of(raw))}`),
		alg('plain SHA-256, base64', (_s, raw) => b64(sha256Of(raw))),
		alg('SHA-256(secret || body)', (s, raw) => `sha256=${hex(sha256Of(Buffer.from(s), raw))}`),
		alg('SHA-256(body || secret)', (s, raw) => `sha256=${hex(sha256Of(raw, Buffer.from(s)))}`),
		alg('HMAC with key and message swapped', (s, raw) => `sha256=${hex(hmac(raw, s))}`),
		alg('"none"', () => 'none'),
		alg('the right MAC under another label (v1=)', (s, raw) => `v1=${hex(hmac(s, raw))}`),
	];
}

function headerConfusion() {
	const forged = `sha256=${'0'.repeat(64)}`;
	const item = (label, headersOf) => withExpect(signedWith(label, headersOf), unauthorized);
	// Any one valid signature among those read is enough (key rotation): a delivery that carries the right MAC next
	// to a wrong one was signed by the platform, and runs.
	const rotated = (label, headersOf) => withExpect(signedWith(label, headersOf), runsOnce);
	return [
		rotated('forged X-Signature, right MAC in X-Payment-Signature (runs)', (s, raw) => ({
			'x-signature': forged,
			'x-payment-signature': signatureHeaderValue(s, raw),
		})),
		item('forged X-Payment-Signature alone', () => ({ 'x-payment-signature': forged })),
		item('forged X-Hub-Signature and X-Other-Signature', () => ({
			'x-hub-signature': forged,
			'x-other-signature': `sha256=${'f'.repeat(64)}`,
		})),
		// Two X-Signature headers reach n8n joined into one value, "forged, right" (Node joins repeated headers).
		rotated('forged value first, then the right MAC, in X-Signature (runs)', (s, raw) => ({
			'x-signature': `${forged}, ${signatureHeaderValue(s, raw)}`,
		})),
		rotated('right MAC with a second value after a comma (runs)', (s, raw) => ({
			'x-signature': `${signatureHeaderValue(s, raw)}, ${forged}`,
		})),
		item('right MAC inside quotes', (s, raw) => ({
			'x-signature': `"${signatureHeaderValue(s, raw)}"`,
		})),
	];
}

/**
 * Timestamped families (t=/v1=, a timestamp in its own header, Standard Webhooks): stale, future, forged, and a
 * timestamped delivery replayed as a raw-body one. Every one is answered 401 and runs nothing.
 */
function timestampedSignatures() {
	const now = () => Math.floor(Date.now() / 1000);
	const stale = { ...unauthorized, expectText: 'outside the tolerance' };
	const MESSAGE_ID = 'msg_attack';
	/**
	 * The headers of `scheme` signed with `secret` at `t`, as the platform signs.
	 * @param {import('../../../../sandbox/signature').SigningScheme} scheme
	 * @param {number} t
	 * @param {string} secret
	 * @param {Buffer} raw
	 */
	const signedAt = (scheme, t, secret, raw) => signedHeaders(scheme, secret, raw, MESSAGE_ID, t);
	/** `t=<t>,v1=<hex>` over `<t>.<body>`. @param {number} t @param {string} secret @param {Buffer} raw */
	const stripeLike = (t, secret, raw) => signedAt('timestamped', t, secret, raw)['x-signature'];
	/** Standard Webhooks headers keyed by the secret's text instead of its decoded bytes. */
	const keyedByText = (/** @type {string} */ secret, /** @type {Buffer} */ raw) => {
		const at = { t: now(), deliveryId: MESSAGE_ID };
		const mac = hmac(secret, ...signedText('standard-webhooks', raw, at));
		return signatureHeaders('standard-webhooks', mac, at);
	};
	const at = (label, expect, headersOf) => withExpect(signedWith(label, headersOf), expect);
	/** A delivery signed t=/v1= long ago, its body sent as `<t>.<body>` with that MAC as a raw-body signature. */
	const downgrade = signedWith(
		't=/v1= from a day ago replayed as raw body "<t>.<body>"',
		(s, raw) => {
			const t = now() - 86_400;
			const timestamped = Buffer.concat(
				signedText('timestamped', raw, { t }).map((p) => Buffer.from(p)),
			);
			downgrade.body = timestamped;
			// Sent as text: n8n would refuse "<t>.{...}" labelled JSON itself (422) before the trigger saw it.
			return { 'content-type': 'text/plain', 'x-signature': signatureHeaderValue(s, timestamped) };
		},
	);
	return [
		at('t=/v1= 10 minutes old', stale, (s, raw) => ({
			'stripe-signature': stripeLike(now() - 600, s, raw),
		})),
		at('t=/v1= 10 minutes ahead', stale, (s, raw) => ({
			'stripe-signature': stripeLike(now() + 600, s, raw),
		})),
		at('t=/v1= a year old', stale, (s, raw) => ({
			'x-signature': stripeLike(now() - 31_536_000, s, raw),
		})),
		at('t=/v1= with a wrong secret', unauthorized, (_s, raw) => ({
			'stripe-signature': stripeLike(now(), randomSecret(), raw),
		})),
		at('t=/v1= with t changed after signing', unauthorized, (s, raw) => ({
			'stripe-signature': stripeLike(now(), s, raw).replace(
				/^t=(\d+)/,
				(_m, t) => `t=${Number(t) - 1}`,
			),
		})),
		at('t=0 (epoch)', stale, (s, raw) => ({ 'stripe-signature': stripeLike(0, s, raw) })),
		at('Standard Webhooks 10 minutes old', stale, (s, raw) =>
			signedAt('standard-webhooks', now() - 600, s, raw),
		),
		at('Standard Webhooks 10 minutes ahead', stale, (s, raw) =>
			signedAt('standard-webhooks', now() + 600, s, raw),
		),
		at('Standard Webhooks with a wrong secret', unauthorized, (_s, raw) =>
			signedAt('standard-webhooks', now(), randomSecret(), raw),
		),
		at('Standard Webhooks keyed by the secret text (not decoded)', unauthorized, (s, raw) =>
			keyedByText(s, raw),
		),
		at('timestamp header 10 minutes old', stale, (s, raw) =>
			signedAt('timestamp-header', now() - 600, s, raw),
		),
		at('timestamp header with a wrong secret', unauthorized, (_s, raw) =>
			signedAt('timestamp-header', now(), randomSecret(), raw),
		),
		withExpect(downgrade, unauthorized),
	];
}

module.exports = {
	headerConfusion,
	tamperedBody,
	truncatedSignature,
	unsigned,
	timestampedSignatures,
	wrongAlgorithm,
	wrongSecret,
};
