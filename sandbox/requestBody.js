'use strict';
/** A request's path, query and body as the sandbox reads them: JSON up to 1 MB, multipart up to 10 MB. */
const { badRequest, HTTP_STATUS } = require('./errors');

/** Repeated keys become a list: `?status=a&status=b` → `{status: ['a', 'b']}`. */
function queryObject(search) {
	/** @type {Record<string, string | string[]>} */
	const query = {};
	for (const [key, value] of new URLSearchParams(search)) {
		const existing = query[key];
		if (existing === undefined) query[key] = value;
		else query[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
	}
	return query;
}

function pathOf(rawUrl) {
	const mark = rawUrl.indexOf('?');
	const path = mark === -1 ? rawUrl : rawUrl.slice(0, mark);
	return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** The path and query of a URL as it came over the wire (before other API Names were rewritten). */
function wireOf(url) {
	const mark = url.indexOf('?');
	return { path: pathOf(url), query: mark === -1 ? {} : queryObject(url.slice(mark + 1)) };
}

function areaOf(path) {
	if (path === '/v1' || path.startsWith('/v1/')) return 'api';
	if (path === '/__admin' || path.startsWith('/__admin/')) return 'admin';
	return undefined;
}

function mediaType(contentTypeHeader) {
	return (contentTypeHeader ?? '').split(';')[0].trim().toLowerCase();
}

function isJsonType(type) {
	return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

/** The body of a non-multipart request, as `{json}` or a deferred `{error}` (refused after routing). */
function jsonBodyOf(raw, contentTypeHeader) {
	if (raw.length === 0) return {};
	const type = mediaType(contentTypeHeader);
	if (!isJsonType(type)) {
		return {
			error: badRequest(
				`Unsupported content type ${type || '(none)'}: send application/json`,
				HTTP_STATUS.unsupportedMediaType,
			),
		};
	}
	try {
		return { json: JSON.parse(raw.toString('utf8')) };
	} catch {
		return { error: badRequest('Malformed JSON body') };
	}
}

const tooLarge = (limit) =>
	badRequest(`Request body exceeds the ${limit} limit`, HTTP_STATUS.payloadTooLarge);

/** A request's body, read after routing: `{json}`, `{parts}`, or one of them with a deferred `{error}`. */
async function readBody(request) {
	if (request.isMultipart()) return await multipartBodyOf(request);
	const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
	return jsonBodyOf(raw, request.headers['content-type']);
}

/** Multipart parts through @fastify/multipart (busboy), buffered, as `{parts}` or a deferred `{parts: [], error}`. */
async function multipartBodyOf(request) {
	/** @type {import('.').MultipartPart[]} */
	const parts = [];
	try {
		for await (const part of request.parts()) {
			if (!part.fieldname) throw new Error('part without a form-data content-disposition and name');
			if (part.type === 'file') {
				const data = await part.toBuffer();
				/** @type {import('.').MultipartPart} */
				const entry = { name: part.fieldname, filename: part.filename, size: data.length, data };
				if (part.mimetype) entry.contentType = part.mimetype;
				parts.push(entry);
			} else {
				const data = Buffer.from(String(part.value ?? ''), 'utf8');
				parts.push({ name: part.fieldname, size: data.length, data });
			}
		}
		return { parts };
	} catch (error) {
		const code = /** @type {any} */ (error)?.code;
		if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FIELDS_LIMIT')
			return { parts: [], error: tooLarge('10 MB') };
		const reason = error instanceof Error ? error.message : 'unreadable';
		return { parts: [], error: badRequest(`Malformed multipart body: ${reason}`) };
	}
}

module.exports = { areaOf, pathOf, queryObject, readBody, tooLarge, wireOf };
