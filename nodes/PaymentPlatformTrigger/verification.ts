/**
 * Verifying a delivery's signature in the families platforms use (WEBHOOK_SIGNATURE_NAMES): HMAC-SHA256 with the
 * endpoint secret over the exact raw body bytes, alone or after a signed prefix. Pure, no n8n imports, so it is
 * testable without n8n. Cost per request is bounded: a body over the Maximum Body Size is refused before any MAC;
 * few headers and values are read (signatureHeaders.ts); and each family the headers claim (a value of its shape, its timestamp inside
 * the tolerance) costs one MAC per distinct candidate secret, a family they do not claim none.
 */
import { createHmac, timingSafeEqual } from 'crypto';
import { WEBHOOK_SIGNATURE_NAMES } from './chosenNames';
import {
	readSignatureValues,
	signatureCandidates,
	timestampCandidate,
	getHeader,
	type RequestHeaders,
	type SignatureValues,
} from './signatureHeaders';
import {
	TIMESTAMP_PLACEHOLDER,
	couldBeSignedText,
	timestampMs,
	type SignedTextLayout,
} from './signedText';

const NAMES = WEBHOOK_SIGNATURE_NAMES;

const BASE64_TEXT = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

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
