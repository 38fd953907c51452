'use strict';
/**
 * The parts every attack is built from: the platform's event body and headers, one delivery with the status it must
 * get, and signatures computed once the endpoints' secrets are known (`sign`, run by `resolve`). Sends nothing.
 *
 * Expected statuses (decided from the node's code and checked in n8n 2.41.1):
 * - 401 `Missing or invalid signature`: the node found no signature that verifies over the raw body with the
 *   endpoint's secret (unsigned, wrong key, tampered, truncated, other algorithm, another endpoint's secret).
 * - 200 and exactly one run: any delivery whose signature verifies runs, whatever its shape (since the trigger's
 *   "any signed delivery runs"): a body that is not JSON (text, empty, invalid UTF-8), JSON that is not an object
 *   (list, string, number, null), JSON without an event or without a `charge` object. Such a delivery is a valid
 *   one (`runsOnce`): it is traced by the id in the trigger's item, the body's id, else its X-Delivery-Id header
 *   (platformHeaders always sets one). When received (typeVersion 1, 1.1) the answer is `{"received":true}`; after
 *   the workflow succeeds (the default from 1.2) it is an empty 200 sent once the run is over.
 * - 200 and no run: a verified delivery whose event is found and not selected, or whose id was already accepted
 *   (duplicate). After the workflow succeeds, a resend while the first run is still going gets 503 (Retry-After) instead.
 * - 422: n8n's own body parser rejects a body labelled JSON that does not parse, before the trigger runs (a body
 *   labelled XML: 422 or 401, see wrongContentType).
 * - 400: n8n's own multipart parser rejects a malformed multipart body, before the trigger runs.
 * - 500: n8n refuses a body over N8N_PAYLOAD_SIZE_MAX (16 MiB by default; also after gzip inflation) with
 *   "There was a problem executing the workflow", before the trigger runs.
 * - 404: n8n serves the webhook for POST only.
 * A well-formed multipart body is parsed by n8n itself and never reaches the node as raw bytes: 401 even when signed.
 */
const { randomUUID } = require('crypto');
const path = require('path');
const { ROOT } = require('../../../../scripts/lib/packageInfo');
const { SEED } = require('../../../../sandbox/seedIds');

const STATUS = {
	unauthorized: 401,
	runs: 200,
	ignored: 200,
	stillRunning: 503,
	n8nUnparsable: 422,
	n8nBadMultipart: 400,
	n8nTooLarge: 500,
	n8nWrongMethod: 404,
};

/**
 * Whether n8n reads the raw body before calling the trigger, so that it can be verified. At typeVersion 1 n8n reads
 * every body (multipart aside); from typeVersion 1.1 only the content types it can parse (n8n 2.41,
 * webhook-helpers `isParsableContentType`): JSON, text/plain, form-urlencoded and XML. Any other body stays unread
 * and the trigger, having nothing to verify, answers 401.
 */
/**
 * @param {string | null | undefined} contentType
 * @param {number} version
 */
