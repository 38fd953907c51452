/**
 * The trigger's webhook endpoint on the platform: registered, kept across restarts and republishes, its events
 * changed, removed (docs/trigger.md, "Registration", says what n8n's hooks give the node and why removal waits).
 * It lives in the node's static data (separate for the test and the production webhook). Secrets of replaced
 * registrations stay there for a grace period: what the platform signed before a change still verifies after it.
 *
 * The endpoint is this workflow's own: an endpoint registered for another URL (the original of a copy or a restored
 * backup, this n8n before its URL moved) is never changed or removed. Static data is one column that any execution
 * writes back whole when one of its nodes changed it, so a run that started before a new registration can restore
 * the old one; each process therefore also remembers the registrations it made (`known`), verifies with them, and
 * writes them back over an older registration (docs/trigger.md, "Where the trigger keeps its state").
 */
import type { IHookFunctions, IWebhookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import { LIMITS, WEBHOOK_EVENTS } from '../shared/documentedValues';
import { WEBHOOK_ENDPOINTS_PATH } from '../shared/chosenNames';
import { listWebhookEndpoints, readWebhookEndpoint } from '../shared/webhookEndpoints';
import { createWebhookEndpoint, removeWebhookEndpoint, updateWebhookEndpoint } from './endpoints';
import type { RegistrationSettings } from './settings';

type StaticData = Record<string, unknown>;

/** The API returns the secret only when the endpoint is created: it lives only here (and in `known`). */
const STATIC_KEYS = {
	endpointId: 'endpointId',
	secret: 'webhookSecret',
	url: 'webhookUrl',
	events: 'events',
	/** When this registration was made (ms): an older one written back over it is repaired. */
	registeredAt: 'registeredAt',
	/** The Secret Rotation it was registered under; none: 0. */
	rotation: 'rotation',
	/** Set while an unpublished endpoint waits for its removal (or a republish). */
	releasedAt: 'releasedAt',
	/** Newest first, each with when it was replaced (`since`), until when it verifies, and its rotation. */
	previousSecrets: 'previousSecrets',
} as const;

/** At most this many previous secrets are kept (each costs one HMAC per forged delivery). */
const PREVIOUS_SECRETS_MAX = 3;

interface Registration {
	endpointId: string;
	secret: string;
	url: string;
	events: string[];
	registeredAt: number;
	rotation: number;
}

interface PreviousSecret {
	secret: string;
	until: number;
	since?: number;
	rotation?: number;
}

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== '' ? value : undefined;

const numberOr = (value: unknown, fallback: number): number =>
	typeof value === 'number' && Number.isFinite(value) ? value : fallback;

function storedRegistration(staticData: StaticData): Partial<Registration> {
	const events = staticData[STATIC_KEYS.events];
	return {
		endpointId: text(staticData[STATIC_KEYS.endpointId]),
		secret: text(staticData[STATIC_KEYS.secret]),
		url: text(staticData[STATIC_KEYS.url]),
		events: Array.isArray(events)
			? events.filter((event): event is string => typeof event === 'string')
			: undefined,
		registeredAt: numberOr(staticData[STATIC_KEYS.registeredAt], 0),
		rotation: numberOr(staticData[STATIC_KEYS.rotation], 0),
	};
}

function previousSecretsOf(staticData: StaticData): PreviousSecret[] {
	const list = staticData[STATIC_KEYS.previousSecrets];
	if (!Array.isArray(list)) return [];
	return list.flatMap((entry: unknown) => {
		const fields = (entry ?? {}) as Record<string, unknown>;
		const secret = text(fields.secret);
		if (secret === undefined || typeof fields.until !== 'number') return [];
		const kept: PreviousSecret = { secret, until: fields.until };
		if (typeof fields.since === 'number') kept.since = fields.since;
		if (typeof fields.rotation === 'number') kept.rotation = fields.rotation;
		return [kept];
	});
}

/**
 * Whether a previous secret still verifies: under the current rotation, within the grace it was stored with and
 * within the current Previous Secret Grace Period counted from its replacement (lowering the option, to 0 at most,
 * shortens the grace of the secrets already kept).
 */
function stillGraced(entry: PreviousSecret, settings: RegistrationSettings, now: number): boolean {
	if ((entry.rotation ?? 0) !== settings.rotation || entry.until <= now) return false;
	return entry.since === undefined
		? settings.previousSecretMs > 0
		: entry.since + settings.previousSecretMs > now;
}

function saveRegistration(staticData: StaticData, registration: Registration): void {
	staticData[STATIC_KEYS.endpointId] = registration.endpointId;
	staticData[STATIC_KEYS.secret] = registration.secret;
	staticData[STATIC_KEYS.url] = registration.url;
	staticData[STATIC_KEYS.events] = [...registration.events];
	staticData[STATIC_KEYS.registeredAt] = registration.registeredAt;
	staticData[STATIC_KEYS.rotation] = registration.rotation;
	delete staticData[STATIC_KEYS.releasedAt];
}

const REGISTRATION_KEYS = [
	'endpointId',
	'secret',
	'url',
	'events',
	'registeredAt',
	'rotation',
	'releasedAt',
] as const;

/**
 * Forgets the endpoint; its secret verifies for `graceMs` more, from `since` (its unpublish when released, else
 * now). The previous secrets of another rotation go.
 */
function replaceRegistration(
	staticData: StaticData,
	graceMs: number,
	now = Date.now(),
	since?: number,
): void {
	const secret = text(staticData[STATIC_KEYS.secret]);
	const rotation = numberOr(staticData[STATIC_KEYS.rotation], 0);
	const releasedAt = staticData[STATIC_KEYS.releasedAt];
	const from = since ?? (typeof releasedAt === 'number' && releasedAt < now ? releasedAt : now);
	const kept = previousSecretsOf(staticData).filter(
		(entry) => entry.until > now && entry.secret !== secret,
	);
	const until = from + graceMs;
	const previous =
		secret !== undefined && until > now
			? [{ secret, until, since: from, rotation }, ...kept]
			: kept;
	staticData[STATIC_KEYS.previousSecrets] = previous.slice(0, PREVIOUS_SECRETS_MAX);
	if (previous.length === 0) delete staticData[STATIC_KEYS.previousSecrets];
	for (const key of REGISTRATION_KEYS) delete staticData[STATIC_KEYS[key]];
}

/** Every secret and registration gone: what Secret Rotation does. */
function forgetAll(staticData: StaticData): void {
	for (const key of REGISTRATION_KEYS) delete staticData[STATIC_KEYS[key]];
	delete staticData[STATIC_KEYS.previousSecrets];
}

/**
 * The registrations this process made or kept, by workflow and webhook URL: what a run that started before a new
 * registration cannot take away when it writes its static data back. Per process and lost on a restart.
 */
const known = new Map<string, Registration>();

/** Registrations released by an unpublish in this process, taken back by a publish within the removal delay. */
const releases = new Map<string, Registration>();

function keyOf(this: IHookFunctions | IWebhookFunctions, url: string): string {
	return `${this.getWorkflow().id ?? ''} ${url}`;
}

/** The static data holds an older registration than the one this process made: a run wrote it back. */
function rolledBack(staticData: StaticData, remembered: Registration | undefined): boolean {
	if (remembered === undefined) return false;
	const stored = storedRegistration(staticData);
	return (
		stored.endpointId !== remembered.endpointId &&
		(stored.registeredAt ?? 0) < remembered.registeredAt
	);
}

/** Puts a newer registration back over the one a run wrote back; the older secret keeps its grace. */
function repair(staticData: StaticData, registration: Registration, graceMs: number): void {
	if (!rolledBack(staticData, registration)) return;
	const now = Date.now();
	replaceRegistration(staticData, graceMs, now, Math.min(now, registration.registeredAt));
	saveRegistration(staticData, registration);
}

/**
 * The secrets a delivery to this webhook may be signed with, under the current rotation: the registration this
 * process made when the static data holds an older one (a run wrote it back), else the stored one, and the previous
 * secrets within their grace. `repair` writes the newer registration back; call it once a delivery verified.
 */
export function trustedSecrets(
	this: IWebhookFunctions,
	settings: RegistrationSettings,
	now: number,
): { current: string | undefined; previous: string[]; repair?: () => void } {
	const staticData = this.getWorkflowStaticData('node');
	const url = this.getNodeWebhookUrl('default') ?? '';
	const remembered = known.get(keyOf.call(this, url));
	const stored = storedRegistration(staticData);
	const previous = previousSecretsOf(staticData)
		.filter((entry) => stillGraced(entry, settings, now))
		.map((entry) => entry.secret);
	const storedCurrent = stored.rotation === settings.rotation ? stored.secret : undefined;
	if (
		remembered !== undefined &&
		remembered.rotation === settings.rotation &&
		rolledBack(staticData, remembered)
	) {
		const replaced =
			storedCurrent !== undefined &&
			stillGraced(
				{ secret: storedCurrent, until: Infinity, since: remembered.registeredAt },
				settings,
				now,
			)
				? [storedCurrent]
				: [];
		return {
			current: remembered.secret,
			previous: [...replaced, ...previous.filter((secret) => secret !== remembered.secret)].slice(
				0,
				PREVIOUS_SECRETS_MAX,
			),
			repair: () => repair(staticData, remembered, settings.previousSecretMs),
		};
	}
	return { current: storedCurrent, previous };
}

function sameEventSet(a: readonly string[], b: readonly string[]): boolean {
	const left = new Set(a);
	const right = new Set(b);
	return left.size === right.size && [...left].every((event) => right.has(event));
}

/** An event as a platform may write it back: `charge.captured`, `CHARGE_CAPTURED`. */
const comparableEvent = (event: string) => event.toLowerCase().replace(/[^a-z0-9]/g, '');

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
	rotation: number,
): Promise<Registration> {
	const endpoint = await createWebhookEndpoint.call(this, { url, events });
	const endpointId = endpoint.id;
	const secret = endpoint.secret;
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
	return { endpointId, secret, url, events, registeredAt: Date.now(), rotation };
}

