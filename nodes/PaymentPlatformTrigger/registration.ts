/**
 * The trigger's webhook endpoint on the platform: registering it (POST /v1/postbacks/endpoints), keeping it across
 * restarts and republishes, changing its events, and removing it (the package's chosen GET, PATCH and DELETE paths).
 * What n8n's activation hooks give the node, and why the removal is delayed, is in docs/trigger.md ("Registration").
 *
 * The registration lives in the node's workflow static data (n8n keeps separate static data for the test webhook and
 * the production one, each with its own endpoint and URL). Secrets of replaced registrations stay there for a grace
 * period, so that what the platform signed before a change still verifies when it is resent after it.
 */
import type { IHookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import { LIMITS, WEBHOOK_EVENTS } from '../shared/documentedValues';
import {
	PAGE_SIZE,
	PAGINATION_QUERY,
	WEBHOOK_ENDPOINTS_PATH,
	webhookEndpointPath,
} from '../shared/chosenNames';
import { apiRequest } from '../shared/transport';
import type { RegistrationSettings } from './properties';

type StaticData = Record<string, unknown>;

/** Static data keys. The secret is returned by the API only when the endpoint is created; it lives only here. */
const STATIC_KEYS = {
	endpointId: 'endpointId',
	secret: 'webhookSecret',
	url: 'webhookUrl',
	events: 'events',
	/** When the workflow was unpublished, while the endpoint waits for its removal (or for a republish). */
	releasedAt: 'releasedAt',
	/** Secrets of replaced registrations, newest first, each with the time until which it still verifies. */
	previousSecrets: 'previousSecrets',
} as const;

/** At most this many previous secrets are kept (each costs one HMAC per forged delivery). */
const PREVIOUS_SECRETS_MAX = 3;

interface Registration {
	endpointId: string;
	secret: string;
	url: string;
	events: string[];
}

interface PreviousSecret {
	secret: string;
	until: number;
}

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== '' ? value : undefined;

/** The stored registration when its id and secret are both there (an id without its secret verifies nothing). */
function storedRegistration(staticData: StaticData): Partial<Registration> {
	const events = staticData[STATIC_KEYS.events];
	return {
		endpointId: text(staticData[STATIC_KEYS.endpointId]),
		secret: text(staticData[STATIC_KEYS.secret]),
		url: text(staticData[STATIC_KEYS.url]),
		events: Array.isArray(events)
			? events.filter((event): event is string => typeof event === 'string')
			: undefined,
	};
}

function previousSecretsOf(staticData: StaticData): PreviousSecret[] {
	const list = staticData[STATIC_KEYS.previousSecrets];
	if (!Array.isArray(list)) return [];
	return list.flatMap((entry: unknown) => {
		const fields = (entry ?? {}) as Record<string, unknown>;
		const secret = text(fields.secret);
		return secret !== undefined && typeof fields.until === 'number'
			? [{ secret, until: fields.until }]
			: [];
	});
}

/** What webhook() verifies with: the current secret, and the previous ones still inside their grace period. */
export function secretsOf(
	staticData: StaticData,
	now: number,
): { current: string | undefined; previous: string[] } {
	return {
		current: text(staticData[STATIC_KEYS.secret]),
		previous: previousSecretsOf(staticData)
			.filter((entry) => entry.until > now)
			.map((entry) => entry.secret),
	};
}

function saveRegistration(staticData: StaticData, registration: Registration): void {
	staticData[STATIC_KEYS.endpointId] = registration.endpointId;
	staticData[STATIC_KEYS.secret] = registration.secret;
	staticData[STATIC_KEYS.url] = registration.url;
	staticData[STATIC_KEYS.events] = [...registration.events];
	delete staticData[STATIC_KEYS.releasedAt];
}

/**
 * Forgets the current endpoint; its secret keeps verifying for `graceMs` (0: not at all), counted from when the
 * endpoint stopped serving: its unpublish when it was released, else now.
 */
function replaceRegistration(staticData: StaticData, graceMs: number, now = Date.now()): void {
	const secret = text(staticData[STATIC_KEYS.secret]);
	const releasedAt = staticData[STATIC_KEYS.releasedAt];
	const since = typeof releasedAt === 'number' && releasedAt < now ? releasedAt : now;
	const kept = previousSecretsOf(staticData).filter(
		(entry) => entry.until > now && entry.secret !== secret,
	);
	const until = since + graceMs;
	const previous = secret !== undefined && until > now ? [{ secret, until }, ...kept] : kept;
	staticData[STATIC_KEYS.previousSecrets] = previous.slice(0, PREVIOUS_SECRETS_MAX);
	if (previous.length === 0) delete staticData[STATIC_KEYS.previousSecrets];
	for (const key of ['endpointId', 'secret', 'url', 'events', 'releasedAt'] as const) {
		delete staticData[STATIC_KEYS[key]];
	}
}

function sameEventSet(a: readonly string[], b: readonly string[]): boolean {
	const left = new Set(a);
	const right = new Set(b);
	return left.size === right.size && [...left].every((event) => right.has(event));
}

/** A URL as platforms may write it back (host case, default port, a trailing slash), for comparing. */
function comparableUrl(url: string | undefined): string | undefined {
	if (url === undefined) return undefined;
	try {
		const parsed = new URL(url.trim());
		const path = parsed.pathname.replace(/\/+$/, '');
		return `${parsed.protocol}//${parsed.host}${path}${parsed.search}`;
	} catch {
		return url.trim().toLowerCase().replace(/\/+$/, '');
	}
}

// ---- The parameters the hooks read ----

/** The selected events, each once and in the order of the list; fails when none (or an unknown one) is selected. */
function selectedEvents(this: IHookFunctions): string[] {
	const value = this.getNodeParameter('events', []) as unknown;
	const events = [...new Set(Array.isArray(value) ? value.map(String) : [])];
	if (events.length === 0) {
		throw new NodeOperationError(this.getNode(), 'Select at least one event in Events', {
			description:
				'The Payment Platform only registers a webhook endpoint for one or more charge events.',
		});
	}
	const unknown = events.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
	if (unknown.length > 0) {
		throw new NodeOperationError(this.getNode(), `Unknown event: ${unknown.join(', ')}`, {
			description: `Events must be among: ${WEBHOOK_EVENTS.join(', ')}.`,
		});
	}
	return events;
}

/** This webhook's URL (the test URL while listening for a test event, else the production URL). */
function webhookUrl(this: IHookFunctions): string {
	const url = this.getNodeWebhookUrl('default');
	if (!url) {
		throw new NodeOperationError(this.getNode(), 'n8n did not provide a URL for this webhook');
	}
	if (url.length > LIMITS.webhookEndpoint.url.max) {
		throw new NodeOperationError(
			this.getNode(),
			`The webhook URL is longer than ${LIMITS.webhookEndpoint.url.max} characters`,
			{ description: 'The Payment Platform accepts webhook URLs of at most 2048 characters.' },
		);
	}
	return url;
}

// ---- The platform's endpoints ----

function httpCodeOf(error: unknown): string {
	return String((error as { httpCode?: unknown }).httpCode ?? '');
}

function reasonOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/**
 * Creates the endpoint and returns what to store. A response without the endpoint's id or secret fails: without the
 * secret no delivery could be verified. Such an endpoint, if it got an id, is removed again (best effort).
 */
async function createEndpoint(
	this: IHookFunctions,
	url: string,
	events: string[],
): Promise<Registration> {
	// expectData false: a missing data is reported below, more precisely (the id and the secret are missing).
	const { data } = await apiRequest.call(this, 'POST', WEBHOOK_ENDPOINTS_PATH, {
		body: { url, events },
		expectData: false,
	});
	const endpoint = (data !== null && typeof data === 'object' ? data : {}) as Record<
		string,
		unknown
	>;
	const endpointId = text(endpoint.id);
	const secret = text(endpoint.secret);
	if (endpointId === undefined || secret === undefined) {
		if (endpointId !== undefined) await removeEndpoint.call(this, endpointId);
		const missing = [endpointId === undefined && 'id', secret === undefined && 'secret'].filter(
			Boolean,
		);
		// Only what is missing is reported: the response itself may hold the secret.
		throw new NodeApiError(this.getNode(), { missing } as JsonObject, {
			message: `The Payment Platform did not return the webhook endpoint's ${missing.join(' and ')}`,
			description:
				'The webhook cannot be published: the endpoint id is needed to remove it later and the secret to verify deliveries. Nothing was stored; try publishing again.',
		});
	}
	return { endpointId, secret, url, events };
}

/**
 * Changes the events of an endpoint in place (same id, same secret), on the chosen PATCH path. False when the
 * platform does not take it (no such operation, the endpoint gone, any failure): the caller registers anew.
 */
async function updateEndpoint(
	this: IHookFunctions,
	endpointId: string,
	url: string,
	events: string[],
): Promise<boolean> {
	try {
		await apiRequest.call(this, 'PATCH', webhookEndpointPath(endpointId), {
			body: { url, events },
			expectData: false,
		});
		return true;
	} catch (error) {
		this.logger.info(
			`The Payment Platform did not change the events of webhook endpoint ${endpointId} in place (${reasonOf(error)}); registering a new endpoint`,
			{ endpointId, httpCode: httpCodeOf(error) || undefined },
		);
		return false;
	}
}

/**
 * Removes the endpoint, best effort: a 404 means it is already gone; any other failure is logged (without the
 * secret, which is never sent here) and does not stop deactivation.
 */
async function removeEndpoint(this: IHookFunctions, endpointId: string): Promise<void> {
	try {
		await apiRequest.call(this, 'DELETE', webhookEndpointPath(endpointId), { expectData: false });
	} catch (error) {
		const httpCode = httpCodeOf(error);
		if (httpCode === '404') {
			this.logger.debug(`Payment Platform webhook endpoint ${endpointId} was already removed`);
			return;
		}
		this.logger.warn(
			`Could not remove Payment Platform webhook endpoint ${endpointId}; remove it in the platform if it remains: ${reasonOf(error)}`,
			{ endpointId, httpCode: httpCode || undefined },
		);
	}
}

/** An endpoint as the platform lists it (never with its secret). */
interface ListedEndpoint {
	id: string;
	url?: string;
}

/** The platform's endpoints; `complete` only when the list was read to its end. */
interface EndpointList {
	endpoints: ListedEndpoint[];
	complete: boolean;
}

/** At most this many pages of the endpoint list are read; a longer list counts as not read to its end. */
const ENDPOINT_LIST_MAX_PAGES = 50;

/** Where a list may sit in `data` when it is not `data` itself. */
const LIST_KEYS = ['items', 'endpoints', 'data', 'results', 'webhooks', 'records'];

function isObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function listedItems(data: unknown): unknown[] | undefined {
	if (Array.isArray(data)) return data;
	if (!isObject(data)) return undefined;
	const key = LIST_KEYS.find((name) => Array.isArray(data[name]));
	return key === undefined ? undefined : (data[key] as unknown[]);
}

function readListedEndpoints(items: readonly unknown[]): ListedEndpoint[] {
	return items.flatMap((item) => {
		if (!isObject(item)) return [];
		const id = text(item.id) ?? (typeof item.id === 'number' ? String(item.id) : undefined);
		return id === undefined ? [] : [{ id, url: text(item.url) }];
	});
}

/** The pagination the answer reports, in the envelope or inside `data`. */
function paginationOf(result: {
	data?: unknown;
	pagination?: unknown;
}): Record<string, unknown> | undefined {
	if (isObject(result.pagination)) return result.pagination;
	return isObject(result.data) && isObject(result.data.pagination)
		? result.data.pagination
		: undefined;
}

const count = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * The endpoints the platform lists for this key pair, page after page until the list says it ended (its last page,
 * its total, a short or empty page, or, without pagination, a page that repeats the one before), at most
 * ENDPOINT_LIST_MAX_PAGES; undefined when it cannot be read (no list at this path, a failure, an answer of another
 * shape), logged. Activation then goes on with what is stored.
 */
async function readEndpointList(this: IHookFunctions): Promise<EndpointList | undefined> {
	const endpoints: ListedEndpoint[] = [];
	const seen = new Set<string>();
	for (let page = 1; page <= ENDPOINT_LIST_MAX_PAGES; page++) {
		let result;
		try {
			result = await apiRequest.call(this, 'GET', WEBHOOK_ENDPOINTS_PATH, {
				qs: { [PAGINATION_QUERY.page]: page, [PAGINATION_QUERY.perPage]: PAGE_SIZE.max },
				expectData: false,
			});
		} catch (error) {
			const missing = httpCodeOf(error) === '404';
			this.logger[missing ? 'info' : 'warn'](
				missing
					? `The Payment Platform answered 404 to GET ${WEBHOOK_ENDPOINTS_PATH}: it has no endpoint list there, so the trigger's registration is not checked against the platform`
					: `Could not list the Payment Platform's webhook endpoints, so the trigger's registration is not checked against the platform: ${reasonOf(error)}`,
			);
			return undefined;
		}
		const items = listedItems(result.data);
		if (items === undefined) {
			this.logger.warn(
				`The Payment Platform's webhook endpoint list (GET ${WEBHOOK_ENDPOINTS_PATH}) has no list of endpoints in its data, so the trigger's registration is not checked against the platform`,
			);
			return undefined;
		}
		const listed = readListedEndpoints(items);
		const fresh = listed.filter((endpoint) => !seen.has(endpoint.id));
		const pagination = paginationOf(result);
		if (listed.length > 0 && fresh.length === 0) {
			// The same page again: the page number is not read. Without pagination that page was the whole list.
			return { endpoints, complete: pagination === undefined };
		}
		for (const endpoint of fresh) seen.add(endpoint.id);
		endpoints.push(...fresh);
		const totalPages = count(pagination?.totalPages);
		const total = count(pagination?.total);
		const perPage = count(pagination?.perPage);
		const ended =
			items.length === 0 ||
			(totalPages !== undefined && page >= totalPages) ||
			(total !== undefined && endpoints.length >= total) ||
			(perPage !== undefined && items.length < perPage);
		if (ended) return { endpoints, complete: true };
	}
	return { endpoints, complete: false };
}

/**
 * Removes endpoints and confirms through the list that they are gone; one still listed is logged as a warning (the
 * platform would keep sending deliveries that n8n can no longer verify).
 */
async function removeEndpointsAndConfirm(
	this: IHookFunctions,
	endpointIds: readonly string[],
): Promise<void> {
	if (endpointIds.length === 0) return;
	for (const endpointId of endpointIds) await removeEndpoint.call(this, endpointId);
	const list = await readEndpointList.call(this);
	for (const endpoint of list?.endpoints ?? []) {
		if (!endpointIds.includes(endpoint.id)) continue;
		this.logger.warn(
			`Payment Platform webhook endpoint ${endpoint.id} is still listed after it was removed; it may keep sending deliveries that this workflow cannot verify. Remove it in the platform (Webhook Endpoint → Delete).`,
			{ endpointId: endpoint.id },
		);
	}
}

// ---- Unpublish, and taking the endpoint back ----

/** Registrations released by an unpublish in this process and not removed yet, by webhook URL. */
const releases = new Map<string, Registration>();

/** Takes back the registration this process released for `url` and has not removed yet (a republish). */
function takeBack(url: string): Registration | undefined {
	const release = releases.get(url);
	releases.delete(url);
	return release;
}

/** Removes the endpoint after `delayMs`, unless a republish in this process takes it back first. */
function removeLater(
	this: IHookFunctions,
	url: string,
	registration: Registration,
	delayMs: number,
): void {
	const { endpointId } = registration;
	releases.set(url, registration);
	void (async () => {
		await sleep(delayMs);
		if (releases.get(url) !== registration) return;
		releases.delete(url);
		try {
			await removeEndpointsAndConfirm.call(this, [endpointId]);
			this.logger.info(
				`Payment Platform webhook endpoint ${endpointId} removed ${delayMs / 1000} s after its workflow was unpublished`,
				{ endpointId },
			);
		} catch (error) {
			this.logger.warn(
				`Could not remove Payment Platform webhook endpoint ${endpointId} after its workflow was unpublished; remove it in the platform: ${reasonOf(error)}`,
				{ endpointId },
			);
		}
	})();
}

// ---- The three hooks ----

/**
 * checkExists: whether the stored endpoint is kept (true) or a new one must be created (false). Kept: an endpoint
 * listed under its stored id whatever the list writes for its URL and events, or any stored endpoint when the list
 * cannot be read or was not read to its end (never orphaned silently); its events changed in place when the
 * selection changed; one this process released at an unpublish moments ago, taken back. Registered anew: an
 * endpoint missing from a complete list (with a warning), one for another URL, one whose events the platform would
 * not change, one released at an unpublish that another process (or this one before a restart) removes.
 * Every other listed endpoint with this URL sends deliveries signed with a secret n8n does not have: removed.
 */
export async function keepRegistration(
	this: IHookFunctions,
	settings: RegistrationSettings,
): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const url = webhookUrl.call(this);
	const events = selectedEvents.call(this);
	const takenBack = takeBack(url);
	if (takenBack !== undefined) saveRegistration(staticData, takenBack);
	const stored = storedRegistration(staticData);
	let kept = stored.endpointId !== undefined && stored.secret !== undefined;
	let removed = false;
	const replace = async (why: string, remove: boolean) => {
		this.logger.info(`Payment Platform webhook endpoint ${stored.endpointId}: ${why}`);
		if (remove && stored.endpointId !== undefined)
			await removeEndpoint.call(this, stored.endpointId);
		kept = false;
		removed = remove;
	};
	if (kept && staticData[STATIC_KEYS.releasedAt] !== undefined) {
		await replace('released when the workflow was unpublished; registering a new one', false);
	}
	const list = await readEndpointList.call(this);
	const listed = list?.endpoints.some((endpoint) => endpoint.id === stored.endpointId) ?? false;
	if (kept && stored.url !== url) {
		await replace(`registered for another URL (${stored.url ?? 'none'}); registering ${url}`, true);
	} else if (kept && list?.complete === true && !listed) {
		this.logger.warn(
			`Payment Platform webhook endpoint ${stored.endpointId} is missing from the platform's endpoint list; registering the webhook again`,
			{ endpointId: stored.endpointId },
		);
		kept = false;
	} else if (kept && !sameEventSet(stored.events ?? [], events)) {
		if (await updateEndpoint.call(this, stored.endpointId as string, url, events)) {
			staticData[STATIC_KEYS.events] = [...events];
		} else {
			await replace('its events could not be changed; registering a new one', true);
		}
	}
	// The stored endpoint too when it is not kept (a stale or released one): nobody else would remove it.
	const foreign = (list?.endpoints ?? []).filter((endpoint) =>
		endpoint.id === stored.endpointId
			? !kept && !removed && comparableUrl(endpoint.url) === comparableUrl(url)
			: comparableUrl(endpoint.url) === comparableUrl(url),
	);
	await removeEndpointsAndConfirm.call(
		this,
		foreign.map((endpoint) => endpoint.id),
	);
	// The duplicate window stays: what ran under the old endpoint is recognised by its bytes under the new one.
	if (!kept) replaceRegistration(staticData, settings.previousSecretMs);
	return kept;
}

