/**
 * The window of recently accepted delivery ids, used to ignore redeliveries of the same notification.
 * No n8n imports. The window is a plain array, oldest first, never longer than its limit.
 *
 * It is kept in this process's memory, per endpoint registration, and copied to the workflow's static data. Memory is
 * what makes it work in a running n8n: n8n (checked with 2.41) reloads a workflow's static data from its database
 * for every webhook request and saves only what an execution changes, so what webhook() writes to static data is
 * not there for the next request. The window therefore lasts as long as the n8n process (a restart, or another
 * webhook process in queue mode, starts from the static data).
 */

/** How many accepted delivery ids are remembered. */
export const RECENT_DELIVERY_LIMIT = 1000;

/** The ids in a stored window, dropping anything that is not a non-empty string. */
export function readDeliveryWindow(stored: unknown): string[] {
	if (!Array.isArray(stored)) return [];
	return stored.filter((id): id is string => typeof id === 'string' && id !== '');
}

/** True when any of `ids` is in the window. */
export function hasSeenDelivery(window: readonly string[], ids: readonly string[]): boolean {
	return ids.some((id) => window.includes(id));
}

/**
 * A new window with `ids` appended (each once) and the oldest entries dropped beyond `limit` (first in, first out).
 * The input window is not modified.
 */
export function rememberDeliveries(
	window: readonly string[],
	ids: readonly string[],
	limit: number = RECENT_DELIVERY_LIMIT,
): string[] {
	const fresh = [...new Set(ids)].filter((id) => id !== '' && !window.includes(id));
	const next = [...window, ...fresh];
	return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Windows by endpoint id: a new registration starts a new window. */
const windowsByEndpoint = new Map<string, string[]>();

/**
 * How long a delivery stays "running" after its caller hung up without an answer. n8n answers when the run ends, also
 * to a caller that has gone; this bounds the wait when it never does (n8n 2.x fails the job of a killed worker
 * within about 90 s: lock of 60 s, stalled check every 30 s).
 */
export const IN_FLIGHT_GRACE_MS = 5 * 60_000;

/**
 * The Retry-After (seconds) sent with the 503 that answers a resend of a delivery still running. Platforms that read
 * it wait this long; the others resend on their own schedule, which is fine too (docs/reliability.md).
 */
export const RETRY_RUNNING_DELIVERY_AFTER_SECONDS = 10;

/**
 * Deliveries accepted with "After the Workflow Succeeds" whose answer has not gone out yet, by endpoint: id → the
 * time after which it no longer counts as running (Infinity while its caller waits). Such a delivery enters the window
 * only once n8n has answered it 2xx: a failed or crashed run answers 5xx, the platform resends, and the resend runs.
 */
const inFlightByEndpoint = new Map<string, Map<string, number>>();

/** The window of an endpoint: the one in memory, else the one `stored` in static data. */
export function recentDeliveries(endpointId: string, stored: unknown): string[] {
	return windowsByEndpoint.get(endpointId) ?? readDeliveryWindow(stored);
}

/** Keeps an endpoint's window in memory. */
export function keepRecentDeliveries(endpointId: string, window: string[]): void {
	windowsByEndpoint.set(endpointId, window);
}

/** Drops an endpoint's window (its registration was removed or replaced). */
export function forgetRecentDeliveries(endpointId: string | undefined): void {
	if (endpointId === undefined) return;
	windowsByEndpoint.delete(endpointId);
	inFlightByEndpoint.delete(endpointId);
}

/** True when any of `ids` is accepted and still running (its answer not sent, its grace not over). */
export function isInFlight(endpointId: string, ids: readonly string[], now = Date.now()): boolean {
	const inFlight = inFlightByEndpoint.get(endpointId);
	return inFlight !== undefined && ids.some((id) => (inFlight.get(id) ?? 0) > now);
}

export function markInFlight(endpointId: string, ids: readonly string[]): void {
	const inFlight = inFlightByEndpoint.get(endpointId) ?? new Map<string, number>();
	for (const id of ids) inFlight.set(id, Infinity);
	inFlightByEndpoint.set(endpointId, inFlight);
}

/** The caller hung up before the answer: the delivery counts as running for IN_FLIGHT_GRACE_MS more. */
export function graceInFlight(endpointId: string, ids: readonly string[], now = Date.now()): void {
	const inFlight = inFlightByEndpoint.get(endpointId);
	for (const id of ids) {
		if (inFlight?.get(id) === Infinity) inFlight.set(id, now + IN_FLIGHT_GRACE_MS);
	}
}

export function clearInFlight(endpointId: string, ids: readonly string[]): void {
	const inFlight = inFlightByEndpoint.get(endpointId);
	if (inFlight === undefined) return;
	for (const id of ids) inFlight.delete(id);
	if (inFlight.size === 0) inFlightByEndpoint.delete(endpointId);
}
