'use strict';
/**
 * The sandbox's answer to an `Idempotency-Key` header (a name the reference does not show: api/names.js) on a /v1
 * POST or PATCH, after the IETF draft and Stripe's (the platform's may differ): sandbox/README.md, Idempotency-Key.
 * Bodies are compared as JSON values (key order does not matter), multipart bodies by their parts' names and bytes.
 */
const { createHash } = require('crypto');
const { ERROR_CODES, IDEMPOTENCY_KEY_HEADER } = require('./api/names');
const { ApiError, HTTP_STATUS } = require('./errors');

const KEYED_METHODS = ['POST', 'PATCH'];
const REPLAYED_HEADER = 'Idempotent-Replayed';

/** JSON with object keys sorted, so that two equal values give the same text. */
function canonicalJson(value) {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const keys = Object.keys(value).sort();
		return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'undefined';
}

/**
 * What makes two requests "the same request": method, path and body.
 * @param {{ method: string, path: string, body?: unknown, parts?: Array<{ name: string, filename?: string, data: Buffer }> }} request
 */
function fingerprintOf({ method, path, body, parts }) {
	const hash = createHash('sha256').update(`${method} ${path}\n`);
	if (parts) {
		for (const part of parts) hash.update(`${part.name}:${part.filename ?? ''}:`).update(part.data);
	} else {
		hash.update(canonicalJson(body));
	}
	return hash.digest('hex');
}

/** The key of a request, or undefined (none, empty, or a method the sandbox does not key). */
function keyOf(method, headers) {
	if (!KEYED_METHODS.includes(method)) return undefined;
	const value = headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
	const key = Array.isArray(value) ? value.join(', ') : value;
	return key?.trim() || undefined;
}

class IdempotencyKeys {
	/** @type {Map<string, { fingerprint: string, done: boolean, status?: number, result?: any }>} */
	entries = new Map();

	clear() {
		this.entries.clear();
	}

	/**
	 * Runs `handler` for a request, or answers it from its key.
	 * @param {{ method: string, path: string, headers: Record<string, string | string[] | undefined>, body?: unknown,
	 *   parts?: Array<{ name: string, filename?: string, data: Buffer }> }} request
	 * @param {() => Promise<{ status?: number, data?: unknown, message?: string }>} handler
	 * @returns {Promise<{ result: any, replayedHeaders: Record<string, string> }>}
	 */
	async run(request, handler) {
		const key = keyOf(request.method, request.headers);
		if (!key) return { result: await handler(), replayedHeaders: {} };
		const fingerprint = fingerprintOf(request);
		const entry = this.entries.get(key);
		if (entry) {
			if (entry.fingerprint !== fingerprint) throw reused(key);
			if (!entry.done) throw stillRunning(key);
			return {
				result: JSON.parse(JSON.stringify(entry.result)),
				replayedHeaders: { [REPLAYED_HEADER]: 'true' },
			};
		}
		const pending = { fingerprint, done: false };
		this.entries.set(key, pending);
		try {
			const result = await handler();
			// A copy: the record itself changes later (a captured charge), the first answer does not.
			Object.assign(pending, { done: true, result: JSON.parse(JSON.stringify(result)) });
			return { result, replayedHeaders: {} };
		} catch (error) {
			this.entries.delete(key);
			throw error;
		}
	}
}

function reused(key) {
	return new ApiError(
		HTTP_STATUS.validation,
		ERROR_CODES.idempotencyKeyReused,
		`${IDEMPOTENCY_KEY_HEADER} "${key}" was already used for another request (method, path or body differ): send a new key for a new request`,
	);
}

function stillRunning(key) {
	return new ApiError(
		HTTP_STATUS.conflict,
		ERROR_CODES.conflict,
		`A request with ${IDEMPOTENCY_KEY_HEADER} "${key}" is still being processed: try again later`,
	);
}

module.exports = { IdempotencyKeys, REPLAYED_HEADER };
