import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { WEBHOOK_EVENT_OPTIONS } from '../PaymentPlatform/shared/optionTexts';
import { WEBHOOK_DELIVERY_HEADERS } from '../PaymentPlatform/transport/chosenNames';
import {
	chargeEventItem,
	deliveryIdsOf,
	eventOf,
	hasChargeObject,
	parseDeliveryBody,
} from './delivery';
import {
	forgetRecentDeliveries,
	hasSeenDelivery,
	keepRecentDeliveries,
	recentDeliveries,
	rememberDeliveries,
} from './deliveryWindow';
import { createEndpoint, removeEndpoint, selectedEvents, webhookUrl } from './endpoints';
import { signatureCandidates, withoutHeaders, type RequestHeaders } from './headers';
import {
	clearRegistration,
	isCurrentRegistration,
	readRegistration,
	saveRegistration,
	STATIC_KEYS,
} from './registration';
import { verifySignature } from './signature';

interface TriggerOptions {
	signatureHeader?: string;
	ignoreDuplicates?: boolean;
	includeHeaders?: boolean;
}

/** The body n8n sends back when the delivery starts the workflow. */
const ACCEPTED_ANSWER: IDataObject = { received: true };

/** Answers the request directly; the workflow does not run. */
function respond(this: IWebhookFunctions, status: number, body: IDataObject): IWebhookResponseData {
	this.getResponseObject().status(status).json(body);
	return { noWebhookResponse: true };
}

/** The raw body bytes as received, or undefined when n8n did not keep them (then nothing can be verified). */
function rawBodyOf(this: IWebhookFunctions): Buffer | undefined {
	const rawBody: unknown = this.getRequestObject().rawBody;
	if (Buffer.isBuffer(rawBody)) return rawBody;
	if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
	return undefined;
}

export class PaymentPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Payment Platform Trigger',
		name: 'paymentPlatformTrigger',
		icon: {
			light: 'file:../../icons/paymentPlatform.svg',
			dark: 'file:../../icons/paymentPlatform.dark.svg',
		},
		group: ['trigger'],
		// 1.1 behaves exactly like 1. n8n (checked with 2.41) evaluates a Webhook-node v1 expression through its
		// expression sandbox on every request to any trigger at typeVersion 1, which halves webhook throughput;
		// from 1.1 on it skips that. See README "Performance".
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description: 'Starts the workflow when the Payment Platform sends a signed charge event',
		defaults: { name: 'Payment Platform Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paymentPlatformApi', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// Empty, so that n8n answers with the webhookResponse below: left undefined, n8n 2.x answers an
				// accepted delivery with the literal text "firstEntryJson" (its default for this field).
				responseData: '',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				options: WEBHOOK_EVENT_OPTIONS,
				description:
					'The charge events that start the workflow. The webhook endpoint is registered with the Payment Platform for exactly these events; at least one is needed.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Ignore Duplicate Deliveries',
						name: 'ignoreDuplicates',
						type: 'boolean',
						default: true,
						description:
							'Whether to skip a delivery whose ID was already received (the platform resends a delivery until it is acknowledged). The last 1,000 IDs are remembered.',
					},
					{
						displayName: 'Include Headers',
						name: 'includeHeaders',
						type: 'boolean',
						default: false,
						description:
							'Whether to add the request headers to the output item under "headers" (the signature header is left out)',
					},
					{
						displayName: 'Signature Header',
						name: 'signatureHeader',
						type: 'string',
						default: '',
						placeholder: 'X-Signature',
						description:
							'The request header that carries the HMAC-SHA256 signature. Leave empty to use X-Signature, or failing that any header whose name ends in "-signature".',
					},
				],
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node');
				const stored = readRegistration(staticData);
				if (stored.endpointId === undefined && stored.secret === undefined) return false;
				const url = this.getNodeWebhookUrl('default');
				const events = [...new Set(this.getNodeParameter('events', []) as string[])];
				if (isCurrentRegistration(stored, url, events)) return true;
				// A registration for another URL or other events (or without its secret) is stale: replace it.
				if (stored.endpointId !== undefined) await removeEndpoint.call(this, stored.endpointId);
				forgetRecentDeliveries(stored.endpointId);
				clearRegistration(staticData);
				return false;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const url = webhookUrl.call(this);
				const events = selectedEvents.call(this);
				const registration = await createEndpoint.call(this, url, events);
				saveRegistration(this.getWorkflowStaticData('node'), registration);
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node');
				const { endpointId } = readRegistration(staticData);
				if (endpointId !== undefined) await removeEndpoint.call(this, endpointId);
				forgetRecentDeliveries(endpointId);
				clearRegistration(staticData);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const options = this.getNodeParameter('options', {}) as TriggerOptions;
		const staticData = this.getWorkflowStaticData('node');
		const headers = this.getHeaderData() as RequestHeaders;

		const { endpointId, secret } = readRegistration(staticData);
		const rawBody = rawBodyOf.call(this);
		const signatures = signatureCandidates(headers, options.signatureHeader);
		if (
			secret === undefined ||
			rawBody === undefined ||
			!signatures.some((signature) => verifySignature(secret, rawBody, signature.value))
		) {
			this.logger.debug('Payment Platform Trigger rejected a delivery without a valid signature');
			return respond.call(this, 401, { message: 'Missing or invalid signature' });
		}

		const body = parseDeliveryBody(rawBody);
		if (body === undefined) {
			return respond.call(this, 400, { message: 'The body is not a JSON object' });
		}

		// A signed delivery the trigger cannot read is answered 4xx, never 2xx-and-dropped: the platform keeps it (and
		// retries) where the user can see it. Only the user's own choices (events, duplicates) are acknowledged unused.
		const event = eventOf(body, headers);
		if (event === undefined) {
			return respond.call(this, 422, {
				message: `The delivery names no event (no "event" in the body, no ${WEBHOOK_DELIVERY_HEADERS.event} header)`,
			});
		}
		const events = this.getNodeParameter('events', []) as string[];
		if (!events.includes(event)) {
			return respond.call(this, 200, { received: true, ignored: 'event not selected' });
		}
		if (!hasChargeObject(body)) {
			return respond.call(this, 422, { message: 'The delivery has no "charge" object' });
		}

		const deliveryIds = deliveryIdsOf(headers, body);
		if (options.ignoreDuplicates !== false) {
			// The window lives in memory per endpoint (see deliveryWindow.ts): n8n does not keep what webhook()
			// writes to static data. The check and the update run without an await between them.
			const windowKey = endpointId ?? secret;
			const window = recentDeliveries(windowKey, staticData[STATIC_KEYS.recentDeliveryIds]);
			if (hasSeenDelivery(window, deliveryIds)) {
				return respond.call(this, 200, { received: true, ignored: 'duplicate delivery' });
			}
			const updated = rememberDeliveries(window, deliveryIds);
			keepRecentDeliveries(windowKey, updated);
			staticData[STATIC_KEYS.recentDeliveryIds] = updated;
		}

		const item = chargeEventItem(body, deliveryIds, event) as IDataObject;
		if (options.includeHeaders === true) {
			const signatureHeaders = [
				WEBHOOK_DELIVERY_HEADERS.signature,
				...(options.signatureHeader ? [options.signatureHeader] : []),
				...signatures.map((signature) => signature.name),
			];
			item.headers = withoutHeaders(headers, signatureHeaders) as IDataObject;
		}
		return {
			webhookResponse: ACCEPTED_ANSWER,
			workflowData: [this.helpers.returnJsonArray([item])],
		};
	}
}
