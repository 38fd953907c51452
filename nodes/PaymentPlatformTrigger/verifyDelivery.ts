/**
 * Verifying a delivery's signature in any of the families platforms use (names in chosenNames.ts,
 * WEBHOOK_SIGNATURE_NAMES). Pure functions, no n8n imports.
 *
 * Cost per request is bounded: at most MAX_SIGNATURE_HEADERS headers and MAX_SIGNATURE_VALUES values are read, and
 * each family's expected MAC is computed at most once (so at most four HMACs of the body), only when the request
 * carries a value of that family's shape, and only after its timestamp is found inside the tolerance.
 */
import { WEBHOOK_SIGNATURE_NAMES } from '../PaymentPlatform/api/chosenNames';
import { getHeader, signatureCandidates, timestampCandidate, type RequestHeaders } from './headers';
import { macAround, macOf, matchesAny, standardWebhooksKey } from './signature';
import {
	couldBeSignedText,
	signedTextAround,
	timestampMs,
	type SignedTextLayout,
} from './signedText';
import { readSignatureValues, type SignatureValues } from './signatureValues';

/** The families, in the order Automatic tries them. */
export const SIGNATURE_FAMILIES = [
	'standardWebhooks',
	'timestamped',
	'rawBody',
	'timestampHeader',
] as const;
export type SignatureFamily = (typeof SIGNATURE_FAMILIES)[number];
export type SignatureScheme = 'automatic' | SignatureFamily;

export interface VerificationSettings {
	scheme: SignatureScheme;
	toleranceSeconds: number;
	/** Only this header carries the signature (else X-Signature and any `*-signature` header). */
	signatureHeader?: string;
	/** The timestamp's own header (else X-Timestamp or any `*-timestamp` header). */
	timestampHeader?: string;
	signedTextLayout: SignedTextLayout;
}

/** How a delivery was verified: what the output item says (never the secret or a signature). */
export interface Verification {
	scheme: SignatureFamily;
	/** The signed timestamp (ISO 8601), for the timestamped families. */
	timestamp?: string;
}

export type VerificationResult =
	| { verified: true; verification: Verification; headersRead: string[] }
	| { verified: false; reason: 'invalid' | 'outsideTolerance'; headersRead: string[] };

interface FamilyCheck {
	/** Undefined when the request carries no value of this family's shape. */
	outcome?: 'verified' | 'invalid' | 'outsideTolerance';
	timestampMs?: number;
}

interface Request {
	secret: string;
	rawBody: Buffer;
	headers: RequestHeaders;
	settings: VerificationSettings;
	values: SignatureValues;
	nowMs: number;
}

function withinTolerance(request: Request, ms: number): boolean {
	return Math.abs(request.nowMs - ms) <= request.settings.toleranceSeconds * 1000;
}

/** A timestamped family's check: the window first (cheap), then one MAC. */
function timestampedCheck(
	request: Request,
	timestamp: string | undefined,
	anyFormat: boolean,
	expectedMac: () => Buffer,
	received: readonly Buffer[],
): FamilyCheck {
	if (timestamp === undefined || received.length === 0) return {};
	const ms = timestampMs(timestamp, anyFormat);
	if (ms === undefined) return { outcome: 'invalid' };
	if (!withinTolerance(request, ms)) return { outcome: 'outsideTolerance', timestampMs: ms };
	const matched = matchesAny(expectedMac(), received);
	return { outcome: matched ? 'verified' : 'invalid', timestampMs: ms };
}

const CHECKS: Record<SignatureFamily, (request: Request) => FamilyCheck> = {
	standardWebhooks(request) {
		const names = WEBHOOK_SIGNATURE_NAMES.standardWebhooksHeaders;
		const id = getHeader(request.headers, names.id);
		const timestamp = getHeader(request.headers, names.timestamp)?.trim();
		if (id === undefined) return {};
		return timestampedCheck(
			request,
			timestamp,
			false,
			() => macOf(standardWebhooksKey(request.secret), `${id}.${timestamp}.`, request.rawBody),
			request.values.standard,
		);
	},
	timestamped(request) {
		const signed = request.values.timestamped;
		return timestampedCheck(
			request,
			signed?.timestamp,
			false,
			() => macOf(request.secret, `${signed?.timestamp}.`, request.rawBody),
			signed?.macs ?? [],
		);
	},
	rawBody(request) {
		const macs = request.values.plain.filter((plain) => !plain.versionLabelled);
		if (macs.length === 0) return {};
		const matched = matchesAny(
			macOf(request.secret, '', request.rawBody),
			macs.map((plain) => plain.mac),
		);
		return { outcome: matched ? 'verified' : 'invalid' };
	},
	timestampHeader(request) {
		const { settings } = request;
		const timestamp = timestampCandidate(request.headers, settings.timestampHeader)?.value;
		return timestampedCheck(
			request,
			timestamp,
			true,
			() => {
				const text = signedTextAround(settings.signedTextLayout, timestamp ?? '');
				return macAround(request.secret, text.before, request.rawBody, text.after);
			},
			request.values.plain.map((plain) => plain.mac),
		);
	},
};

/**
 * Under Automatic, a raw-body match whose body reads as another family's signed text (`<t>.<body>`) is refused: it
 * would be a timestamped delivery replayed as a raw-body one, escaping the replay window. Pinning Raw Body lifts it.
 */
function isDowngrade(request: Request): boolean {
	return couldBeSignedText(
		request.rawBody,
		request.settings.signedTextLayout,
		typeof standardWebhooksKey(request.secret) === 'string',
	);
}

/** The signature headers a request's verification reads (for leaving them out of Include Headers). */
export function signatureHeaderNames(
	headers: RequestHeaders,
	settings: VerificationSettings,
): string[] {
	return signatureCandidates(headers, settings.signatureHeader).map((candidate) => candidate.name);
}

/**
 * Verifies a delivery against the endpoint secret with the scheme the settings pin, or under Automatic with each
 * family whose shape the request carries. Any one valid signature is enough (key rotation).
 */
export function verifyDelivery(
	secret: string,
	rawBody: Buffer,
	headers: RequestHeaders,
	settings: VerificationSettings,
	nowMs: number = Date.now(),
): VerificationResult {
	const candidates = signatureCandidates(headers, settings.signatureHeader);
	const headersRead = candidates.map((candidate) => candidate.name);
	if (secret === '') return { verified: false, reason: 'invalid', headersRead };
	const request: Request = {
		secret,
		rawBody,
		headers,
		settings,
		values: readSignatureValues(candidates),
		nowMs,
	};
	const families = settings.scheme === 'automatic' ? SIGNATURE_FAMILIES : [settings.scheme];
	let reason: 'invalid' | 'outsideTolerance' = 'invalid';
	for (const family of families) {
		const check = CHECKS[family](request);
		if (check.outcome === 'outsideTolerance') reason = 'outsideTolerance';
		if (check.outcome !== 'verified') continue;
		if (family === 'rawBody' && settings.scheme === 'automatic' && isDowngrade(request)) continue;
		const verification: Verification = { scheme: family };
		if (check.timestampMs !== undefined) {
			verification.timestamp = new Date(check.timestampMs).toISOString();
		}
		return { verified: true, verification, headersRead };
	}
	return { verified: false, reason, headersRead };
}
