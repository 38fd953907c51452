/**
 * Verifying a delivery's signature in the families platforms use (WEBHOOK_SIGNATURE_NAMES): HMAC-SHA256 with the
 * endpoint secret over the exact raw body bytes, alone or after a signed prefix. Pure, no n8n imports, so it is
 * testable without n8n. Cost per request is bounded: a body over the Maximum Body Size is refused before any MAC;
 * few headers and values are read; and each family the headers claim (a value of its shape, its timestamp inside
 * the tolerance) costs one MAC per distinct candidate secret, a family they do not claim none.
 */
import { createHmac, timingSafeEqual } from 'crypto';
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
function timestampCandidate(headers: RequestHeaders, customName?: string): HeaderValue | undefined {
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
const BASE64_TEXT = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

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

/** Without copying the body. */
function macAround(key: Buffer | string, before: string, rawBody: Buffer, after = ''): Buffer {
	const hmac = createHmac('sha256', key);
	if (before.length > 0) hmac.update(before, 'utf8');
	hmac.update(rawBody);
	if (after.length > 0) hmac.update(after, 'utf8');
	return hmac.digest();
}

/** Each comparison in constant time. */
function matchesAny(expected: Buffer, received: readonly Buffer[]): boolean {
	let matched = false;
	for (const mac of received) {
		if (mac.length === expected.length && timingSafeEqual(mac, expected)) matched = true;
	}
	return matched;
}

/** A `whsec_<base64>` secret is used as its decoded bytes, as the specification's libraries do. */
function standardWebhooksKey(secret: string): Buffer | string {
	if (!secret.startsWith(NAMES.standardWebhooksSecretPrefix)) return secret;
	const encoded = secret.slice(NAMES.standardWebhooksSecretPrefix.length);
	return BASE64_TEXT.test(encoded) && encoded.length > 0 ? Buffer.from(encoded, 'base64') : secret;
}

/** A version label (`v0=`, as Slack and Zoom write) belongs to a timestamp-header signature. */
interface PlainMac {
	mac: Buffer;
	versionLabelled: boolean;
}

interface SignatureValues {
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
function readSignatureValues(candidates: readonly HeaderValue[]): SignatureValues {
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

interface SignedTextLayout {
	text: string;
	/** Text before and after `{body}`; each may hold the timestamp. */
	before: string;
	after: string;
}

const TIMESTAMP_PLACEHOLDER = '{timestamp}';
const BODY_PLACEHOLDER = '{body}';

export function parseSignedTextLayout(text: string): SignedTextLayout | string {
	const countOf = (part: string) => text.split(part).length - 1;
	if (countOf(TIMESTAMP_PLACEHOLDER) !== 1 || countOf(BODY_PLACEHOLDER) !== 1) {
		return `Signed Text Layout must contain ${TIMESTAMP_PLACEHOLDER} and ${BODY_PLACEHOLDER} once each (for example ${TIMESTAMP_PLACEHOLDER}.${BODY_PLACEHOLDER}); got "${text}"`;
	}
	const [before, after] = text.split(BODY_PLACEHOLDER);
	return { text, before, after };
}

const UNIX_SECONDS = /^\d{1,12}$/;
const UNIX_MILLISECONDS = /^\d{13,15}$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * `t=` values and Standard Webhooks' are Unix seconds; a timestamp in its own header may also be Unix milliseconds
 * (Webflow) or ISO 8601 (Zendesk).
 */
function timestampMs(text: string, anyFormat: boolean): number | undefined {
	if (UNIX_SECONDS.test(text)) return Number(text) * 1000;
	if (!anyFormat) return undefined;
	if (UNIX_MILLISECONDS.test(text)) return Number(text);
	if (!ISO_8601.test(text)) return undefined;
	const ms = Date.parse(text);
	return Number.isFinite(ms) ? ms : undefined;
}

const ANY_TIMESTAMP = '(?:\\d{1,15}|\\d{4}-\\d{2}-\\d{2}T[0-9:.]+(?:Z|[+-][0-9:]+))';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `<t>.<body>`, the layout around a timestamp, or `<id>.<t>.<body>` (Standard Webhooks with a text key); only the
 * first and last bytes are read.
 */
function couldBeSignedText(
	rawBody: Buffer,
	layout: SignedTextLayout,
	standardKeyIsText: boolean,
): boolean {
	const head = rawBody.subarray(0, 512).toString('latin1');
	const tail = rawBody.subarray(Math.max(0, rawBody.length - 512)).toString('latin1');
	if (/^\d{1,12}\./.test(head)) return true;
	if (standardKeyIsText && /^[^.\s]{1,256}\.\d{1,12}\./.test(head)) return true;
	const placeholder = escaped(TIMESTAMP_PLACEHOLDER);
	if (layout.before.includes(TIMESTAMP_PLACEHOLDER)) {
		return new RegExp(`^${escaped(layout.before).replace(placeholder, ANY_TIMESTAMP)}`).test(head);
	}
	return new RegExp(`${escaped(layout.after).replace(placeholder, ANY_TIMESTAMP)}$`).test(tail);
}

/** In the order Automatic tries them. */
const SIGNATURE_FAMILIES = [
	'standardWebhooks',
	'timestamped',
	'rawBody',
	'timestampHeader',
] as const;
type SignatureFamily = (typeof SIGNATURE_FAMILIES)[number];
export type SignatureScheme = 'automatic' | SignatureFamily;

export interface VerificationSettings {
	scheme: SignatureScheme;
	toleranceSeconds: number;
	signatureHeader?: string;
	timestampHeader?: string;
	signedTextLayout: SignedTextLayout;
	/** A body larger than this is refused before any MAC (Options → Maximum Body Size). */
	maxBodyBytes: number;
}

/** What the output item says: never the secret or a signature. */
interface Verification {
	scheme: SignatureFamily;
	timestamp?: string;
	/** Only when a replaced registration's secret verified it. */
	secret?: 'previous';
}

export interface SignedParts {
	id?: string;
	/** The headers read into the MAC (not the signature headers). */
	headers: string[];
}

type Unverified = 'invalid' | 'outsideTolerance' | 'tooLarge';

type VerificationResult =
	| { verified: true; verification: Verification; signed: SignedParts; headersRead: string[] }
	| { verified: false; reason: Unverified; headersRead: string[] };

interface Request {
	rawBody: Buffer;
	headers: RequestHeaders;
	settings: VerificationSettings;
	values: SignatureValues;
	nowMs: number;
}

/**
 * A family the request's headers claim, its timestamp inside the tolerance: the MACs it received and how its
 * expected MAC is computed under a secret (one MAC per secret).
 */
interface Claim {
	family: SignatureFamily;
	received: readonly Buffer[];
	expectedMac: (secret: string) => Buffer;
	timestampMs?: number;
	signed: SignedParts;
}

/** Undefined: the request carries no value of this family's shape. Claimed, but refused before any MAC: a reason. */
type ClaimOutcome = Claim | 'invalid' | 'outsideTolerance' | undefined;

/** The window first (cheap): a timestamp unreadable or outside it costs no MAC. */
function timestampedClaim(
	request: Request,
	family: SignatureFamily,
	timestamp: string | undefined,
	anyFormat: boolean,
	expectedMac: (secret: string) => Buffer,
	received: readonly Buffer[],
	signed: SignedParts,
): ClaimOutcome {
	if (timestamp === undefined || received.length === 0) return undefined;
	const ms = timestampMs(timestamp, anyFormat);
	if (ms === undefined) return 'invalid';
	if (Math.abs(request.nowMs - ms) > request.settings.toleranceSeconds * 1000) {
		return 'outsideTolerance';
	}
	return { family, received, expectedMac, timestampMs: ms, signed };
}

const CLAIMS: Record<SignatureFamily, (request: Request) => ClaimOutcome> = {
	standardWebhooks(request) {
		const names = NAMES.standardWebhooksHeaders;
		const id = getHeader(request.headers, names.id);
		const timestamp = getHeader(request.headers, names.timestamp)?.trim();
		if (id === undefined) return undefined;
		return timestampedClaim(
			request,
			'standardWebhooks',
			timestamp,
			false,
			(secret) => macAround(standardWebhooksKey(secret), `${id}.${timestamp}.`, request.rawBody),
			request.values.standard,
			{ id, headers: [names.id, names.timestamp] },
		);
	},
	timestamped(request) {
		const signed = request.values.timestamped;
		return timestampedClaim(
			request,
			'timestamped',
			signed?.timestamp,
			false,
			(secret) => macAround(secret, `${signed?.timestamp}.`, request.rawBody),
			signed?.macs ?? [],
			{ headers: [] },
		);
	},
	rawBody(request) {
		const macs = request.values.plain.filter((plain) => !plain.versionLabelled);
		if (macs.length === 0) return undefined;
		return {
			family: 'rawBody',
			received: macs.map((plain) => plain.mac),
			expectedMac: (secret) => macAround(secret, '', request.rawBody),
			signed: { headers: [] },
		};
	},
	timestampHeader(request) {
		const { settings } = request;
		const header = timestampCandidate(request.headers, settings.timestampHeader);
		const timestamp = header?.value ?? '';
		const { before, after } = settings.signedTextLayout;
		return timestampedClaim(
			request,
			'timestampHeader',
			header?.value,
			true,
			(secret) =>
				macAround(
					secret,
					before.replace(TIMESTAMP_PLACEHOLDER, timestamp),
					request.rawBody,
					after.replace(TIMESTAMP_PLACEHOLDER, timestamp),
				),
			request.values.plain.map((plain) => plain.mac),
			{ headers: header ? [header.name] : [] },
		);
	},
};

/**
 * The pinned scheme, or under Automatic each family whose shape the request carries, read once per request
 * whatever the number of secrets.
 */
function claimsOf(request: Request): { claims: Claim[]; outsideTolerance: boolean } {
	const { scheme } = request.settings;
	const families = scheme === 'automatic' ? SIGNATURE_FAMILIES : [scheme];
	const claims: Claim[] = [];
	let outsideTolerance = false;
	for (const family of families) {
		const outcome = CLAIMS[family](request);
		if (outcome === 'outsideTolerance') outsideTolerance = true;
		if (typeof outcome === 'object') claims.push(outcome);
	}
	return { claims, outsideTolerance };
}

/**
 * Under Automatic, a raw-body match whose body reads as a timestamped family's signed text is refused: a timestamped
 * delivery replayed as raw-body would escape the replay window. Pinning Raw Body lifts it.
 */
function isDowngrade(claim: Claim, secret: string, request: Request): boolean {
	return (
		claim.family === 'rawBody' &&
		request.settings.scheme === 'automatic' &&
		couldBeSignedText(
			request.rawBody,
			request.settings.signedTextLayout,
			typeof standardWebhooksKey(secret) === 'string',
		)
	);
}

/** Whether a body of `bytes` is over the Maximum Body Size: refused before it is read or verified. */
export function isTooLarge(bytes: number, settings: Pick<VerificationSettings, 'maxBodyBytes'>) {
	return bytes > settings.maxBodyBytes;
}

/**
 * The current secret, then those of replaced registrations in their grace period (a delivery signed before the
 * change, resent now), newest first; each distinct secret once. One valid signature is enough. At most one MAC per
 * claimed family and distinct secret, none for a body over the Maximum Body Size.
 */
export function verifyWithSecrets(
	current: string | undefined,
	previous: readonly string[],
	rawBody: Buffer,
	headers: RequestHeaders,
	settings: VerificationSettings,
	nowMs: number = Date.now(),
): VerificationResult {
	if (isTooLarge(rawBody.length, settings)) {
		return { verified: false, reason: 'tooLarge', headersRead: [] };
	}
	const candidates = signatureCandidates(headers, settings.signatureHeader);
	const headersRead = candidates.map((candidate) => candidate.name);
	const values = readSignatureValues(candidates);
	const request: Request = { rawBody, headers, settings, values, nowMs };
	const { claims, outsideTolerance } = claimsOf(request);
	const secrets = [...new Set([...(current === undefined ? [] : [current]), ...previous])];
	for (const secret of secrets) {
		if (secret === '') continue;
		for (const claim of claims) {
			if (!matchesAny(claim.expectedMac(secret), claim.received)) continue;
			if (isDowngrade(claim, secret, request)) continue;
			const verification: Verification = { scheme: claim.family };
			if (claim.timestampMs !== undefined) {
				verification.timestamp = new Date(claim.timestampMs).toISOString();
			}
			if (secret !== current) verification.secret = 'previous';
			return { verified: true, verification, signed: claim.signed, headersRead };
		}
	}
	return {
		verified: false,
		reason: outsideTolerance ? 'outsideTolerance' : 'invalid',
		headersRead,
	};
}
