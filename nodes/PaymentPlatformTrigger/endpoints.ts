/**
 * Registering, listing and removing the trigger's webhook endpoints with the API (POST /v1/postbacks/endpoints, and
 * the package's chosen GET and DELETE paths). All HTTP goes through the shared transport.
 */
import type { IHookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { LIMITS, WEBHOOK_EVENTS } from '../PaymentPlatform/api/documentedValues';
import { apiRequest, apiRequestAllItems } from '../PaymentPlatform/transport';
import { WEBHOOK_ENDPOINTS_PATH, webhookEndpointPath } from '../PaymentPlatform/api/chosenNames';
import {
	nonEmptyString,
	readListedEndpoints,
	type ListedEndpoint,
	type Registration,
} from './registration';

/** The selected events, each once and in the order of the list; fails when none (or an unknown one) is selected. */
export function selectedEvents(this: IHookFunctions): string[] {
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
export function webhookUrl(this: IHookFunctions): string {
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

/**
 * Creates the endpoint and returns what to store. A response without the endpoint's id or secret fails: without the
 * secret no delivery could be verified. Such an endpoint, if it got an id, is removed again (best effort).
 */
export async function createEndpoint(
	this: IHookFunctions,
	url: string,
	events: string[],
): Promise<Registration> {
	// expectData false: a missing data is reported below, more precisely (the id and the secret are missing).
	const { data } = await apiRequest.call(this, 'POST', WEBHOOK_ENDPOINTS_PATH, {
		body: { url, events },
		expectData: false,
	});
	const endpoint =
		data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
	const endpointId = nonEmptyString(endpoint.id);
	const secret = nonEmptyString(endpoint.secret);
	if (endpointId === undefined || secret === undefined) {
		if (endpointId !== undefined) await removeEndpoint.call(this, endpointId);
		const missing = [endpointId === undefined && 'id', secret === undefined && 'secret'].filter(
			Boolean,
		);
		// Only what is missing is reported: the response itself may hold the secret.
		throw new NodeApiError(this.getNode(), { missing } as JsonObject, {
			message: `The Payment Platform did not return the webhook endpoint's ${missing.join(' and ')}`,
			description:
				'The webhook cannot be activated: the endpoint id is needed to remove it later and the secret to verify deliveries. Nothing was stored; try activating again.',
		});
	}
	return { endpointId, secret, url, events };
}

/**
 * Removes the endpoint, best effort: a 404 means it is already gone; any other failure is logged (without the
 * secret, which is never sent here) and does not stop deactivation.
 */
export async function removeEndpoint(this: IHookFunctions, endpointId: string): Promise<void> {
	try {
		await apiRequest.call(this, 'DELETE', webhookEndpointPath(endpointId), { expectData: false });
	} catch (error) {
		const httpCode = httpCodeOf(error);
		if (httpCode === '404') {
			this.logger.debug(`Payment Platform webhook endpoint ${endpointId} was already removed`);
			return;
		}
		const reason = error instanceof Error ? error.message : String(error);
		this.logger.warn(
			`Could not remove Payment Platform webhook endpoint ${endpointId}; remove it in the platform if it remains: ${reason}`,
			{ endpointId, httpCode: httpCode || undefined },
		);
	}
}

function httpCodeOf(error: unknown): string {
	return String((error as { httpCode?: unknown }).httpCode ?? '');
}

/**
 * The endpoints the platform lists for this key pair (GET on the chosen list path, every page), or undefined when
 * it cannot be read: a 404 means the platform has no such list (logged once per call, as information); any other
 * failure is logged as a warning. Either way activation goes on as without a list.
 */
export async function listEndpoints(this: IHookFunctions): Promise<ListedEndpoint[] | undefined> {
	try {
		return readListedEndpoints(
			await apiRequestAllItems.call(this, WEBHOOK_ENDPOINTS_PATH, {}, undefined),
		);
	} catch (error) {
		if (httpCodeOf(error) === '404') {
			this.logger.info(
				`The Payment Platform answered 404 to GET ${WEBHOOK_ENDPOINTS_PATH}: it has no endpoint list there, so the trigger's registration is not checked against the platform`,
			);
		} else {
			const reason = error instanceof Error ? error.message : String(error);
			this.logger.warn(
				`Could not list the Payment Platform's webhook endpoints, so the trigger's registration is not checked against the platform: ${reason}`,
			);
		}
		return undefined;
	}
}

/**
 * Removes endpoints and confirms through the list that they are gone; one still listed is logged as a warning (the
 * platform would keep sending deliveries that n8n can no longer verify).
 */
export async function removeEndpointsAndConfirm(
	this: IHookFunctions,
	endpointIds: readonly string[],
): Promise<void> {
	if (endpointIds.length === 0) return;
	for (const endpointId of endpointIds) await removeEndpoint.call(this, endpointId);
	const listed = await listEndpoints.call(this);
	if (listed === undefined) return;
	const remaining = listed.filter((endpoint) => endpointIds.includes(endpoint.id));
	for (const endpoint of remaining) {
		this.logger.warn(
			`Payment Platform webhook endpoint ${endpoint.id} is still listed after it was removed; it may keep sending deliveries that this workflow cannot verify. Remove it in the platform (Webhook Endpoint → Delete).`,
			{ endpointId: endpoint.id },
		);
	}
}
