/**
 * A verified delivery's item, its key and the window of deliveries already run; pure, no n8n imports. The reference
 * does not show the payload, so a signed body of any shape becomes an item (WEBHOOK_PAYLOAD_NAMES). Only signed
 * bytes say which delivery it is: the Standard Webhooks id its signature covers, else the event id inside the signed
 * body (option Event ID Field), else the body's digest. An unsigned header may fill a field (listed in
 * `unsignedFields`), never decide whether the delivery already ran, nor, unless the user opts in, its event.
 */
import { createHash } from 'crypto';
import { CHARGE_RECORD_FIELDS, WEBHOOK_PAYLOAD_NAMES } from './chosenNames';
import { getHeader, type RequestHeaders } from './signatureHeaders';
import type { SignedParts } from './verification';

type JsonObject = Record<string, unknown>;

type ChargeEventItem = {
	/** From the body, the signed Standard Webhooks id, else a header. */
	id: string | null;
	event: string | null;
	charge: JsonObject | null;
	occurred_at: unknown;
	/** Null when not JSON (then `rawBody` holds it). */
	body: unknown;
	/**
	 * The delivery's identity: the signed Standard Webhooks id, else the event id at Event ID Field in the signed body
	 * (`event:<id>`), else `sha256:<digest of the body>`.
	 */
	deliveryKey: string;
	notFound: Array<'id' | 'event' | 'charge' | 'occurred_at'>;
	/** Read from a header the signature does not cover: anyone could have written them. */
	unsignedFields: Array<'id' | 'event'>;
	/** Only when the body is not JSON: UTF-8 text, else base64. */
	rawBody?: string;
	rawBodyEncoding?: 'utf8' | 'base64';
};

/** The bytes verified are the bytes read. */
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

function trimmedText(value: unknown): string | undefined {
	const text = typeof value === 'string' ? value.trim() : undefined;
	return text === '' ? undefined : text;
}

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

/** One level deeper when the object found wraps it (`{"data": {"object": {...}}}`). */
function wrappedCharge(body: JsonObject): JsonObject | undefined {
	const objectAt = (from: JsonObject) => (key: string) =>
		isObject(from[key]) ? (from[key] as JsonObject) : undefined;
	const outer = firstOf(WEBHOOK_PAYLOAD_NAMES.chargeKeys, objectAt(body));
	if (outer === undefined) return undefined;
	return firstOf(WEBHOOK_PAYLOAD_NAMES.chargeKeys, objectAt(outer)) ?? outer;
}

/** A charge's own fields cannot describe the delivery when the body is the charge. */
function deliveryFieldsOf(body: JsonObject, isCharge: boolean): JsonObject {
	if (!isCharge) return body;
	const fields = new Set<string>(CHARGE_RECORD_FIELDS);
	return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.has(key)));
}

function sha256(data: Buffer | string): string {
	return `sha256:${createHash('sha256').update(data).digest('hex')}`;
}

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

export interface DeliveryReading {
	/** Where the event's id is in the signed body: a field name or a dotted path; empty reads none. */
	eventIdField: string;
	/** Whether a header the signature does not cover may name the event of a body that names none. */
	useEventHeader: boolean;
}

const DEFAULT_READING: DeliveryReading = { eventIdField: 'id', useEventHeader: false };

/** The event id a bare charge record cannot have: its own `id` is the charge's (deliveryFieldsOf). */
function eventIdOf(own: JsonObject, path: string): string | undefined {
	const steps = path
		.split('.')
		.map((step) => step.trim())
		.filter((step) => step !== '');
	if (steps.length === 0) return undefined;
	let value: unknown = own;
	for (const step of steps) value = isObject(value) ? value[step] : undefined;
	return idText(value);
}

/** The reference: event names mirror the charge status values (`charge.<status>`). */
function eventOfStatus(charge: JsonObject | undefined): string | undefined {
	const status = trimmedText(charge?.status);
	return status === undefined ? undefined : `charge.${status}`;
}

