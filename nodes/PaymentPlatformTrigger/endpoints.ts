/**
 * The trigger's calls of the shared webhook-endpoint client (nodes/shared/webhookEndpoints.ts): it sends the client's
 * requests at once, where the action node prepares them to send once every item is checked, and it reads each answer
 * for what registration needs (an id and a secret, the events changed, the endpoints listed).
 */
import type { IHookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import {
	listWebhookEndpoints,
	readWebhookEndpoint,
	sendWebhookEndpointRequest,
	webhookEndpointFields,
	webhookEndpointListRoute,
	webhookEndpointRequests,
} from '../shared/webhookEndpoints';
import type { Registration } from './registrationState';

export function sameEventSet(a: readonly string[], b: readonly string[]): boolean {
	const left = new Set(a);
	const right = new Set(b);
	return left.size === right.size && [...left].every((event) => right.has(event));
}

/** An event as a platform may write it back: `charge.captured`, `CHARGE_CAPTURED`. */
const comparableEvent = (event: string) => event.toLowerCase().replace(/[^a-z0-9]/g, '');

function httpCodeOf(error: unknown): string {
	return String((error as { httpCode?: unknown }).httpCode ?? '');
}

export function reasonOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** A response without the endpoint's id or secret fails (no delivery could be verified); an orphan id is removed. */
export async function createEndpoint(
	this: IHookFunctions,
	url: string,
	events: string[],
	rotation: number,
): Promise<Registration> {
	const request = webhookEndpointRequests.create({ url, events });
	// expectData false: what is missing (the id, the secret) is said precisely below.
	const result = await sendWebhookEndpointRequest.call(this, {
		...request,
		options: { ...request.options, expectData: false },
	});
	const { id: endpointId, secret } = webhookEndpointFields(result.data);
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
export async function updateEndpoint(
	this: IHookFunctions,
	endpointId: string,
	url: string,
	events: string[],
): Promise<boolean> {
	let why: string;
	let httpCode: string | undefined;
	try {
		const result = await sendWebhookEndpointRequest.call(
			this,
			webhookEndpointRequests.update(endpointId, { url, events }),
		);
		const answered = readWebhookEndpoint(result.data);
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
export async function removeEndpoint(this: IHookFunctions, endpointId: string): Promise<void> {
	try {
		await sendWebhookEndpointRequest.call(this, webhookEndpointRequests.remove(endpointId));
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
export async function readEndpointList(
	this: IHookFunctions,
): Promise<{ endpoints: ListedEndpoint[]; complete: boolean } | undefined> {
	let list;
	try {
		list = await listWebhookEndpoints.call(this, { maxPages: ENDPOINT_LIST_MAX_PAGES });
	} catch (error) {
		const missing = httpCodeOf(error) === '404';
		this.logger[missing ? 'info' : 'warn'](
			missing
				? `The Payment Platform answered 404 to ${webhookEndpointListRoute}: it has no endpoint list there, so the trigger's registration is not checked against the platform`
				: `Could not list the Payment Platform's webhook endpoints, so the trigger's registration is not checked against the platform: ${reasonOf(error)}`,
		);
		return undefined;
	}
	if (list === undefined) {
		this.logger.warn(
			`The Payment Platform's webhook endpoint list (${webhookEndpointListRoute}) has no list of endpoints in its data, so the trigger's registration is not checked against the platform`,
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
export async function removeEndpointsAndConfirm(
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
