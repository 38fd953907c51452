'use strict';
/**
 * Deliveries that are signed right but must still run nothing: an event the trigger does not select, the wrong HTTP
 * method, another endpoint's deliveries and secret, and replays of deliveries already accepted (a signed body that
 * names no event itself is not among them: it runs once, whatever its unsigned X-Event header says). And the valid
 * deliveries sent between the attacks, in every accepted variant, each of which must run exactly once.
 */
const { randomUUID } = require('crypto');
const zlib = require('zlib');
const { hmac, signatureHeaderValue } = require('../../../../sandbox/signature');
const {
	TRIGGER_BODY_LIMIT,
	STATUS,
	delivery,
	duplicate,
	eventBody,
	runsOnce,
	signLater,
	unauthorized,
	withExpect,
} = require('./delivery');

function unselectedEvent(ctx) {
	const ignored = { expectStatus: STATUS.ignored, expectText: 'event not selected' };
	const list = ctx.unselectedEvents.map((event) => {
		const d = delivery(`validly signed ${event}`, eventBody({ event }), ignored);
		return withExpect(signLater(d), ignored);
	});
	const spoofed = delivery(
		'X-Event says charge.captured, signed body says charge.voided',
		eventBody({ event: 'charge.voided' }),
		ignored,
	);
	spoofed.headers['x-event'] = 'charge.captured';
	/** A validly signed body that names no event, its X-Event header saying `header`: it runs (traced by its id). */
	const withoutEvent = (label, header) => {
		const body = eventBody();
		delete body.event;
		const d = delivery(label, body, runsOnce);
		d.headers['x-event'] = header;
		return d;
	};
	// No event anywhere: not "an event not selected".
	const missing = withoutEvent(
		'validly signed body without an event, empty X-Event header (runs)',
		'',
	);
	// An event named only in the unsigned X-Event header never decides (marked unsigned in the item).
	const unselectedInHeader = withoutEvent(
		'validly signed body without an event, X-Event names an unselected event (runs)',
		ctx.unselectedEvents[0],
	);
	// A selected event without a `charge` object (undefined: left out of the JSON): it runs too, `charge` null.
	const chargeless = delivery(
		'validly signed body without a charge object (runs)',
		eventBody({ charge: undefined }),
		runsOnce,
	);
	return [
		...list,
		withExpect(signLater(spoofed), ignored),
		withExpect(signLater(missing), runsOnce),
		withExpect(signLater(unselectedInHeader), runsOnce),
		withExpect(signLater(chargeless), runsOnce),
	];
}

function wrongMethod() {
	const notRegistered = { expectStatus: STATUS.n8nWrongMethod };
	return ['GET', 'PUT', 'PATCH', 'DELETE', 'HEAD'].map((method) => {
		const d = delivery(`${method} with the right signature`, eventBody(), notRegistered);
		d.method = method;
		return withExpect(signLater(d), notRegistered);
	});
}

/**
 * Deliveries the sandbox really sent to endpoint B (exact bytes and headers), sent to A; A's own-style bodies signed
 * with B's secret; and bodies signed with A's secret sent to B.
 * @param {{ otherSecret: string }} ctx
 * @param {Array<{ body: Buffer, headers: Record<string, string>, id: string }>} capturedFromB
 */
function anotherEndpoint(ctx, capturedFromB) {
	const list = capturedFromB.map((captured, i) => ({
		label: `real delivery #${i + 1} to endpoint B, replayed to A`,
		body: captured.body,
		headers: { ...captured.headers },
		ids: [captured.id],
		...unauthorized,
	}));
	for (let i = 0; i < 6; i++) {
		const event = ['charge.captured', 'charge.refunded', 'charge.chargeback'][i % 3];
		const d = delivery(
			`${event} signed with B's secret, sent to A`,
			eventBody({ event }),
			unauthorized,
		);
		signLater(d, { secretOf: (c) => c.otherSecret });
		list.push(withExpect(d, unauthorized));
	}
	for (let i = 0; i < 4; i++) {
		const d = delivery(
			`charge.authorized signed with A's secret, sent to B #${i + 1}`,
			eventBody({ event: 'charge.authorized' }),
			unauthorized,
		);
		signLater(d);
		d.target = 'B';
		list.push(withExpect(d, unauthorized));
	}
	return list;
}

/**
 * Replays of deliveries that were accepted and ran once.
 * @param {Array<{ body: Buffer, headers: Record<string, string>, id: string }>} accepted
 */
