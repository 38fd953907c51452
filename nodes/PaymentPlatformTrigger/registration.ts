/**
 * The trigger's webhook endpoint on the platform: registered, kept across restarts and republishes, its events
 * changed, removed (docs/trigger.md, "Registration", says what n8n's hooks give the node and why removal waits).
 * Where it is kept is registrationState.ts; the platform's answers are read in endpoints.ts.
 *
 * The endpoint is this workflow's own: an endpoint registered for another URL (the original of a copy or a restored
 * backup, this n8n before its URL moved) is never changed or removed.
 */
import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { LIMITS, WEBHOOK_EVENTS } from '../shared/documentedValues';
import {
	createEndpoint,
	readEndpointList,
	reasonOf,
	removeEndpoint,
	removeEndpointsAndConfirm,
	sameEventSet,
	updateEndpoint,
} from './endpoints';
import {
	STATIC_KEYS,
	emptyRegistration,
	forgetAll,
	keyOf,
	known,
	releases,
	repair,
	replaceRegistration,
	saveRegistration,
	storedRegistration,
	type Registration,
} from './registrationState';
import type { RegistrationSettings } from './settings';

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

/**
 * The events the endpoint is registered for. By default every documented event, so that changing Events never needs
 * a new endpoint and secret: a run that writes back the static data it loaded then brings back the same secret
 * (docs/trigger.md, "Where the trigger keeps its state").
 */
function eventsToRegister(selected: readonly string[], settings: RegistrationSettings): string[] {
	return settings.endpointEvents === 'all' ? [...WEBHOOK_EVENTS] : [...selected];
}

const covers = (registered: readonly string[], selected: readonly string[]) =>
	selected.every((event) => registered.includes(event));

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
	const selected = selectedEvents.call(this);
	const events = eventsToRegister(selected, settings);
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
	} else if (
		kept &&
		!sameEventSet(stored.events ?? [], events) &&
		// With every event registered by default, an endpoint registered before (for the selected events) is kept
		// while it covers them: the endpoint is widened only when an event is added, and never again after.
		!(settings.endpointEvents === 'all' && covers(stored.events ?? [], selected))
	) {
		if (await updateEndpoint.call(this, stored.endpointId as string, url, events)) {
			staticData[STATIC_KEYS.events] = [...events];
		} else if (covers(stored.events ?? [], events)) {
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

export async function register(
	this: IHookFunctions,
	settings: RegistrationSettings,
): Promise<void> {
	const url = webhookUrl.call(this);
	const registration = await createEndpoint.call(
		this,
		url,
		eventsToRegister(selectedEvents.call(this), settings),
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
