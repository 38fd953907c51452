/**
 * The window of recently run deliveries (to ignore redeliveries) and the marks of deliveries still running.
 * No n8n imports. Both live in this process's memory, per endpoint registration, and both are bounded by count and by
 * age; docs/reliability.md ("The duplicate window") says how the bounds were chosen and what they cost.
 *
 * Why memory and not the workflow's static data (n8n 1.123 and 2.41, read in live-webhooks.ts and measured by
 * scripts/measureStaticData.js): n8n saves static data a webhook() changed in the response callback, which, after the
 * workflow succeeds, runs before the answer the window waits for (2.41 saves nothing at all for a request that starts
 * a run); and it saves the whole static-data column as this request loaded it, so a write per delivery can put back
 * an endpoint secret that an activation has just replaced (measured on 1.123).
 * A restart (or another webhook process) therefore starts with an empty window: a redelivery may run again, it is
 * never lost.
 */
import { createHash } from 'crypto';

/**
 * How many run deliveries are remembered per endpoint by default (1.7 to 5.2 MiB, docs/reliability.md). The trigger's
 * "Duplicate Window Size (Deliveries)" option changes it, within DELIVERY_WINDOW_IDS_RANGE.
 */
export const DELIVERY_WINDOW_MAX_IDS = 10_000;

/** The sizes the option accepts: at the top, up to about 55 MiB per endpoint for UUIDs. */
export const DELIVERY_WINDOW_IDS_RANGE = { min: 1, max: 100_000 } as const;

/**
 * How long a run delivery is remembered by default: platforms resend for up to about three days
 * (docs/reliability.md). The trigger's "Duplicate Window Age (Hours)" option changes it, within
 * DELIVERY_WINDOW_HOURS_RANGE.
 */
export const DELIVERY_WINDOW_MAX_HOURS = 72;
export const DELIVERY_WINDOW_MAX_AGE_MS = DELIVERY_WINDOW_MAX_HOURS * 3600_000;

/** The ages the option accepts, in hours: up to 30 days. */
export const DELIVERY_WINDOW_HOURS_RANGE = { min: 1, max: 720 } as const;

/** The two bounds of an endpoint's window. */
export interface WindowBounds {
	maxIds: number;
	maxAgeMs: number;
}

export const DEFAULT_WINDOW_BOUNDS: WindowBounds = {
	maxIds: DELIVERY_WINDOW_MAX_IDS,
	maxAgeMs: DELIVERY_WINDOW_MAX_AGE_MS,
};

/** Ids longer than this are kept as their SHA-256 digest (so an id of any length costs the same). */
export const LONGEST_KEPT_ID = 64;

/** How many deliveries may be marked running per endpoint; beyond it the oldest mark is dropped (its resend runs). */
export const RUNNING_MARKS_MAX = 1_000;

/**
 * How long after it was admitted a delivery counts as "running" at most (unless n8n answers before). Within it a resend
 * gets 503; after it the resend runs, because the first run may be lost without n8n saying so for a while (n8n 2.x
 * reports a killed worker's job after about 90 s; a proxy may hide that the platform hung up), and a sender with few
 * retries must still get a run. A run slower than this may run twice: a duplicate, never a loss. The trigger's
 * "Resend Runs Again After" option changes it; docs/reliability.md says how it was chosen.
 */
export const RUNNING_AT_MOST_SECONDS = 25;

/**
 * The Retry-After (seconds) sent with the 503 that answers a resend of a delivery still running. Platforms that read
 * it wait this long; the others resend on their own schedule, which is fine too (docs/reliability.md).
 */
export const RETRY_RUNNING_DELIVERY_AFTER_SECONDS = 10;

/** The key an id is kept under: itself, or `sha256:<hex>` when longer than LONGEST_KEPT_ID. */
export function windowKey(id: string): string {
	if (id.length <= LONGEST_KEPT_ID) return id;
	return `sha256:${createHash('sha256').update(id, 'utf8').digest('hex')}`;
}

/** Per endpoint: key → the time it entered (a Map keeps insertion order, so the oldest entry is always first). */
type Entries = Map<string, number>;

/** A running mark: the attempt that set it, and the time after which it stops counting. */
interface RunningMark {
	attempt: number;
	until: number;
}