function bodyReachesNode(contentType, version) {
	if (version <= 1) return true;
	const type = String(contentType ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	return (
		type.startsWith('application/json') ||
		type.startsWith('text/plain') ||
		type.startsWith('application/x-www-form-urlencoded') ||
		type.endsWith('/xml') ||
		type.endsWith('+xml')
	);
}

/**
 * The expectation for a validly signed body: `expect` when n8n passes the body on, else 401.
 * @param {string | null} contentType
 * @param {number} version
 * @param {Expectation} expect
 * @returns {Expectation}
 */
function whenBodyReachesNode(contentType, version, expect) {
	return bodyReachesNode(contentType, version) ? expect : unverifiable;
}

/**
 * Whether a trigger at `version`, its Acknowledge left at the default, answers after the workflow succeeds (from
 * the built node: 1.2 and later): then an accepted delivery's answer is an empty 200 once the run is over, and a
 * resend while it runs gets 503.
 * @param {number} version
 */
function acknowledgesAfterRun(version) {
	const file = path.join(ROOT, 'dist', 'nodes', 'PaymentPlatformTrigger', 'acknowledge.js');
	return version >= require(file).ACKNOWLEDGE_AFTER_RUN_VERSION;
}

/** How long to wait for n8n's answer to a body labelled XML (it may never come, see wrongContentType). */
const XML_WAIT_MS = 5_000;

/** n8n's default N8N_PAYLOAD_SIZE_MAX, in bytes (16 MiB). */
const N8N_PAYLOAD_LIMIT = 16 * 1024 * 1024;

const FIVE_MB = 5 * 1024 * 1024;

/**
 * A charge event body like the platform's; `overrides` replace top-level fields.
 * @param {Partial<EventBody>} [overrides]
 * @returns {EventBody}
 */
function eventBody(overrides = {}) {
	return {
		id: randomUUID(),
		event: 'charge.captured',
		charge: {
			id: SEED.charges.authorized,
			status: 'captured',
			amount: 25990,
			currency: 'BRL',
			payment_method: 'credit_card',
		},
		occurred_at: new Date().toISOString(),
		...overrides,
	};
}

/** @param {string | object} value */
const bytes = (value) =>
	Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');

/**
 * The headers the platform sends, without the signature; `contentType` null sends none.
 * @param {{ event?: unknown, id?: unknown }} body
 * @param {string | null} [contentType]
 * @returns {HeaderMap}
 */
function platformHeaders(body, contentType = 'application/json') {
	return {
		...(contentType ? { 'content-type': contentType } : {}),
		'x-event': String(body.event ?? 'charge.captured'),
		'x-delivery-id': String(body.id ?? randomUUID()),
		'user-agent': 'payment-platform-sandbox',
	};
}

/**
 * A charge event as the platform sends it; `padding` makes it as large as a test needs.
 * @typedef {{ id: string, event?: string, charge: Record<string, unknown>, occurred_at?: string,
 *   padding?: string, [field: string]: unknown }} EventBody
 */

/** @typedef {Record<string, string>} HeaderMap */

/**
 * What the attack groups are built for: the target endpoint (A) and the other one (B), the API keys, the events A
 * does not select, and the trigger's typeVersion.
 * @typedef {object} AttackContext
 * @property {string} secret A's endpoint secret
 * @property {string} otherSecret B's endpoint secret
 * @property {string} endpointId
 * @property {string} webhookUrl
 * @property {string} secretKey
 * @property {string} publicKey
 * @property {string[]} unselectedEvents
 * @property {number} version
 */

/**
 * The answer a delivery must get.
 * @typedef {object} Expectation
 * @property {number | Array<number | null>} expectStatus the status, or the statuses that are all right (null:
 *   no answer within timeoutMs)
 * @property {string} [expectText] a fragment the answer must contain
 * @property {number} [timeoutMs] how long to wait for the answer (default 60 s)
 * @property {boolean} [valid] a valid delivery: it must run exactly once (see runsOnce)
 */

/**
 * One request of the catalogue.
 * @typedef {Expectation & {
 *   label: string,
 *   body?: Buffer,
 *   headers: HeaderMap | Array<[string, string]>,
 *   method?: string,
 *   ids: string[],
 *   target?: 'A' | 'B',
 *   sign?: (ctx: AttackContext) => void,
 *   valid?: boolean,
 * }} Delivery
 * `ids`: the delivery ids it carries (none for a body without one; for a valid delivery, the id its execution is
 * traced by); `target`: the trigger it is sent to (default A); `sign`: fills in what needs the secrets (run by
 * `resolve`); `valid`: one of the valid deliveries, which must run exactly once.
 */

/**
 * A delivery as `delivery()` builds it: its headers by name, to be changed before sending.
 * @typedef {Delivery & { body: Buffer, headers: HeaderMap }} BuiltDelivery
 */

/**
 * A delivery of `body` (object or raw) with the platform's headers and `signature` (omitted when undefined).
 * @param {string} label
 * @param {EventBody | Buffer} body
 * @param {Expectation & { signature?: string, contentType?: string | null, extraHeaders?: HeaderMap }} options
 * @returns {BuiltDelivery}
 */
function delivery(
	label,
	body,
	{ signature, contentType = 'application/json', expectStatus, expectText, extraHeaders = {} },
) {
	const raw = Buffer.isBuffer(body) ? body : bytes(body);
	/** @type {Partial<EventBody>} */
	const object = !Buffer.isBuffer(body) && typeof body === 'object' && body !== null ? body : {};
	const headers = {
		...platformHeaders(object, contentType),
		...(signature === undefined ? {} : { 'x-signature': signature }),
		...extraHeaders,
	};
	return {
		label,
		body: raw,
		headers,
		expectStatus,
		...(expectText ? { expectText } : {}),
		ids: typeof object.id === 'string' ? [object.id] : [],
	};
}

/** @type {Expectation} */
const unauthorized = {
	expectStatus: STATUS.unauthorized,
	expectText: 'Missing or invalid signature',
};

/** A validly signed body n8n did not read: nothing to verify, so 401 (see bodyReachesNode). */
const unverifiable = unauthorized;

/**
 * A validly signed delivery the trigger runs whatever its body: 200 and exactly one execution (`withExpect` sets
 * the id it is traced by).
 * @type {Expectation}
 */
const runsOnce = { expectStatus: STATUS.runs, valid: true };

/**
 * Sets the expected answer on `item` itself and returns it: a copy would not be the object its `sign` fills in.
 * A valid delivery whose body carries no id is traced by its X-Delivery-Id header, as the trigger's item id is.
 * @template {Delivery} T
 * @param {T} item
 * @param {Expectation} expect
 * @returns {T}
 */
function withExpect(item, expect) {
	Object.assign(item, expect);
	if (item.valid && item.ids.length === 0 && !Array.isArray(item.headers)) {
		const headerId = item.headers['x-delivery-id'];
		if (!headerId) throw new Error(`"${item.label}" runs, but carries no id to trace it by`);
		item.ids = [headerId];
	}
	return item;
}

/**
 * A delivery whose signature headers are computed from the raw body by `headersOf(secret, raw, ctx)` once the
 * secrets are known (`resolve`). `headersOf` may return pairs to send a header name more than once.
 * @param {string} label
 * @param {(secret: string, raw: Buffer, ctx: AttackContext) => HeaderMap | Array<[string, string]>} headersOf
 * @param {EventBody} [body]
 * @returns {Delivery}
 */
function signedWith(label, headersOf, body = eventBody()) {
	const built = delivery(label, body, { expectStatus: STATUS.unauthorized });
	/** @type {Delivery} */
	const item = built;
	item.sign = (ctx) => {
		const extra = headersOf(ctx.secret, built.body, ctx);
		item.headers = Array.isArray(extra)
			? [...Object.entries(built.headers), ...extra]
			: { ...built.headers, ...extra };
	};
	return item;
}

/** @param {string} text */
function flipLast(text) {
	const last = text.at(-1);
	return `${text.slice(0, -1)}${last === '0' ? '1' : '0'}`;
}

/**
 * Fills in the signatures that need the endpoints' secrets. A `sign` that changes no header is a fault of the
 * catalogue (the delivery would go out as built), so it stops the run.
 * @template {Delivery} T
 * @param {T[]} deliveries
 * @param {AttackContext} ctx
 * @returns {T[]}
 */
function resolve(deliveries, ctx) {
	for (const d of deliveries) {
		if (typeof d.sign !== 'function') continue;
		const before = JSON.stringify(d.headers);
		d.sign(ctx);
		if (JSON.stringify(d.headers) === before) {
			throw new Error(`signing "${d.label}" changed none of its headers`);
		}
	}
	return deliveries;
}

module.exports = {
	FIVE_MB,
	N8N_PAYLOAD_LIMIT,
	STATUS,
	XML_WAIT_MS,
	acknowledgesAfterRun,
	bodyReachesNode,
	bytes,
	delivery,
	eventBody,
	flipLast,
	resolve,
	runsOnce,
	signedWith,
	unauthorized,
	unverifiable,
	whenBodyReachesNode,
	withExpect,
};
