/**
 * The trigger's webhook endpoint on the platform: registered, kept across restarts and republishes, its events
 * changed, removed (docs/trigger.md, "Registration", says what n8n's hooks give the node and why removal waits).
 * It lives in the node's static data (separate for the test and the production webhook). Secrets of replaced
 * registrations stay there for a grace period: what the platform signed before a change still verifies after it.
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
import { isObject } from './delivery';
import type { RegistrationSettings } from './properties';

type StaticData = Record<string, unknown>;

/** The API returns the secret only when the endpoint is created: it lives only here. */
const STATIC_KEYS = {
	endpointId: 'endpointId',
	secret: 'webhookSecret',
	url: 'webhookUrl',
	events: 'events',
	/** Set while an unpublished endpoint waits for its removal (or a republish). */
	releasedAt: 'releasedAt',
	/** Newest first, each with the time until which it still verifies. */
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

/** Forgets the endpoint; its secret verifies for `graceMs` more, from its unpublish when released, else from now. */
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

function httpCodeOf(error: unknown): string {
	return String((error as { httpCode?: unknown }).httpCode ?? '');
}

function reasonOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** A response without the endpoint's id or secret fails (no delivery could be verified); an orphan id is removed. */
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

/** Changes the events in place (same id and secret); false when the platform does not take it. */
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

/** Best effort: a 404 means it is gone; any other failure is logged and does not stop deactivation. */
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

interface ListedEndpoint {
	id: string;
	url?: string;
}

const ENDPOINT_LIST_MAX_PAGES = 50;

const LIST_KEYS = ['items', 'endpoints', 'data', 'results', 'webhooks', 'records'];

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

const count = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * The listed endpoints, page after page until the list says it ended (last page, total, a short or empty page, or,
 * without pagination, a page repeated); undefined, logged, when it cannot be read: activation goes on with what is
 * stored. The path is chosen, so the answer's shape is read leniently.
 */
async function readEndpointList(
	this: IHookFunctions,
): Promise<{ endpoints: ListedEndpoint[]; complete: boolean } | undefined> {
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
		const pagination = isObject(result.pagination)
			? result.pagination
			: isObject(result.data) && isObject(result.data.pagination)
				? result.data.pagination
				: undefined;
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

/** One still listed after its removal is a warning: the platform would send deliveries n8n cannot verify. */
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

const releases = new Map<string, Registration>();

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

/**
 * checkExists: keep the stored endpoint (true) or create one (false). Kept when listed under its id, or when the
 * list cannot be read or was not read to its end (never orphaned silently); its events changed in place if they
 * differ; taken back when this process released it moments ago. Any other listed endpoint with this URL signs with a
 * secret n8n lacks: removed.
 */
export async function keepRegistration(
	this: IHookFunctions,
	settings: RegistrationSettings,
): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const url = webhookUrl.call(this);
	const events = selectedEvents.call(this);
	const takenBack = releases.get(url);
	releases.delete(url);
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

export async function register(this: IHookFunctions): Promise<void> {
	const registration = await createEndpoint.call(
		this,
		webhookUrl.call(this),
		selectedEvents.call(this),
	);
	saveRegistration(this.getWorkflowStaticData('node'), registration);
}

/**
 * delete: n8n calls it for an unpublish and, alike, just before a republish (nothing tells the two apart,
 * docs/trigger.md): the endpoint goes after the delay unless a republish in this process takes it back.
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
