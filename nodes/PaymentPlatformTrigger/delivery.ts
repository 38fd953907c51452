/**
 * Reading a signed webhook delivery: pure functions, no n8n imports.
 * The reference does not show the payload, so a signed body of any shape is the platform's data and becomes an item.
 * Where each field of the item is looked for is in WEBHOOK_PAYLOAD_NAMES (chosenNames.ts); a field found nowhere is
 * null, and the item says which ones in `notFound`.
 */
import { createHash } from 'crypto';
import { CHARGE_RECORD_FIELDS, WEBHOOK_PAYLOAD_NAMES } from '../PaymentPlatform/api/chosenNames';
import { getHeader, type RequestHeaders } from './headers';
import { nonEmptyString } from './registration';

type JsonObject = Record<string, unknown>;

/** The delivery as the workflow receives it. */
export type ChargeEventItem = {
	/** The delivery id (body or header), null when the delivery carries none. */
	id: string | null;
	event: string | null;
	/** The charge the event is about, as an object. */
	charge: JsonObject | null;
	occurred_at: unknown;
	/** The whole body as parsed, untouched; null when it is not JSON (then `rawBody` holds it). */
	body: unknown;
	/** What the trigger recognises a redelivery by: the delivery id, else `sha256:<digest of the signed body>`. */
	deliveryKey: string;
	/** The fields above that the delivery does not carry (so they are null). */
	notFound: Array<'id' | 'event' | 'charge' | 'occurred_at'>;
	/** Only when the body is not JSON: its text (UTF-8), or base64 when it is not UTF-8 either. */
	rawBody?: string;
	rawBodyEncoding?: 'utf8' | 'base64';
};

/** A delivery read from its signed bytes and headers. */
export interface Delivery {
	item: ChargeEventItem;
	/** Every id the delivery may be remembered under (header and body ids, or the body's digest). */
	duplicateKeys: string[];
}

/** The body bytes as JSON, or as text when they are not JSON. The bytes verified are the bytes read. */
export type ParsedBody =
	| { isJson: true; value: unknown }
	| { isJson: false; text: string; encoding: 'utf8' | 'base64' };

export function parseDeliveryBody(rawBody: Buffer): ParsedBody {
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(rawBody);
	} catch {
		return { isJson: false, text: rawBody.toString('base64'), encoding: 'base64' };
	}
	try {
		return { isJson: true, value: JSON.parse(text) as unknown };
	} catch {
		return { isJson: false, text, encoding: 'utf8' };
	}
}

function isObject(value: unknown): value is JsonObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A non-empty string without surrounding white space, else undefined. */
function trimmedText(value: unknown): string | undefined {
	return nonEmptyString(typeof value === 'string' ? value.trim() : value);
}

/** An id as text: a non-empty string, or a finite number written out. */
function idText(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return trimmedText(value);
}

function firstOf<T>(keys: readonly string[], read: (key: string) => T | undefined): T | undefined {
	for (const key of keys) {
		const value = read(key);
		if (value !== undefined) return value;
	}
	return undefined;
}

/** The charge under one of the charge keys (one level deeper when that object wraps it), if any. */
function wrappedCharge(body: JsonObject): JsonObject | undefined {
	const outer = firstOf(WEBHOOK_PAYLOAD_NAMES.chargeKeys, (key) =>
		isObject(body[key]) ? (body[key] as JsonObject) : undefined,
	);
	if (outer === undefined) return undefined;
	const inner = firstOf(WEBHOOK_PAYLOAD_NAMES.chargeKeys, (key) =>
		isObject(outer[key]) ? (outer[key] as JsonObject) : undefined,
	);
	return inner ?? outer;
}

function bodyIsCharge(body: JsonObject): boolean {
	return WEBHOOK_PAYLOAD_NAMES.bodyIsChargeWith.some((key) => body[key] !== undefined);
}

/** The body's own keys that can describe the delivery (a charge's own fields cannot when the body is the charge). */
function deliveryKeysOf(body: JsonObject, isCharge: boolean): JsonObject {
	if (!isCharge) return body;
	const fields = new Set<string>(CHARGE_RECORD_FIELDS);
	return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.has(key)));
}

/** The digest a delivery without any id is remembered by. */
export function bodyDigest(rawBody: Buffer): string {
	return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}

/** Reads the item and the duplicate keys of a delivery whose signature has been verified. */
export function readDelivery(rawBody: Buffer, headers: RequestHeaders): Delivery {
	const parsed = parseDeliveryBody(rawBody);
	const body = parsed.isJson && isObject(parsed.value) ? parsed.value : {};
	const charge = wrappedCharge(body) ?? (bodyIsCharge(body) ? body : undefined);
	const own = deliveryKeysOf(body, charge === body);
	const header = (name: string) => getHeader(headers, name);

	const event =
		firstOf(WEBHOOK_PAYLOAD_NAMES.eventKeys, (key) => trimmedText(own[key])) ??
		firstOf(WEBHOOK_PAYLOAD_NAMES.eventHeaders, (name) => trimmedText(header(name)));
	const bodyId = firstOf(WEBHOOK_PAYLOAD_NAMES.idKeys, (key) => idText(own[key]));
	const headerId = firstOf(WEBHOOK_PAYLOAD_NAMES.idHeaders, (name) => trimmedText(header(name)));
	const occurredAt = firstOf(WEBHOOK_PAYLOAD_NAMES.occurredAtKeys, (key) =>
		own[key] === null ? undefined : own[key],
	);

	// A redelivery is recognised by either id when the two differ (the body's is the signed one).
	const ids = [...new Set([bodyId, headerId].filter((id): id is string => id !== undefined))];
	const duplicateKeys = ids.length > 0 ? ids : [bodyDigest(rawBody)];
	const item: ChargeEventItem = {
		id: ids[0] ?? null,
		event: event ?? null,
		charge: charge ?? null,
		occurred_at: occurredAt ?? null,
		body: parsed.isJson ? parsed.value : null,
		deliveryKey: duplicateKeys[0],
		notFound: [],
	};
	for (const field of ['id', 'event', 'charge', 'occurred_at'] as const) {
		if (item[field] === null) item.notFound.push(field);
	}
	if (!parsed.isJson) {
		item.rawBody = parsed.text;
		item.rawBodyEncoding = parsed.encoding;
	}
	return { item, duplicateKeys };
}
