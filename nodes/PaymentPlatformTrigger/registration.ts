/**
 * The webhook endpoint registration kept in the node's workflow static data: pure functions, no n8n imports.
 * n8n keeps separate static data for the test webhook ("Listen for test event") and the production one, so each
 * holds its own endpoint, registered with its own URL.
 */

export type StaticData = Record<string, unknown>;

/** Static data keys. The secret is returned by the API only when the endpoint is created; it lives only here. */
export const STATIC_KEYS = {
	endpointId: 'endpointId',
	secret: 'webhookSecret',
	url: 'webhookUrl',
	events: 'events',
	recentDeliveryIds: 'recentDeliveryIds',
} as const;

export interface Registration {
	endpointId: string;
	secret: string;
	url: string;
	events: string[];
}

/** A string with at least one character, else undefined (the trigger's one reading of stored and received ids). */
export function nonEmptyString(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** What is stored, field by field; any field may be missing (a partial or older registration). */
export function readRegistration(staticData: StaticData): Partial<Registration> {
	const events = staticData[STATIC_KEYS.events];
	return {
		endpointId: nonEmptyString(staticData[STATIC_KEYS.endpointId]),
		secret: nonEmptyString(staticData[STATIC_KEYS.secret]),
		url: nonEmptyString(staticData[STATIC_KEYS.url]),
		events: Array.isArray(events)
			? events.filter((event): event is string => typeof event === 'string')
			: undefined,
	};
}

export function sameEventSet(a: readonly string[], b: readonly string[]): boolean {
	const left = new Set(a);
	const right = new Set(b);
	return left.size === right.size && [...left].every((event) => right.has(event));
}

/** True only when an endpoint id AND its secret are stored for this very URL and set of events. */
export function isCurrentRegistration(
	stored: Partial<Registration>,
	url: string | undefined,
	events: readonly string[],
): boolean {
	return (
		stored.endpointId !== undefined &&
		stored.secret !== undefined &&
		url !== undefined &&
		stored.url === url &&
		stored.events !== undefined &&
		sameEventSet(stored.events, events)
	);
}

export function saveRegistration(staticData: StaticData, registration: Registration): void {
	staticData[STATIC_KEYS.endpointId] = registration.endpointId;
	staticData[STATIC_KEYS.secret] = registration.secret;
	staticData[STATIC_KEYS.url] = registration.url;
	staticData[STATIC_KEYS.events] = [...registration.events];
}

/** Forgets the endpoint (id, secret, URL, events). The window of recent delivery ids is kept. */
export function clearRegistration(staticData: StaticData): void {
	delete staticData[STATIC_KEYS.endpointId];
	delete staticData[STATIC_KEYS.secret];
	delete staticData[STATIC_KEYS.url];
	delete staticData[STATIC_KEYS.events];
}
