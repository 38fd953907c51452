'use strict';
/**
 * The parts every attack is built from: the platform's event body and headers, one delivery with the status it must
 * get, and signatures computed once the endpoints' secrets are known (`sign`, run by `resolve`). Sends nothing.
 *
 * Expected statuses (decided from the node's code and checked in n8n 2.41.1):
 * - 401 `Missing or invalid signature`: the node found no signature that verifies over the raw body with the
 *   endpoint's secret (unsigned, wrong key, tampered, truncated, other algorithm, another endpoint's secret).
 * - 200 and exactly one run: any delivery whose signature verifies runs, whatever its shape and its Content-Type:
 *   a body that is not JSON (text, empty, invalid UTF-8), JSON that is not an object (list, string, number, null),
 *   JSON without an event or without a `charge` object, a body of a type n8n does not parse (the trigger reads
 *   it itself). Such a delivery is a valid one (`runsOnce`): it is traced by the id in the trigger's item, the
 *   body's id, else its X-Delivery-Id header (platformHeaders always sets one). The trigger answers after the
 *   workflow succeeds (its default): an empty 200 sent once the run is over.
 * - 200 and no run: a verified delivery whose event, named in its body, is not selected, or whose signed bytes
 *   already ran (duplicate). A resend while the first run is still going gets 503 (Retry-After) instead.
 * - 422: n8n's own body parser rejects a body labelled JSON that does not parse, before the trigger runs (a body
 *   labelled XML: 422 or 401, see wrongContentType).
 * - 400: n8n's own multipart parser rejects a malformed multipart body, before the trigger runs.
 * - 503 `... larger than this webhook accepts ...`: the trigger refuses a body over its Maximum Body Size (1 MiB by
 *   default) before any signature check, forged or signed alike; a sender retries a 5xx, so a real one runs once the
 *   user raises the limit.
 * - 500: n8n refuses a body over N8N_PAYLOAD_SIZE_MAX (16 MiB by default; also after gzip inflation) with
 *   "There was a problem executing the workflow", before the trigger runs.
 * - 404: n8n serves the webhook for POST only.
 * A well-formed multipart body is parsed by n8n itself and never reaches the node as raw bytes: 401 even when signed.
 */
const { randomUUID } = require('crypto');
const { SEED } = require('../../../../sandbox/seedIds');
const { USER_AGENT, signatureHeaderValue } = require('../../../../sandbox/signature');

const STATUS = {
	unauthorized: 401,
	runs: 200,
	ignored: 200,
	stillRunning: 503,
	overTriggerLimit: 503,
	n8nUnparsable: 422,
	n8nBadMultipart: 400,
	n8nTooLarge: 500,
	n8nWrongMethod: 404,
};

/** How long to wait for n8n's answer to a body labelled XML (it may never come, see wrongContentType). */
const XML_WAIT_MS = 5_000;

/** n8n's default N8N_PAYLOAD_SIZE_MAX, in bytes (16 MiB). */
const N8N_PAYLOAD_LIMIT = 16 * 1024 * 1024;

const FIVE_MB = 5 * 1024 * 1024;

/** The trigger's default Maximum Body Size, in bytes (1 MiB). */
const TRIGGER_BODY_LIMIT = 1024 * 1024;

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
		'user-agent': USER_AGENT,
	};
}

/**
 * A charge event as the platform sends it; `padding` makes it as large as a test needs.
 * @typedef {{ id: string, event?: string, charge: Record<string, unknown>, occurred_at?: string,
 *   padding?: string, [field: string]: unknown }} EventBody
 */

/** @typedef {Record<string, string>} HeaderMap */

/**
 * What the attack groups are built for: the target endpoint (A) and the other one (B), the API keys, and the events
 * A does not select.
 * @typedef {object} AttackContext
 * @property {string} secret A's endpoint secret
 * @property {string} otherSecret B's endpoint secret
 * @property {string} endpointId
 * @property {string} webhookUrl
 * @property {string} secretKey
 * @property {string} publicKey
 * @property {string[]} unselectedEvents
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

/**
 * Over the trigger's Maximum Body Size: 503 before any signature check, and no run.
 * @type {Expectation}
 */
const overTriggerLimit = {
	expectStatus: STATUS.overTriggerLimit,
	expectText: 'larger than this webhook accepts',
};

/**
 * A validly signed delivery the trigger runs whatever its body: 200 and exactly one execution (`withExpect` sets
 * the id it is traced by).
 * @type {Expectation}
 */
const runsOnce = { expectStatus: STATUS.runs, valid: true };

/**
 * Signed bytes that already ran, whatever the headers say: 200 and no run (the first such bytes ran).
 * @type {Expectation}
 */
const duplicate = { expectStatus: STATUS.ignored, expectText: 'duplicate delivery' };

/**
 * Sets the expected answer on `item` itself and returns it: a copy would not be the object its `sign` fills in.
 * A delivery whose body carries no id is traced by its X-Delivery-Id header, as the trigger's item id is (so that
 * a run it should not cause is counted against it); a valid one must carry one.
 * @template {Delivery} T
 * @param {T} item
 * @param {Expectation} expect
 * @returns {T}
 */
function withExpect(item, expect) {
	Object.assign(item, expect);
	const headerId = Array.isArray(item.headers) ? undefined : item.headers['x-delivery-id'];
	if (item.ids.length === 0 && headerId) item.ids = [headerId];
	if (item.valid && item.ids.length === 0) {
		throw new Error(`"${item.label}" runs, but carries no id to trace it by`);
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

/**
 * Signs `item` as the platform does once the secrets are known (`resolve`): `X-Signature: sha256=<hex>` over `bytes`
 * (the item's body when it is signed, unless told) with A's secret, or with `secretOf(ctx)`.
 * @template {Delivery} T
 * @param {T} item
 * @param {{ bytes?: string | Buffer, secretOf?: (ctx: AttackContext) => string }} [how]
 * @returns {T}
 */
function signLater(item, { bytes, secretOf = (ctx) => ctx.secret } = {}) {
	item.sign = (ctx) => {
		/** @type {HeaderMap} */ (item.headers)['x-signature'] = signatureHeaderValue(
			secretOf(ctx),
			bytes ?? /** @type {Buffer} */ (item.body),
		);
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

// In the order the file states them.
module.exports = {
	STATUS,
	XML_WAIT_MS,
	N8N_PAYLOAD_LIMIT,
	FIVE_MB,
	TRIGGER_BODY_LIMIT,
	eventBody,
	bytes,
	delivery,
	unauthorized,
	overTriggerLimit,
	runsOnce,
	duplicate,
	withExpect,
	signedWith,
	signLater,
	flipLast,
	resolve,
};
