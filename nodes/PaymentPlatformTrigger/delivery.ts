/**
 * What a verified delivery is: its item, the keys it is recognised by, and the window of deliveries already run.
 * Pure functions, no n8n imports.
 *
 * The reference does not show the payload, so a signed body of any shape is the platform's data and becomes an item
 * (WEBHOOK_PAYLOAD_NAMES says where each field is looked for). Only signed bytes say which delivery it is: the digest
 * of the signed body, and the Standard Webhooks id that its signature covers. A header the signature does not cover
 * may fill a field of the item (marked in `unsignedFields`), never decide whether the delivery already ran.
 */
import { createHash } from 'crypto';
import { CHARGE_RECORD_FIELDS, WEBHOOK_PAYLOAD_NAMES } from '../shared/chosenNames';
import { getHeader, type RequestHeaders, type SignedParts } from './verification';

type JsonObject = Record<string, unknown>;

/** The delivery as the workflow receives it. */
type ChargeEventItem = {
	/** The delivery id: from the body, the signed Standard Webhooks id, else a header; null when there is none. */
	id: string | null;
	event: string | null;
	/** The charge the event is about, as an object. */
	charge: JsonObject | null;
	occurred_at: unknown;
	/** The whole body as parsed, untouched; null when it is not JSON (then `rawBody` holds it). */
	body: unknown;
	/** What the trigger recognises a resend by: the signed Standard Webhooks id, else `sha256:<digest of the body>`. */
	deliveryKey: string;
	/** The fields above that the delivery does not carry (so they are null). */
	notFound: Array<'id' | 'event' | 'charge' | 'occurred_at'>;
	/** The fields above read from a header that the signature does not cover: anyone could have written them. */
	unsignedFields: Array<'id' | 'event'>;
	/** Only when the body is not JSON: its text (UTF-8), or base64 when it is not UTF-8 either. */
	rawBody?: string;
	rawBodyEncoding?: 'utf8' | 'base64';
};

/** A delivery read from its signed bytes and headers. */
interface Delivery {
	item: ChargeEventItem;
	/** What the delivery is remembered by: the digest of its signed body, and the signed id when it has one. */
	keys: string[];
}

/** The body bytes as JSON, or as text when they are not JSON. The bytes verified are the bytes read. */
type ParsedBody =
	| { isJson: true; value: unknown }
	| { isJson: false; text: string; encoding: 'utf8' | 'base64' };

function parseDeliveryBody(rawBody: Buffer): ParsedBody {
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
	const text = typeof value === 'string' ? value.trim() : undefined;
	return text === '' ? undefined : text;
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
	const objectAt = (from: JsonObject) => (key: string) =>
		isObject(from[key]) ? (from[key] as JsonObject) : undefined;
	const outer = firstOf(WEBHOOK_PAYLOAD_NAMES.chargeKeys, objectAt(body));
	if (outer === undefined) return undefined;
	return firstOf(WEBHOOK_PAYLOAD_NAMES.chargeKeys, objectAt(outer)) ?? outer;
}

/** The body's own keys that can describe the delivery (a charge's own fields cannot when the body is the charge). */
function deliveryFieldsOf(body: JsonObject, isCharge: boolean): JsonObject {
	if (!isCharge) return body;
	const fields = new Set<string>(CHARGE_RECORD_FIELDS);
	return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.has(key)));
}

/** The digest a delivery is always remembered by. */
function bodyDigest(rawBody: Buffer): string {
	return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}

/** A header's value, and whether the signature covers it. */
function headerField(
	headers: RequestHeaders,
	names: readonly string[],
	signed: SignedParts,
): { value: string; signed: boolean } | undefined {
	return firstOf(names, (name) => {
		const value = trimmedText(getHeader(headers, name));
		return value === undefined
			? undefined
			: { value, signed: signed.headers.includes(name.toLowerCase()) };
	});
}

