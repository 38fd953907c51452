/**
 * Registering and removing the trigger's webhook endpoint with the API (POST /v1/postbacks/endpoints and the
 * package's chosen DELETE path). All HTTP goes through the shared transport.
 */
import type { IHookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { LIMITS, WEBHOOK_EVENTS } from '../PaymentPlatform/api/documentedValues';
import { apiRequest } from '../PaymentPlatform/transport';
import { WEBHOOK_ENDPOINTS_PATH, webhookEndpointPath } from '../PaymentPlatform/api/chosenNames';
import { nonEmptyString, type Registration } from './registration';

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
		const httpCode = String((error as { httpCode?: unknown }).httpCode ?? '');
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
