/**
 * Reads and parses request bodies: JSON up to 1 MB, multipart/form-data up to 10 MB (the reference shows no size
 * limits; these are the sandbox's). A body over the limit is drained, not stored, and answered with 413.
 */
import type { IncomingMessage } from 'http';
import { ApiError, badRequest, HTTP_STATUS } from './errors';
import { MultipartError, parseHeaderValue, parseMultipart, type MultipartPart } from './multipart';

export const JSON_BODY_LIMIT = 1024 * 1024;
export const MULTIPART_BODY_LIMIT = 10 * 1024 * 1024;

export interface RawBody {
	data: Buffer;
	tooLarge: boolean;
}

export function readBody(req: IncomingMessage, limit: number): Promise<RawBody> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let done = false;
		req.on('data', (chunk: Buffer) => {
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

export interface ParsedBody {
	/** Parsed JSON (undefined when there was no body or it was multipart). */
	json?: unknown;
	/** Multipart parts, when the request was multipart/form-data. */
	parts?: MultipartPart[];
	/** Why the body could not be parsed; raised only for methods that take a body. */
	error?: ApiError;
}

export function isMultipartRequest(contentTypeHeader: string | undefined): boolean {
	return parseHeaderValue(contentTypeHeader ?? '').value === 'multipart/form-data';
}

function isJsonType(type: string): boolean {
	return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

export function parseBody(raw: RawBody, contentTypeHeader: string | undefined): ParsedBody {
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
