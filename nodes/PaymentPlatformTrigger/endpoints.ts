/**
 * The trigger's calls of the shared webhook-endpoint client (nodes/shared/webhookEndpoints.ts): it sends the client's
 * requests at once, where the action node prepares them to send once every item is checked.
 */
import {
	readWebhookEndpoint,
	sendWebhookEndpointRequest,
	webhookEndpointFields,
	webhookEndpointRequests,
	type WebhookEndpointRecord,
} from '../shared/webhookEndpoints';
import type { PaymentPlatformContext } from '../shared/transport/types';

export async function createWebhookEndpoint(
	this: PaymentPlatformContext,
	body: { url: string; events: string[] },
): Promise<Partial<WebhookEndpointRecord>> {
	const request = webhookEndpointRequests.create(body);
	// expectData false: the caller says precisely what is missing (the id, the secret).
	const result = await sendWebhookEndpointRequest.call(this, {
		...request,
		options: { ...request.options, expectData: false },
	});
	return webhookEndpointFields(result.data);
}

/** The endpoint as the answer shows it after the change; undefined when the answer shows none. */
export async function updateWebhookEndpoint(
	this: PaymentPlatformContext,
	id: string,
	body: { url: string; events: string[] },
): Promise<WebhookEndpointRecord | undefined> {
	const result = await sendWebhookEndpointRequest.call(
		this,
		webhookEndpointRequests.update(id, body),
	);
	return readWebhookEndpoint(result.data);
}

export async function removeWebhookEndpoint(
	this: PaymentPlatformContext,
	id: string,
): Promise<void> {
	await sendWebhookEndpointRequest.call(this, webhookEndpointRequests.remove(id));
}
