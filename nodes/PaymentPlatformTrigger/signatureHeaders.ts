/**
 * What a delivery's headers claim, read within bounds: the signature headers (few, of a bounded length), the
 * timestamp header, and the MACs their values carry, by the shape of each signature family (WEBHOOK_SIGNATURE_NAMES).
 * Pure, no n8n imports; nothing here computes a MAC (verification.ts does).
 */
import { SIGNATURE_PREFIX, WEBHOOK_DELIVERY_HEADERS, WEBHOOK_SIGNATURE_NAMES } from './chosenNames';

const NAMES = WEBHOOK_SIGNATURE_NAMES;

export type RequestHeaders = Record<string, string | string[] | undefined>;

/** At most this many signature headers, of this length, and MACs in all (key rotation sends two or three). */
const MAX_SIGNATURE_HEADERS = 8;
const MAX_SIGNATURE_HEADER_CHARS = 2048;
const MAX_SIGNATURE_VALUES = 16;

function firstValue(value: string | string[] | undefined): string | undefined {
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' ? first : undefined;
}

export function getHeader(headers: RequestHeaders, name: string): string | undefined {
	const wanted = name.trim().toLowerCase();
	for (const [key, value] of Object.entries(headers)) {
		if (key.toLowerCase() === wanted) return firstValue(value);
	}
	return undefined;
}

export function withoutHeaders(headers: RequestHeaders, names: readonly string[]): RequestHeaders {
	const dropped = new Set(names.map((name) => name.trim().toLowerCase()));
	return Object.fromEntries(
		Object.entries(headers).filter(([key]) => !dropped.has(key.toLowerCase())),
	);
}

interface HeaderValue {
	name: string;
	value: string;
}

/**
 * `customName` only, else `X-Signature` then every `*-signature` header by name (so `Stripe-Signature` or
 * `webhook-signature` works unchanged).
 */
export function signatureCandidates(headers: RequestHeaders, customName?: string): HeaderValue[] {
	const readable = (name: string, value: string | undefined): HeaderValue[] =>
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
		if (name.endsWith(NAMES.signatureHeaderSuffix) && !byName.has(name))
			byName.set(name, firstValue(value));
	}
	const others = [...byName.keys()].filter((name) => name !== defaultName).sort();
	const names = byName.has(defaultName) ? [defaultName, ...others] : others;
	return names.slice(0, MAX_SIGNATURE_HEADERS).flatMap((name) => readable(name, byName.get(name)));
}

/** `customName`, else `X-Timestamp`, else the first `*-timestamp` header by name: one header, so one MAC. */
export function timestampCandidate(
	headers: RequestHeaders,
	customName?: string,
): HeaderValue | undefined {
	const suffixed = Object.keys(headers)
		.map((key) => key.toLowerCase())
		.filter((key) => key.endsWith(NAMES.timestampHeaderSuffix))
		.sort();
	const names =
		customName && customName.trim() !== '' ? [customName] : [NAMES.timestampHeader, ...suffixed];
	for (const name of names) {
		const value = getHeader(headers, name);
		if (value !== undefined) return { name: name.trim().toLowerCase(), value: value.trim() };
	}
	return undefined;
}

const MAC_BYTES = 32;
const HEX_MAC = /^[0-9a-f]{64}$/i;
const BASE64_MAC = /^[A-Za-z0-9+/]{43}=$/;

function decodeBase64Mac(value: string): Buffer | undefined {
	if (!BASE64_MAC.test(value)) return undefined;
	const decoded = Buffer.from(value, 'base64');
	return decoded.length === MAC_BYTES ? decoded : undefined;
}

/** `sha256=<hex>`, bare hex, or base64 (optionally after `sha256=`). */
function decodeMac(text: string): Buffer | undefined {
	let value = text.trim();
	if (value.toLowerCase().startsWith(SIGNATURE_PREFIX))
		value = value.slice(SIGNATURE_PREFIX.length);
	return HEX_MAC.test(value) ? Buffer.from(value, 'hex') : decodeBase64Mac(value);
}

/** A version label (`v0=`, as Slack and Zoom write) belongs to a timestamp-header signature. */
interface PlainMac {
	mac: Buffer;
	versionLabelled: boolean;
}

export interface SignatureValues {
	plain: PlainMac[];
	/** The first `t=...,v1=...` header (one `v1` for each secret during a rotation). */
	timestamped?: { timestamp: string; macs: Buffer[] };
	standard: Buffer[];
}

const VERSION_LABEL = /^v\d{1,3}=/i;
const STANDARD_ENTRY = /^v\d{1,3}[a-z]?,/;

function keyValuePairs(value: string): Array<[string, string]> | undefined {
	const pairs = value.split(',').map((part): [string, string] => {
		const at = part.indexOf('=');
		return at < 0 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
	});
	return pairs.some(([key]) => key === NAMES.timestampedKeys.timestamp) ? pairs : undefined;
}

/**
 * By shape: `t=...,v1=...`, `v1,<base64> ...` (Standard Webhooks), else MACs, optionally after `sha256=` or `v0=`.
 */
export function readSignatureValues(candidates: readonly HeaderValue[]): SignatureValues {
	const values: SignatureValues = { plain: [], standard: [] };
	let budget = MAX_SIGNATURE_VALUES;
	const take = <T>(list: T[], item: T | undefined) => {
		if (item !== undefined && budget > 0) {
			list.push(item);
			budget -= 1;
		}
	};
	for (const { value } of candidates) {
		if (budget === 0) break;
		const pairs = keyValuePairs(value);
		if (pairs) {
			const timestamp = pairs.find(([key]) => key === NAMES.timestampedKeys.timestamp)?.[1] ?? '';
			values.timestamped ??= { timestamp, macs: [] };
			if (values.timestamped.timestamp !== timestamp) continue;
			for (const [key, mac] of pairs.slice(0, MAX_SIGNATURE_VALUES + 1)) {
				if (key === NAMES.timestampedKeys.signature)
					take(values.timestamped.macs, HEX_MAC.test(mac) ? Buffer.from(mac, 'hex') : undefined);
			}
			continue;
		}
		const tokens = value.trim().split(/\s+/, MAX_SIGNATURE_VALUES);
		if (STANDARD_ENTRY.test(tokens[0] ?? '')) {
			for (const token of tokens) {
				const [version, mac] = token.split(',', 2);
				if (version === NAMES.standardWebhooksVersion)
					take(values.standard, decodeBase64Mac(mac ?? ''));
			}
			continue;
		}
		for (const token of value.split(/[\s,]+/, MAX_SIGNATURE_VALUES)) {
			const versionLabelled = VERSION_LABEL.test(token);
			const mac = decodeMac(versionLabelled ? token.replace(VERSION_LABEL, '') : token);
			if (mac) take(values.plain, { mac, versionLabelled });
		}
	}
	return values;
}