/** create: registers this webhook's URL and events, and stores what deliveries are verified with. */
export async function register(this: IHookFunctions): Promise<void> {
	const registration = await createEndpoint.call(
		this,
		webhookUrl.call(this),
		selectedEvents.call(this),
	);
	saveRegistration(this.getWorkflowStaticData('node'), registration);
}

/**
 * delete: n8n calls it for an unpublish and, alike, just before it publishes the workflow again (n8n gives the node
 * nothing to tell the two apart, docs/trigger.md). The endpoint is removed after the delay unless a republish in this
 * process takes it back first; with no delay, at once.
 */
export async function release(this: IHookFunctions, settings: RegistrationSettings): Promise<void> {
	const staticData = this.getWorkflowStaticData('node');
	const stored = storedRegistration(staticData);
	const url = this.getNodeWebhookUrl('default') ?? stored.url ?? '';
	if (stored.endpointId === undefined || stored.secret === undefined) {
		if (stored.endpointId !== undefined) await removeEndpoint.call(this, stored.endpointId);
		replaceRegistration(staticData, 0);
		return;
	}
	if (settings.removalDelayMs > 0) {
		staticData[STATIC_KEYS.releasedAt] = Date.now();
		const registration = {
			endpointId: stored.endpointId,
			secret: stored.secret,
			url: stored.url ?? url,
			events: stored.events ?? [],
		};
		removeLater.call(this, url, registration, settings.removalDelayMs);
		return;
	}
	await removeEndpointsAndConfirm.call(this, [stored.endpointId]);
	replaceRegistration(staticData, 0);
}
