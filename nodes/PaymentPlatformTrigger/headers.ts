/**
 * Request header helpers for the trigger's webhook: pure functions, no n8n imports.
 * Header names are compared case-insensitively (Node lowercases them, other callers may not).
 */
import {
	WEBHOOK_DELIVERY_HEADERS,
	WEBHOOK_SIGNATURE_NAMES,
} from '../PaymentPlatform/api/chosenNames';

export type RequestHeaders = Record<string, string | string[] | undefined>;

/** Any header whose name ends like this may carry a signature. */
export const SIGNATURE_HEADER_SUFFIX = WEBHOOK_SIGNATURE_NAMES.signatureHeaderSuffix;

/**
 * The bound on what one request can make the trigger look at: at most this many signature headers (X-Signature
 * first, then the others by name), and a header value longer than MAX_SIGNATURE_HEADER_CHARS is not read. A sender
 * has one or two; the rest of a request with hundreds is ignored, so its cost does not grow with them.
 */
export const MAX_SIGNATURE_HEADERS = 8;
export const MAX_SIGNATURE_HEADER_CHARS = 2048;

function firstValue(value: string | string[] | undefined): string | undefined {
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' ? first : undefined;
}

/** The value of header `name` (case-insensitive), or undefined when it is absent. */
export function getHeader(headers: RequestHeaders, name: string): string | undefined {
	const wanted = name.trim().toLowerCase();
	for (const [key, value] of Object.entries(headers)) {
		if (key.toLowerCase() === wanted) return firstValue(value);
	}
	return undefined;
}

export interface SignatureCandidate {
	/** The header's name, lowercase. */
	name: string;
	value: string;
}

/**
 * The headers that may carry the delivery's signature, in the order to try them, at most MAX_SIGNATURE_HEADERS.
 * With `customName` only that header counts. Otherwise `X-Signature` first, then every header whose name ends in
 * `-signature` (a provider's own prefix such as `Stripe-Signature` or `webhook-signature` works unchanged), by name.
 */
export function signatureCandidates(
	headers: RequestHeaders,
	customName?: string,
): SignatureCandidate[] {
	const readable = (name: string, value: string | undefined): SignatureCandidate[] =>
		value === undefined || value.length > MAX_SIGNATURE_HEADER_CHARS
			? []
			: [{ name: name.trim().toLowerCase(), value }];
	if (customName && customName.trim() !== '') {
		return readable(customName, getHeader(headers, customName));
	}
	// One pass over the headers, whatever their number: the names are sorted and cut before any value is read.
	const defaultName = WEBHOOK_DELIVERY_HEADERS.signature.toLowerCase();
	const byName = new Map<string, string | undefined>();
	for (const [key, value] of Object.entries(headers)) {
		const name = key.toLowerCase();
		if (name.endsWith(SIGNATURE_HEADER_SUFFIX) && !byName.has(name))
			byName.set(name, firstValue(value));
	}
	const others = [...byName.keys()].filter((name) => name !== defaultName).sort();
	const names = byName.has(defaultName) ? [defaultName, ...others] : others;
	return names.slice(0, MAX_SIGNATURE_HEADERS).flatMap((name) => readable(name, byName.get(name)));
}

/** The request's header names (lowercase) that end in `suffix`, sorted. */
function headerNamesEndingIn(headers: RequestHeaders, suffix: string): string[] {
	return Object.keys(headers)
		.map((key) => key.toLowerCase())
		.filter((key) => key.endsWith(suffix))
		.sort();
}

/**
 * The header holding the timestamp when it is sent apart from the signature: `customName` when given, else
 * `X-Timestamp`, else the first header (by name) ending in `-timestamp`. One header, so one MAC.
 */
export function timestampCandidate(
	headers: RequestHeaders,
	customName?: string,
): SignatureCandidate | undefined {
	const names =
		customName && customName.trim() !== ''
			? [customName]
			: [
					WEBHOOK_SIGNATURE_NAMES.timestampHeader,
					...headerNamesEndingIn(headers, WEBHOOK_SIGNATURE_NAMES.timestampHeaderSuffix),
				];
	for (const name of names) {
		const value = getHeader(headers, name);
		if (value !== undefined) return { name: name.trim().toLowerCase(), value: value.trim() };
	}
	return undefined;
}

/** A copy of `headers` without the named ones (case-insensitive). */
export function withoutHeaders(headers: RequestHeaders, names: string[]): RequestHeaders {
	const dropped = new Set(names.map((name) => name.trim().toLowerCase()));
	const result: RequestHeaders = {};
	for (const [key, value] of Object.entries(headers)) {
		if (!dropped.has(key.toLowerCase())) result[key] = value;
	}
	return result;
}