const windowsByEndpoint = new Map<string, Entries>();
const runningByEndpoint = new Map<string, Map<string, RunningMark>>();
let lastAttempt = 0;

function entriesOf<T>(store: Map<string, Map<string, T>>, endpoint: string): Map<string, T> {
	let entries = store.get(endpoint);
	if (entries === undefined) {
		entries = new Map();
		store.set(endpoint, entries);
	}
	return entries;
}

/** Drops the oldest entries while there are more than `max`, or while `isStale` says the oldest is. */
function trimOldest<T>(entries: Map<string, T>, max: number, isStale: (value: T) => boolean): void {
	for (const [key, value] of entries) {
		if (entries.size <= max && !isStale(value)) return;
		entries.delete(key);
	}
}

/** True when any of `ids` ran (answered 2xx) within the window's age. */
export function hasSeenDelivery(
	endpoint: string,
	ids: readonly string[],
	now = Date.now(),
	bounds: WindowBounds = DEFAULT_WINDOW_BOUNDS,
): boolean {
	const window = windowsByEndpoint.get(endpoint);
	if (window === undefined) return false;
	return ids.some((id) => {
		const at = window.get(windowKey(id));
		return at !== undefined && now - at < bounds.maxAgeMs;
	});
}

/** Remembers `ids` as run; the oldest are forgotten beyond the bounds' count or age. */
export function rememberDeliveries(
	endpoint: string,
	ids: readonly string[],
	now = Date.now(),
	bounds: WindowBounds = DEFAULT_WINDOW_BOUNDS,
): void {
	const window = entriesOf(windowsByEndpoint, endpoint);
	for (const id of ids) {
		if (id === '') continue;
		const key = windowKey(id);
		window.delete(key);
		window.set(key, now);
	}
	trimOldest(window, bounds.maxIds, (at) => now - at >= bounds.maxAgeMs);
}

/** How many ids an endpoint's window holds (for tests and the docs' memory figure). */
export function deliveryWindowSize(endpoint: string): number {
	return windowsByEndpoint.get(endpoint)?.size ?? 0;
}

/** Drops an endpoint's window and marks (its registration was removed or replaced). */
export function forgetRecentDeliveries(endpoint: string | undefined): void {
	if (endpoint === undefined) return;
	windowsByEndpoint.delete(endpoint);
	runningByEndpoint.delete(endpoint);
}

/** True when any of `ids` is accepted and still running (its answer not sent, its grace not over). */
export function isInFlight(endpoint: string, ids: readonly string[], now = Date.now()): boolean {
	const running = runningByEndpoint.get(endpoint);
	return running !== undefined && ids.some((id) => (running.get(windowKey(id))?.until ?? 0) > now);
}

/**
 * Marks `ids` running until n8n answers, for `seconds` at most, and returns the attempt number that clearInFlight
 * takes, so that the end of an earlier attempt never clears the mark of a later one. Marks past their time, and the
 * oldest beyond RUNNING_MARKS_MAX, go.
 */
export function markInFlight(
	endpoint: string,
	ids: readonly string[],
	seconds: number = RUNNING_AT_MOST_SECONDS,
	now = Date.now(),
): number {
	const attempt = ++lastAttempt;
	const running = entriesOf(runningByEndpoint, endpoint);
	for (const [key, mark] of running) if (mark.until <= now) running.delete(key);
	for (const id of ids) {
		const key = windowKey(id);
		running.delete(key);
		running.set(key, { attempt, until: now + seconds * 1000 });
	}
	trimOldest(running, RUNNING_MARKS_MAX, () => false);
	return attempt;
}

/** n8n answered `attempt`: its marks go (a later attempt's marks stay). */
export function clearInFlight(endpoint: string, ids: readonly string[], attempt: number): void {
	const running = runningByEndpoint.get(endpoint);
	if (running === undefined) return;
	for (const id of ids) {
		const key = windowKey(id);
		if (running.get(key)?.attempt === attempt) running.delete(key);
	}
	if (running.size === 0) runningByEndpoint.delete(endpoint);
}

/** How many deliveries an endpoint has marked running (for tests). */
export function runningMarkCount(endpoint: string): number {
	return runningByEndpoint.get(endpoint)?.size ?? 0;
}
