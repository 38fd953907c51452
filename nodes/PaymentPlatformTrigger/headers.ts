/**
 * Request header helpers for the trigger's webhook: pure functions, no n8n imports.
 * Header names are compared case-insensitively (Node lowercases them, other callers may not).
 */
import { WEBHOOK_DELIVERY_HEADERS } from '../PaymentPlatform/api/chosenNames';

export type RequestHeaders = Record<string, string | string[] | undefined>;

/** Any header whose name ends like this is taken as a signature when the default header is absent. */
export const SIGNATURE_HEADER_SUFFIX = '-signature';

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
 * The headers that may carry the delivery's signature, in the order to try them.
 * With `customName` only that header counts. Otherwise `X-Signature`, and failing that every header whose name ends
 * in `-signature` (so a provider's own prefix such as `X-Provider-Signature` works unchanged).
 */
export function signatureCandidates(
	headers: RequestHeaders,
	customName?: string,
): SignatureCandidate[] {
	const candidate = (name: string): SignatureCandidate[] => {
		const value = getHeader(headers, name);
		return value === undefined ? [] : [{ name: name.trim().toLowerCase(), value }];
	};
	if (customName && customName.trim() !== '') return candidate(customName);

	const byDefaultName = candidate(WEBHOOK_DELIVERY_HEADERS.signature);
	if (byDefaultName.length > 0) return byDefaultName;

	return Object.keys(headers)
		.map((key) => key.toLowerCase())
		.filter((key) => key.endsWith(SIGNATURE_HEADER_SUFFIX))
		.sort()
		.flatMap(candidate);
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