export function readDelivery(
	rawBody: Buffer,
	headers: RequestHeaders,
	signed: SignedParts,
	reading: DeliveryReading = DEFAULT_READING,
): { item: ChargeEventItem; keys: string[] } {
	const parsed = parseDeliveryBody(rawBody);
	const body = parsed.isJson && isObject(parsed.value) ? parsed.value : {};
	const isCharge = WEBHOOK_PAYLOAD_NAMES.bodyIsChargeWith.some((key) => body[key] !== undefined);
	const charge = wrappedCharge(body) ?? (isCharge ? body : undefined);
	const own = deliveryFieldsOf(body, charge === body);

	const unsignedFields: ChargeEventItem['unsignedFields'] = [];
	const bodyEvent = firstOf(WEBHOOK_PAYLOAD_NAMES.eventKeys, (key) => trimmedText(own[key]));
	// A header names the event only when it is signed, or when the user opted in to an unsigned one.
	const header =
		bodyEvent === undefined
			? headerField(headers, WEBHOOK_PAYLOAD_NAMES.eventHeaders, signed)
			: undefined;
	const eventHeader = header?.signed === true || reading.useEventHeader ? header : undefined;
	if (eventHeader?.signed === false) unsignedFields.push('event');
	const bodyId = firstOf(WEBHOOK_PAYLOAD_NAMES.idKeys, (key) => idText(own[key]));
	const idHeader =
		bodyId === undefined && signed.id === undefined
			? headerField(headers, WEBHOOK_PAYLOAD_NAMES.idHeaders, signed)
			: undefined;
	if (idHeader?.signed === false) unsignedFields.push('id');

	const digest = sha256(rawBody);
	const eventId = eventIdOf(own, reading.eventIdField);
	const deliveryKey = signed.id ?? (eventId === undefined ? digest : `event:${eventId}`);
	const item: ChargeEventItem = {
		id: bodyId ?? signed.id ?? idHeader?.value ?? null,
		event: bodyEvent ?? eventHeader?.value ?? eventOfStatus(charge) ?? null,
		charge: charge ?? null,
		occurred_at:
			firstOf(WEBHOOK_PAYLOAD_NAMES.occurredAtKeys, (key) =>
				own[key] === null ? undefined : own[key],
			) ?? null,
		body: parsed.isJson ? parsed.value : null,
		deliveryKey,
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
	return { item, keys: [deliveryKey] };
}

// The window of deliveries run and the marks of deliveries running live in this process's memory, per webhook,
// bounded by count and age. Not in static data (docs/design.md): n8n saves what webhook() changed only in some
// versions, at moments that do not match an answer, and as the whole row the request loaded, so a write per delivery
// could put back a secret an activation just replaced. A restart starts empty; what every process shares and a restart
// keeps is in n8n's deduplication store (deliveryStore.ts). A window outlives an unpublish and goes once idle for
// longer than its age.

export interface WindowBounds {
	maxIds: number;
	maxAgeMs: number;
}

/** Longer keys are kept as their digest, so a key of any length costs the same. */
const LONGEST_KEPT_KEY = 64;

/** Beyond it the oldest mark goes (its resend runs). */
const RUNNING_MARKS_MAX = 1_000;

const SWEEP_EVERY_MS = 60_000;

function storedKey(key: string): string {
	return key.length <= LONGEST_KEPT_KEY ? key : sha256(key);
}

interface RememberedDelivery {
	at: number;
	keys: string[];
}

/** The bound counts deliveries, not keys: one delivery may be known by two keys. A Map keeps insertion order. */
interface Window {
	deliveries: Map<number, RememberedDelivery>;
	serialByKey: Map<string, number>;
	nextSerial: number;
	maxAgeMs: number;
	lastUsed: number;
}

interface RunningMark {
	attempt: number;
	until: number;
}

const windows = new Map<string, Window>();
const runningByWebhook = new Map<string, Map<string, RunningMark>>();
let lastAttempt = 0;
let lastSweep = 0;

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
		const serial = window.serialByKey.get(storedKey(key));
		const at = serial === undefined ? undefined : window.deliveries.get(serial)?.at;
		return at !== undefined && now - at < bounds.maxAgeMs;
	});
}

function forgetKey(window: Window, key: string): void {
	const serial = window.serialByKey.get(key);
	if (serial === undefined) return;
	window.serialByKey.delete(key);
	const delivery = window.deliveries.get(serial);
	if (delivery === undefined) return;
	delivery.keys = delivery.keys.filter((kept) => kept !== key);
	if (delivery.keys.length === 0) window.deliveries.delete(serial);
}

export function rememberDeliveries(
	webhook: string,
	keys: readonly string[],
	now: number,
	bounds: WindowBounds,
): void {
	const window: Window = windows.get(webhook) ?? {
		deliveries: new Map(),
		serialByKey: new Map(),
		nextSerial: 0,
		maxAgeMs: bounds.maxAgeMs,
		lastUsed: now,
	};
	windows.set(webhook, window);
	window.maxAgeMs = bounds.maxAgeMs;
	window.lastUsed = now;
	const keptKeys = [...new Set(keys.map(storedKey))];
	// A key already known moves to this delivery; the older delivery keeps its other keys and its time.
	for (const key of keptKeys) forgetKey(window, key);
	const serial = window.nextSerial++;
	window.deliveries.set(serial, { at: now, keys: keptKeys });
	for (const key of keptKeys) window.serialByKey.set(key, serial);
	for (const [oldest, delivery] of window.deliveries) {
		if (window.deliveries.size <= bounds.maxIds && now - delivery.at < bounds.maxAgeMs) return;
		window.deliveries.delete(oldest);
		for (const key of delivery.keys) window.serialByKey.delete(key);
	}
}

export function isInFlight(webhook: string, keys: readonly string[], now: number): boolean {
	const running = runningByWebhook.get(webhook);
	return (
		running !== undefined && keys.some((key) => (running.get(storedKey(key))?.until ?? 0) > now)
	);
}

/**
 * Returns the attempt number clearInFlight takes, so that an earlier attempt's end never clears a later attempt's
 * mark.
 */
export function markInFlight(
	webhook: string,
	keys: readonly string[],
	seconds: number,
	now: number,
): number {
	const attempt = ++lastAttempt;
	const running = runningByWebhook.get(webhook) ?? new Map<string, RunningMark>();
	runningByWebhook.set(webhook, running);
	for (const [key, mark] of running) if (mark.until <= now) running.delete(key);
	for (const key of keys) {
		const kept = storedKey(key);
		running.delete(kept);
		running.set(kept, { attempt, until: now + seconds * 1000 });
	}
	for (const [oldest] of running) {
		if (running.size <= RUNNING_MARKS_MAX) break;
		running.delete(oldest);
	}
	return attempt;
}

export function clearInFlight(webhook: string, keys: readonly string[], attempt: number): void {
	const running = runningByWebhook.get(webhook);
	if (running === undefined) return;
	for (const key of keys) {
		const kept = storedKey(key);
		if (running.get(kept)?.attempt === attempt) running.delete(kept);
	}
	if (running.size === 0) runningByWebhook.delete(webhook);
}