/** Reads the item and the keys of a delivery whose signature has been verified (`signed`: what it covers). */
export function readDelivery(
	rawBody: Buffer,
	headers: RequestHeaders,
	signed: SignedParts,
): Delivery {
	const parsed = parseDeliveryBody(rawBody);
	const body = parsed.isJson && isObject(parsed.value) ? parsed.value : {};
	const isCharge = WEBHOOK_PAYLOAD_NAMES.bodyIsChargeWith.some((key) => body[key] !== undefined);
	const charge = wrappedCharge(body) ?? (isCharge ? body : undefined);
	const own = deliveryFieldsOf(body, charge === body);

	const unsignedFields: ChargeEventItem['unsignedFields'] = [];
	const bodyEvent = firstOf(WEBHOOK_PAYLOAD_NAMES.eventKeys, (key) => trimmedText(own[key]));
	const eventHeader =
		bodyEvent === undefined
			? headerField(headers, WEBHOOK_PAYLOAD_NAMES.eventHeaders, signed)
			: undefined;
	if (eventHeader?.signed === false) unsignedFields.push('event');
	const bodyId = firstOf(WEBHOOK_PAYLOAD_NAMES.idKeys, (key) => idText(own[key]));
	const idHeader =
		bodyId === undefined && signed.id === undefined
			? headerField(headers, WEBHOOK_PAYLOAD_NAMES.idHeaders, signed)
			: undefined;
	if (idHeader?.signed === false) unsignedFields.push('id');

	const digest = bodyDigest(rawBody);
	const item: ChargeEventItem = {
		id: bodyId ?? signed.id ?? idHeader?.value ?? null,
		event: bodyEvent ?? eventHeader?.value ?? null,
		charge: charge ?? null,
		occurred_at:
			firstOf(WEBHOOK_PAYLOAD_NAMES.occurredAtKeys, (key) =>
				own[key] === null ? undefined : own[key],
			) ?? null,
		body: parsed.isJson ? parsed.value : null,
		deliveryKey: signed.id ?? digest,
		notFound: [],
		unsignedFields,
	};
	for (const field of ['id', 'event', 'charge', 'occurred_at'] as const) {
		if (item[field] === null) item.notFound.push(field);
	}
	if (!parsed.isJson) {
		item.rawBody = parsed.text;
		item.rawBodyEncoding = parsed.encoding;
	}
	return { item, keys: signed.id === undefined ? [digest] : [digest, signed.id] };
}

// ---- The window of deliveries run, and the marks of deliveries running ----
//
// Both live in this process's memory, per webhook (workflow, node, production or test), bounded by count and by age.
// Why memory and not the workflow's static data (n8n 1.123 and 2.41, live-webhooks.ts; docs/reliability.md): n8n
// saves static data a webhook() changed only in some versions and at moments that do not match an answer, and saves
// the whole row as the request loaded it, so a write per delivery could put back an endpoint secret that an
// activation has just replaced. A restart (or another webhook process) starts with an empty window: a resend may run
// again, it is never lost. A webhook's window outlives an unpublish (a replay signed with a secret still inside its
// grace period is still recognised) and goes, in any process, once it has seen no delivery for longer than its age.

/** The two bounds of a webhook's window. */
export interface WindowBounds {
	maxIds: number;
	maxAgeMs: number;
}

/** Keys longer than this are kept as their SHA-256 digest (so a key of any length costs the same). */
const LONGEST_KEPT_KEY = 64;

/** How many deliveries may be marked running per webhook; beyond it the oldest mark is dropped (its resend runs). */
const RUNNING_MARKS_MAX = 1_000;

/** How often, at most, the windows of every webhook are looked through for idle ones. */
const SWEEP_EVERY_MS = 60_000;

/** The key a delivery key is kept under: itself, or `sha256:<hex>` when longer than LONGEST_KEPT_KEY. */
function storedKey(key: string): string {
	if (key.length <= LONGEST_KEPT_KEY) return key;
	return `sha256:${createHash('sha256').update(key, 'utf8').digest('hex')}`;
}

/** A webhook's window: key → the time it entered (a Map keeps insertion order: the oldest first). */
interface Window {
	entries: Map<string, number>;
	maxAgeMs: number;
	lastUsed: number;
}

/** A running mark: the attempt that set it, and the time after which it stops counting. */
interface RunningMark {
	attempt: number;
	until: number;
}