function replayed(accepted) {
	const list = [];
	const pick = (i) => accepted[i % accepted.length];
	for (let i = 0; i < 5; i++) {
		const original = pick(i);
		list.push({
			label: `exact replay of ${original.id.slice(0, 8)}`,
			body: original.body,
			headers: { ...original.headers },
			ids: [original.id],
			...duplicate,
		});
	}
	for (let i = 0; i < 3; i++) {
		const original = pick(i + 1);
		const fresh = randomUUID();
		list.push({
			label: `replay of ${original.id.slice(0, 8)} with a fresh X-Delivery-Id`,
			body: original.body,
			headers: { ...original.headers, 'x-delivery-id': fresh },
			// A run would carry the fresh id when the body has none: counted against this group too.
			ids: [original.id, fresh],
			...duplicate,
		});
	}
	for (let i = 0; i < 3; i++) {
		const original = pick(i + 2);
		const headers = { ...original.headers };
		delete headers['x-delivery-id'];
		list.push({
			label: `replay of ${original.id.slice(0, 8)} without X-Delivery-Id`,
			body: original.body,
			headers,
			ids: [original.id],
			...duplicate,
		});
	}
	return list;
}

/**
 * Valid deliveries signed here, in every accepted encoding and transport variant, whatever their Content-Type (the
 * trigger reads a body n8n does not parse itself). Each must run exactly once.
 * @param {number} count
 */
function validVariants(count) {
	/** @typedef {(secret: string, raw: Buffer) => Record<string, string | undefined>} HeadersOf */
	/** The platform's signature, with `headers` set (or removed, when undefined). @returns {HeadersOf} */
	const platform =
		(headers = {}) =>
		(s, raw) => ({ 'x-signature': signatureHeaderValue(s, raw), ...headers });
	/** The right MAC in `X-Signature`, written by `write`. @returns {HeadersOf} */
	const written = (/** @type {(mac: Buffer) => string} */ write) => (s, raw) => ({
		'x-signature': write(hmac(s, raw)),
	});
	/** @type {Array<[string, HeadersOf]>} */
	const variants = [
		['sha256=<hex>, application/json', platform()],
		['bare hex', written((m) => m.toString('hex'))],
		['base64', written((m) => m.toString('base64'))],
		['upper-case hex', written((m) => `sha256=${m.toString('hex').toUpperCase()}`)],
		['sha256=<base64>', written((m) => `sha256=${m.toString('base64')}`)],
		[
			'signature in X-Payment-Signature (fallback)',
			(s, raw) => ({ 'x-payment-signature': signatureHeaderValue(s, raw) }),
		],
		['text/plain', platform({ 'content-type': 'text/plain' })],
		['application/octet-stream', platform({ 'content-type': 'application/octet-stream' })],
		[
			'form-urlencoded label on JSON bytes',
			platform({ 'content-type': 'application/x-www-form-urlencoded' }),
		],
		['no content type', platform({ 'content-type': undefined })],
		['application/cloudevents+json', platform({ 'content-type': 'application/cloudevents+json' })],
		[
			'application/json; charset=utf-8',
			platform({ 'content-type': 'application/json; charset=utf-8' }),
		],
		[
			'signature with spaces around it',
			(s, raw) => ({ 'x-signature': `  ${signatureHeaderValue(s, raw)} ` }),
		],
		['no X-Delivery-Id (body id only)', platform({ 'x-delivery-id': undefined })],
		['gzip-encoded', platform({ 'content-encoding': 'gzip' })],
		['1 MiB body (the default Maximum Body Size)', platform()],
	];
	const events = ['charge.captured', 'charge.refunded', 'charge.chargeback'];
	return Array.from({ length: count }, (_, i) => {
		const [name, headersOf] = variants[i % variants.length];
		const body = eventBody({ event: events[i % events.length] });
		if (name.startsWith('1 MiB body')) {
			const overhead = Buffer.byteLength(JSON.stringify({ ...body, padding: '' }));
			body.padding = 'v'.repeat(TRIGGER_BODY_LIMIT - overhead);
		}
		const d = delivery(`valid: ${name}`, body, { expectStatus: 200 });
		d.valid = true;
		d.sign = (ctx) => {
			for (const [key, value] of Object.entries(headersOf(ctx.secret, d.body))) {
				if (value === undefined) delete d.headers[key];
				else d.headers[key] = value;
			}
			if (name === 'gzip-encoded') d.body = zlib.gzipSync(d.body);
		};
		return d;
	});
}

module.exports = { anotherEndpoint, replayed, unselectedEvent, validVariants, wrongMethod };
