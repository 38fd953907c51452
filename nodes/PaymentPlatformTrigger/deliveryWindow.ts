/**
 * The window of recently accepted delivery ids, used to ignore redeliveries of the same notification.
 * Pure functions, no n8n imports. The window is a plain array kept in the workflow's static data, oldest first, and
 * never longer than its limit, so static data cannot grow without bound.
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
