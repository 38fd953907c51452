'use strict';
/**
 * A small multipart/form-data parser (RFC 7578) over a fully buffered body, plus the header-parameter parser it and
 * the content-type check share.
 */

class MultipartError extends Error {
	constructor(message) {
		super(message);
		this.name = 'MultipartError';
	}
}

/** Parses `type; key=value; key="quoted; value"`. */
function parseHeaderValue(header) {
	const params = {};
	let index = header.indexOf(';');
	const value = (index === -1 ? header : header.slice(0, index)).trim().toLowerCase();
	while (index !== -1 && index < header.length) {
		const start = index + 1;
		const equals = header.indexOf('=', start);
		const nextSemicolon = header.indexOf(';', start);
		if (equals === -1) break;
		if (nextSemicolon !== -1 && nextSemicolon < equals) {
			index = nextSemicolon; // a parameter without a value
			continue;
		}
		const key = header.slice(start, equals).trim().toLowerCase();
		let cursor = equals + 1;
		while (header[cursor] === ' ' || header[cursor] === '\t') cursor++;
		let text = '';
		if (header[cursor] === '"') {
			cursor++;
			while (cursor < header.length && header[cursor] !== '"') {
				if (header[cursor] === '\\' && cursor + 1 < header.length) cursor++;
				text += header[cursor];
				cursor++;
			}
			index = header.indexOf(';', cursor + 1);
		} else {
			const end = header.indexOf(';', cursor);
			text = (end === -1 ? header.slice(cursor) : header.slice(cursor, end)).trim();
			index = end;
		}
		if (key && !(key in params)) params[key] = text;
	}
	return { value, params };
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_PARTS = 100;
const MAX_HEADER_BYTES = 16 * 1024;

/** `filename*=UTF-8''name%20with%20spaces.png` (RFC 5987) wins over `filename`. */
function fileNameOf(params) {
	const extended = params['filename*'];
	if (extended !== undefined) {
		const match = /^([\w-]+)'[\w-]*'(.*)$/.exec(extended);
		if (match) {
			try {
				return decodeURIComponent(match[2]);
			} catch {
				// fall back to the plain parameter
			}
		}
	}
	return params.filename;
}

function parsePartHeaders(text) {
	const headers = {};
	for (const line of text.split('\r\n')) {
		if (line === '') continue;
		const colon = line.indexOf(':');
		if (colon <= 0) throw new MultipartError(`malformed part header line`);
		headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
	}
	return headers;
}

/** Splits `body` on `boundary` into parts; throws MultipartError on anything malformed. */
function parseMultipart(body, boundary) {
	if (!boundary || boundary.length > 70) throw new MultipartError('missing or invalid boundary');
	const delimiter = Buffer.from(`--${boundary}`);
	const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
	let position = body.indexOf(delimiter);
	if (position === -1) throw new MultipartError('no boundary delimiter found');
	position += delimiter.length;
	/** @type {import(".").MultipartPart[]} */
	const parts = [];
	for (;;) {
		if (body[position] === 0x2d && body[position + 1] === 0x2d) return parts; // closing delimiter
		while (body[position] === 0x20 || body[position] === 0x09) position++; // transport padding
		if (!body.subarray(position, position + 2).equals(CRLF))
			throw new MultipartError('malformed boundary line');
		position += 2;
		let contentStart;
		let headerText;
		if (body.subarray(position, position + 2).equals(CRLF)) {
			headerText = '';
			contentStart = position + 2;
		} else {
			const headerEnd = body.indexOf(HEADER_END, position);
			if (headerEnd === -1 || headerEnd - position > MAX_HEADER_BYTES)
				throw new MultipartError('part headers are not terminated');
			headerText = body.subarray(position, headerEnd).toString('utf8');
			contentStart = headerEnd + HEADER_END.length;
		}
		const contentEnd = body.indexOf(nextDelimiter, contentStart);
		if (contentEnd === -1)
			throw new MultipartError('body is not terminated by the closing boundary');
		const headers = parsePartHeaders(headerText);
		const disposition = parseHeaderValue(headers['content-disposition'] ?? '');
		if (disposition.value !== 'form-data' || disposition.params.name === undefined)
			throw new MultipartError('part without a form-data content-disposition and name');
		if (parts.length >= MAX_PARTS) throw new MultipartError(`more than ${MAX_PARTS} parts`);
		const data = Buffer.from(body.subarray(contentStart, contentEnd));
		/** @type {import(".").MultipartPart} */
		const part = { name: disposition.params.name, size: data.length, data };
		const filename = fileNameOf(disposition.params);
		if (filename !== undefined) part.filename = filename;
		if (headers['content-type'] !== undefined) part.contentType = headers['content-type'];
		parts.push(part);
		position = contentEnd + nextDelimiter.length;
	}
}

module.exports = { MultipartError, parseHeaderValue, parseMultipart };