const windows = new Map<string, Window>();
const runningByWebhook = new Map<string, Map<string, RunningMark>>();
let lastAttempt = 0;
let lastSweep = 0;

/** Drops the oldest entries while there are more than `max`, or while `isStale` says the oldest is. */
function trimOldest<T>(entries: Map<string, T>, max: number, isStale: (value: T) => boolean): void {
	for (const [key, value] of entries) {
		if (entries.size <= max && !isStale(value)) return;
		entries.delete(key);
	}
}

/** Forgets the windows and marks of webhooks that have seen nothing for longer than their age. */
function sweepIdleWebhooks(now: number): void {
	if (now - lastSweep < SWEEP_EVERY_MS) return;
	lastSweep = now;
	for (const [webhook, window] of windows) {
		if (now - window.lastUsed >= window.maxAgeMs) windows.delete(webhook);
	}
	for (const [webhook, running] of runningByWebhook) {
		for (const [key, mark] of running) if (mark.until <= now) running.delete(key);
		if (running.size === 0) runningByWebhook.delete(webhook);
	}
}

/** True when any of `keys` ran (answered 2xx) within the window's age. */
export function hasSeenDelivery(
	webhook: string,
	keys: readonly string[],
	now: number,
	bounds: WindowBounds,
): boolean {
	sweepIdleWebhooks(now);
	const window = windows.get(webhook);
	if (window === undefined) return false;
	return keys.some((key) => {
		const at = window.entries.get(storedKey(key));
		return at !== undefined && now - at < bounds.maxAgeMs;
	});
}

/** Remembers `keys` as run; the oldest are forgotten beyond the bounds' count or age. */
export function rememberDeliveries(
	webhook: string,
	keys: readonly string[],
	now: number,
	bounds: WindowBounds,
): void {
	let window = windows.get(webhook);
	if (window === undefined) {
		window = { entries: new Map(), maxAgeMs: bounds.maxAgeMs, lastUsed: now };
		windows.set(webhook, window);
	}
	window.maxAgeMs = bounds.maxAgeMs;
	window.lastUsed = now;
	for (const key of keys) {
		const kept = storedKey(key);
		window.entries.delete(kept);
		window.entries.set(kept, now);
	}
	trimOldest(window.entries, bounds.maxIds, (at) => now - at >= bounds.maxAgeMs);
}

/** True when any of `keys` is admitted and still running (its answer not sent, its time not over). */
export function isInFlight(webhook: string, keys: readonly string[], now: number): boolean {
	const running = runningByWebhook.get(webhook);
	return (
		running !== undefined && keys.some((key) => (running.get(storedKey(key))?.until ?? 0) > now)
	);
}

/**
 * Marks `keys` running until n8n answers, for `seconds` at most, and returns the attempt number that clearInFlight
 * takes, so that the end of an earlier attempt never clears the mark of a later one. Marks past their time, and the
 * oldest beyond RUNNING_MARKS_MAX, go.
 */
export function markInFlight(
	webhook: string,
	keys: readonly string[],
	seconds: number,
	now: number,
): number {
	const attempt = ++lastAttempt;
	let running = runningByWebhook.get(webhook);
	if (running === undefined) {
		running = new Map();
		runningByWebhook.set(webhook, running);
	}
	for (const [key, mark] of running) if (mark.until <= now) running.delete(key);
	for (const key of keys) {
		const kept = storedKey(key);
		running.delete(kept);
		running.set(kept, { attempt, until: now + seconds * 1000 });
	}
	trimOldest(running, RUNNING_MARKS_MAX, () => false);
	return attempt;
}

/** n8n answered `attempt`: its marks go (a later attempt's marks stay). */
export function clearInFlight(webhook: string, keys: readonly string[], attempt: number): void {
	const running = runningByWebhook.get(webhook);
	if (running === undefined) return;
	for (const key of keys) {
		const kept = storedKey(key);
		if (running.get(kept)?.attempt === attempt) running.delete(kept);
	}
	if (running.size === 0) runningByWebhook.delete(webhook);
}
