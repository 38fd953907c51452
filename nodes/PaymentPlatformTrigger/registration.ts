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

/** An endpoint as the platform lists it (never with its secret). Fields the list does not carry are undefined. */
export interface ListedEndpoint {
	id: string;
	url?: string;
	events?: string[];
}

/** What activation does after comparing what is stored with what the platform lists. */
export interface RepairPlan {
	/** The stored registration is on the platform as stored: keep it (checkExists answers true). */
	keep: boolean;
	/** Endpoints to remove: the stored one when it is not kept, and every other with this URL (n8n has no secret for them). */
	remove: string[];
}

/** Reads the items of the endpoint list; an item without an id is left out (it could not be removed anyway). */
export function readListedEndpoints(items: readonly unknown[]): ListedEndpoint[] {
	return items.flatMap((item) => {
		if (item === null || typeof item !== 'object') return [];
		const fields = item as Record<string, unknown>;
		const id = nonEmptyString(fields.id);
		if (id === undefined) return [];
		const events = Array.isArray(fields.events)
			? fields.events.filter((event): event is string => typeof event === 'string')
			: undefined;
		return [{ id, url: nonEmptyString(fields.url), events }];
	});
}

/**
 * Compares the stored registration with the platform's list. The stored endpoint is kept only when it is current
 * (id, secret, URL and events stored) AND listed with that URL and those events; a field the list does not carry is
 * not held against it. Every other listed endpoint with this URL sends deliveries signed with a secret n8n does not
 * have, so it is removed.
 */
export function planRepair(
	stored: Partial<Registration>,
	url: string | undefined,
	events: readonly string[],
	listed: readonly ListedEndpoint[],
): RepairPlan {
	const onPlatform = listed.find((endpoint) => endpoint.id === stored.endpointId);
	const keep =
		isCurrentRegistration(stored, url, events) &&
		onPlatform !== undefined &&
		(onPlatform.url === undefined || onPlatform.url === url) &&
		(onPlatform.events === undefined || sameEventSet(onPlatform.events, events));
	const remove = listed
		.filter((endpoint) =>
			endpoint.id === stored.endpointId ? !keep : url !== undefined && endpoint.url === url,
		)
		.map((endpoint) => endpoint.id);
	return { keep, remove };
}
