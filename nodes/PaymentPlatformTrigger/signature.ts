/**
 * Webhook signatures: HMAC-SHA256 with the endpoint secret over the exact raw body bytes, alone or after a signed
 * prefix (a timestamp, a delivery id: verifyDelivery.ts says which).
 * Pure functions with no n8n imports, so the trigger's security is testable without n8n (the sandbox signs with its
 * own code).
 * The scheme and header names are this package's choice (see ../PaymentPlatform/api/chosenNames.ts).
 */
import { createHmac, timingSafeEqual } from 'crypto';
import {
	SIGNATURE_PREFIX,
	WEBHOOK_SIGNATURE_NAMES,
} from '../PaymentPlatform/api/chosenNames';

const MAC_BYTES = 32;
const HEX_MAC = /^[0-9a-f]{64}$/i;
const BASE64_MAC = /^[A-Za-z0-9+/]{43}=$/;
const BASE64_TEXT = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

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

/** The MAC under `key` of `prefix` followed by the body bytes, without copying the body. */
export function macOf(key: Buffer | string, prefix: string, rawBody: Buffer): Buffer {
	const hmac = createHmac('sha256', key);
	if (prefix.length > 0) hmac.update(prefix, 'utf8');
	return hmac.update(rawBody).digest();
}

/** The MAC under `key` of `before`, the body bytes and `after` (a signed text that ends after the body). */
export function macAround(
	key: Buffer | string,
	before: string,
	rawBody: Buffer,
	after: string,
): Buffer {
	const hmac = createHmac('sha256', key);
	hmac.update(before, 'utf8').update(rawBody);
	return hmac.update(after, 'utf8').digest();
}

/** True when one of `received` is `expected`; each comparison in constant time over the MAC bytes. */
export function matchesAny(expected: Buffer, received: readonly Buffer[]): boolean {
	let matched = false;
	for (const mac of received) {
		if (mac.length === expected.length && timingSafeEqual(mac, expected)) matched = true;
	}
	return matched;
}

/** Decodes a base64 MAC (Standard Webhooks' `v1,<base64>`), undefined unless it is exactly 32 bytes. */
export function decodeBase64Mac(value: string): Buffer | undefined {
	if (!BASE64_MAC.test(value)) return undefined;
	const decoded = Buffer.from(value, 'base64');
	return decoded.length === MAC_BYTES ? decoded : undefined;
}

/**
 * The Standard Webhooks key: a `whsec_<base64>` secret is used as its decoded bytes (as the specification and its
 * libraries do); any other secret as its text.
 */
export function standardWebhooksKey(secret: string): Buffer | string {
	const prefix = WEBHOOK_SIGNATURE_NAMES.standardWebhooksSecretPrefix;
	if (!secret.startsWith(prefix)) return secret;
	const encoded = secret.slice(prefix.length);
	return BASE64_TEXT.test(encoded) && encoded.length > 0 ? Buffer.from(encoded, 'base64') : secret;
}