/**
 * Changes the events in place (same id and secret). Taken as done only when the answer shows the endpoint with the
 * selected events: a refusal, or a 2xx that shows other events or none, is refused.
 */
async function updateEndpoint(
	this: IHookFunctions,
	endpointId: string,
	url: string,
	events: string[],
): Promise<boolean> {
	let why: string;
	let httpCode: string | undefined;
	try {
		const answered = await updateWebhookEndpoint.call(this, endpointId, { url, events });
		if (
			answered?.events !== undefined &&
			sameEventSet(answered.events.map(comparableEvent), events.map(comparableEvent))
		) {
			return true;
		}
		why =
			answered?.events === undefined
				? 'its answer does not show the endpoint with its events'
				: `its answer shows other events: ${answered.events.join(', ')}`;
	} catch (error) {
		why = reasonOf(error);
		httpCode = httpCodeOf(error) || undefined;
	}
	this.logger.info(
		`The Payment Platform did not change the events of webhook endpoint ${endpointId} in place (${why})`,
		{ endpointId, httpCode },
	);
	return false;
}

/** Best effort: a 404 means it is gone; any other failure is logged and does not stop deactivation. */
async function removeEndpoint(this: IHookFunctions, endpointId: string): Promise<void> {
	try {
		await removeWebhookEndpoint.call(this, endpointId);
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

/**
 * The listed endpoints (read to its end as the client reads every list); undefined, logged, when it cannot be read:
 * activation goes on with what is stored.
 */
async function readEndpointList(
	this: IHookFunctions,
): Promise<{ endpoints: ListedEndpoint[]; complete: boolean } | undefined> {
	let list;
	try {
		list = await listWebhookEndpoints.call(this, { maxPages: ENDPOINT_LIST_MAX_PAGES });
	} catch (error) {
		const missing = httpCodeOf(error) === '404';
		this.logger[missing ? 'info' : 'warn'](
			missing
				? `The Payment Platform answered 404 to GET ${WEBHOOK_ENDPOINTS_PATH}: it has no endpoint list there, so the trigger's registration is not checked against the platform`
				: `Could not list the Payment Platform's webhook endpoints, so the trigger's registration is not checked against the platform: ${reasonOf(error)}`,
		);
		return undefined;
	}
	if (list === undefined) {
		this.logger.warn(
			`The Payment Platform's webhook endpoint list (GET ${WEBHOOK_ENDPOINTS_PATH}) has no list of endpoints in its data, so the trigger's registration is not checked against the platform`,
		);
		return undefined;
	}
	const endpoints = list.records.flatMap((record) => {
		const endpoint = readWebhookEndpoint(record);
		return endpoint === undefined ? [] : [{ id: endpoint.id, url: endpoint.url }];
	});
	return { endpoints, complete: list.complete };
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

function removeLater(
	this: IHookFunctions,
	key: string,
	registration: Registration,
	delayMs: number,
): void {
	const { endpointId } = registration;
	releases.set(key, registration);
	void (async () => {
		await sleep(delayMs);
		if (releases.get(key) !== registration) return;
		releases.delete(key);
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

const sameUrl = (a: string | undefined, b: string | undefined) =>
	comparableUrl(a) === comparableUrl(b);

/**
 * checkExists: keep the stored endpoint (true) or create one (false). Kept when listed under its id, or when the
 * list cannot be read or was not read to its end (never orphaned silently); its events changed in place if they
 * differ; taken back when this process released it moments ago; put back when a run wrote an older registration
 * over it. Any other listed endpoint with this URL signs with a secret n8n lacks: removed. An endpoint registered for
 * another URL is never changed or removed: this workflow registers its own.
 */
export async function keepRegistration(
	this: IHookFunctions,
	settings: RegistrationSettings,
): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const url = webhookUrl.call(this);
	const events = selectedEvents.call(this);
	const key = keyOf.call(this, url);
	const takenBack = releases.get(key);
	releases.delete(key);
	if (takenBack !== undefined) saveRegistration(staticData, takenBack);
	else repair(staticData, known.get(key) ?? emptyRegistration, settings.previousSecretMs);
	known.delete(key);
	if (storedRegistration(staticData).rotation !== settings.rotation) {
		// Secret Rotation: every secret goes; the endpoint with this URL is removed below with the other ones.
		this.logger.info(
			`Payment Platform Trigger in workflow "${this.getWorkflow().name}": Secret Rotation changed to ${settings.rotation}; the endpoint is registered anew and no earlier secret verifies any delivery`,
		);
		forgetAll(staticData);
	}
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
	if (kept && !sameUrl(stored.url, url)) {
		// A copy, a restored backup, or this n8n before WEBHOOK_URL moved: that endpoint is not this URL's to touch.
		this.logger.warn(
			`Payment Platform webhook endpoint ${stored.endpointId} is registered for another URL (${stored.url ?? 'none'}) and is left as it is; registering ${url}. If that URL was this n8n's before its address changed, remove endpoint ${stored.endpointId} in the platform (Webhook Endpoint → Delete).`,
			{ endpointId: stored.endpointId },
		);
		kept = false;
	} else if (kept && list?.complete === true && !listed) {
		this.logger.warn(
			`Payment Platform webhook endpoint ${stored.endpointId} is missing from the platform's endpoint list; registering the webhook again`,
			{ endpointId: stored.endpointId },
		);
		kept = false;
	} else if (kept && !sameEventSet(stored.events ?? [], events)) {
		if (await updateEndpoint.call(this, stored.endpointId as string, url, events)) {
			staticData[STATIC_KEYS.events] = [...events];
		} else if (events.every((event) => (stored.events ?? []).includes(event))) {
			// Fewer events: the endpoint and its secret stay; the events no longer selected are answered 200 and run
			// nothing. A new endpoint would change the secret for nothing.
			this.logger.info(
				`Payment Platform webhook endpoint ${stored.endpointId} keeps its registered events; the ones no longer selected are answered and run nothing`,
			);
		} else {
			await replace('its events could not be changed; registering a new one', true);
		}
	}
	// The stored endpoint too when it is not kept (a stale or released one): nobody else would remove it.
	const foreign = (list?.endpoints ?? []).filter((endpoint) =>
		endpoint.id === stored.endpointId
			? !kept && !removed && sameUrl(endpoint.url, url)
			: sameUrl(endpoint.url, url),
	);
	await removeEndpointsAndConfirm.call(
		this,
		foreign.map((endpoint) => endpoint.id),
	);
	// The duplicate window stays: what ran under the old endpoint is recognised by its bytes under the new one.
	if (!kept) replaceRegistration(staticData, settings.previousSecretMs);
	else known.set(key, storedRegistration(staticData) as Registration);
	return kept;
}

const emptyRegistration: Registration = {
	endpointId: '',
	secret: '',
	url: '',
	events: [],
	registeredAt: -Infinity,
	rotation: 0,
};

export async function register(
	this: IHookFunctions,
	settings: RegistrationSettings,
): Promise<void> {
	const url = webhookUrl.call(this);
	const registration = await createEndpoint.call(
		this,
		url,
		selectedEvents.call(this),
		settings.rotation,
	);
	saveRegistration(this.getWorkflowStaticData('node'), registration);
	known.set(keyOf.call(this, url), registration);
}

/**
 * delete: n8n calls it for an unpublish and, alike, just before a republish (nothing tells the two apart,
 * docs/trigger.md): the endpoint goes after the delay unless a republish in this process takes it back. An endpoint
 * stored for another URL is not this workflow's: left as it is.
 */
export async function release(this: IHookFunctions, settings: RegistrationSettings): Promise<void> {
	const staticData = this.getWorkflowStaticData('node');
	const url = this.getNodeWebhookUrl('default') ?? '';
	const key = keyOf.call(this, url);
	repair(staticData, known.get(key) ?? emptyRegistration, settings.previousSecretMs);
	known.delete(key);
	const stored = storedRegistration(staticData);
	if (stored.url !== undefined && url !== '' && !sameUrl(stored.url, url)) {
		this.logger.warn(
			`Payment Platform webhook endpoint ${stored.endpointId ?? ''} is registered for another URL (${stored.url}) and is not removed; if that URL was this n8n's before its address changed, remove it in the platform (Webhook Endpoint → Delete)`,
			{ endpointId: stored.endpointId },
		);
		return;
	}
	if (stored.endpointId === undefined || stored.secret === undefined) {
		if (stored.endpointId !== undefined) await removeEndpoint.call(this, stored.endpointId);
		replaceRegistration(staticData, 0);
		return;
	}
	if (settings.removalDelayMs > 0) {
		staticData[STATIC_KEYS.releasedAt] = Date.now();
		const registration: Registration = {
			endpointId: stored.endpointId,
			secret: stored.secret,
			url: stored.url ?? url,
			events: stored.events ?? [],
			registeredAt: stored.registeredAt ?? 0,
			rotation: stored.rotation ?? 0,
		};
		removeLater.call(this, key, registration, settings.removalDelayMs);
		return;
	}
	await removeEndpointsAndConfirm.call(this, [stored.endpointId]);
	replaceRegistration(staticData, 0);
}
