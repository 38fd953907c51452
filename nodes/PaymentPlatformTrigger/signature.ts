/**
 * Webhook signatures: HMAC-SHA256 over the exact raw body bytes with the endpoint secret.
 * Pure functions with no n8n imports, so the trigger's security is testable without n8n (the sandbox signs with its
 * own code).
 * The scheme and header names are this package's choice (see ../PaymentPlatform/transport/chosenNames.ts).
 */
import { createHmac, timingSafeEqual } from 'crypto';
import { SIGNATURE_PREFIX } from '../PaymentPlatform/api/chosenNames';

const MAC_BYTES = 32;
const HEX_MAC = /^[0-9a-f]{64}$/i;
const BASE64_MAC = /^[A-Za-z0-9+/]{43}=$/;

/** The MAC of `rawBody` under `secret`, as lowercase hex. */
export function computeSignature(secret: string, rawBody: Buffer | string): string {
	return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Decodes a received signature into the 32 MAC bytes, or undefined when it is not one of the accepted encodings:
 * `sha256=<hex>`, bare hex, or base64 (optionally after `sha256=`).
 */
export function decodeSignature(headerValue: string): Buffer | undefined {
	let value = headerValue.trim();
	if (value.toLowerCase().startsWith(SIGNATURE_PREFIX))
		value = value.slice(SIGNATURE_PREFIX.length);
	if (HEX_MAC.test(value)) return Buffer.from(value, 'hex');
	if (BASE64_MAC.test(value)) {
		const decoded = Buffer.from(value, 'base64');
		return decoded.length === MAC_BYTES ? decoded : undefined;
	}
	return undefined;
}

/** True only when `headerValue` carries the MAC of `rawBody` under `secret`; compared in constant time. */
export function verifySignature(
	secret: string,
	rawBody: Buffer | string,
	headerValue: string | undefined,
): boolean {
	if (!secret || typeof headerValue !== 'string' || headerValue.length === 0) return false;
	const received = decodeSignature(headerValue);
	if (!received) return false;
	const expected = createHmac('sha256', secret).update(rawBody).digest();
	if (received.length !== expected.length) return false;
	return timingSafeEqual(received, expected);
}
