'use strict';
/**
 * Reads and parses request bodies: JSON up to 1 MB, multipart/form-data up to 10 MB (the reference shows no size
 * limits; these are the sandbox's). A body over the limit is drained, not stored, and answered with 413.
 */

const { ApiError, badRequest, HTTP_STATUS } = require('./errors');
const { MultipartError, parseHeaderValue, parseMultipart } = require('./multipart');

const JSON_BODY_LIMIT = 1024 * 1024;
const MULTIPART_BODY_LIMIT = 10 * 1024 * 1024;

function readBody(req, limit) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		let size = 0;
		let done = false;
		req.on('data', (chunk) => {
			size += chunk.length;
			if (size > limit) chunks.length = 0;
			else chunks.push(chunk);
		});
		req.on('end', () => {
			done = true;
			resolve(
				size > limit
					? { data: Buffer.alloc(0), tooLarge: true }
					: { data: Buffer.concat(chunks), tooLarge: false },
			);
		});
		req.on('error', (error) => {
			done = true;
			reject(error);
		});
		req.on('close', () => {
			if (!done) reject(new Error('request closed before its body was complete'));
		});
	});
}

function isMultipartRequest(contentTypeHeader) {
	return parseHeaderValue(contentTypeHeader ?? '').value === 'multipart/form-data';
}

function isJsonType(type) {
	return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

function parseBody(raw, contentTypeHeader) {
	const contentType = parseHeaderValue(contentTypeHeader ?? '');
	const multipart = contentType.value === 'multipart/form-data';
	if (raw.tooLarge) {
		const limit = multipart ? '10 MB' : '1 MB';
		return {
			error: badRequest(`Request body exceeds the ${limit} limit`, HTTP_STATUS.payloadTooLarge),
		};
	}
	if (multipart) {
		try {
			return { parts: parseMultipart(raw.data, contentType.params.boundary) };
		} catch (error) {
			const reason = error instanceof MultipartError ? error.message : 'unreadable';
			return { parts: [], error: badRequest(`Malformed multipart body: ${reason}`) };
		}
	}
	if (raw.data.length === 0) return {};
	if (!isJsonType(contentType.value)) {
		return {
			error: badRequest(
				`Unsupported content type ${contentType.value || '(none)'}: send application/json`,
				HTTP_STATUS.unsupportedMediaType,
			),
		};
	}
	try {
		return { json: JSON.parse(raw.data.toString('utf8')) };
	} catch {
		return { error: badRequest('Malformed JSON body') };
	}
}

module.exports = { JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT, readBody, isMultipartRequest, parseBody };
