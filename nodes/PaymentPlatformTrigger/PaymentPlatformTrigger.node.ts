import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { WEBHOOK_EVENT_OPTIONS } from '../PaymentPlatform/shared/optionTexts';
import { WEBHOOK_DELIVERY_HEADERS } from '../PaymentPlatform/api/chosenNames';
import {
	ACKNOWLEDGE_AFTER_RUN_VERSION,
	acknowledgeMode,
	acknowledgeProperties,
	acknowledgeWebhookFields,
} from './acknowledge';
import { readDelivery } from './delivery';
import {
	clearInFlight,
	forgetRecentDeliveries,
	hasSeenDelivery,
	isInFlight,
	markInFlight,
	rememberDeliveries,
	RETRY_RUNNING_DELIVERY_AFTER_SECONDS,
} from './deliveryWindow';
import {
	createEndpoint,
	listEndpoints,
	removeEndpoint,
	removeEndpointsAndConfirm,
	selectedEvents,
	webhookUrl,
} from './endpoints';
import { withoutHeaders, type RequestHeaders } from './headers';
import {
	clearRegistration,
	isCurrentRegistration,
	planRepair,
	readRegistration,
	saveRegistration,
} from './registration';
import { signatureOptions, verificationSettings, type SignatureOptions } from './signatureOptions';
import {
	isRecognisedEvent,
	reasonNotToRun,
	RUN_UNRECOGNISED_EVENTS_VERSION,
	unrecognisedEventsProperties,
} from './unrecognisedEvents';
import { verifyDelivery } from './verifyDelivery';
import {
	windowOptions,
	windowSettings,
	type WindowOptions,
	type WindowSettings,
} from './windowOptions';

interface TriggerOptions extends SignatureOptions, WindowOptions {
	includeHeaders?: boolean;
}

/** The duplicate window's settings from the node's options; an out-of-range bound stops with the option's name. */
function readWindowSettings(
	this: IHookFunctions | IWebhookFunctions,
	options = this.getNodeParameter('options', {}) as TriggerOptions,
): WindowSettings {
	const settings = windowSettings(options);
	if (typeof settings === 'string') throw new NodeOperationError(this.getNode(), settings);
	return settings;
}

/** What a sender is told when its delivery is refused (the reason is in the debug log too). */
const REFUSALS = {
	invalid: 'Missing or invalid signature',
	outsideTolerance: 'Signature timestamp outside the tolerance',
} as const;

/** The body n8n sends back when the delivery starts the workflow. */
const ACCEPTED_ANSWER: IDataObject = { received: true };

/** Answers the request directly; the workflow does not run. */
function respond(
	this: IWebhookFunctions,
	status: number,
	body: IDataObject,
	headers: Record<string, string> = {},
): IWebhookResponseData {
	const response = this.getResponseObject();
	for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
	response.status(status).json(body);
	return { noWebhookResponse: true };
}

/** The raw body bytes as received, or undefined when n8n did not keep them (then nothing can be verified). */
function rawBodyOf(this: IWebhookFunctions): Buffer | undefined {
	const rawBody: unknown = this.getRequestObject().rawBody;
	if (Buffer.isBuffer(rawBody)) return rawBody;
	if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
	return undefined;
}

/**
 * Duplicate suppression: the answer for a delivery already run (or still running), else undefined and the delivery
 * is admitted. The window lives in this process's memory per endpoint (deliveryWindow.ts says why not in static
 * data). Each check and its update run without an await between them.
 *
 * When received, a delivery is remembered as it is admitted. After the workflow succeeds, it is remembered only
 * when n8n answers it 2xx; until n8n answers (for `runningAtMostSeconds` at most: the run may be lost without a word),
 * a resend gets 503 with Retry-After (every retry policy reads it as "come back later", where a 4xx may end the
 * platform's retries); a failed run (5xx) leaves it free to run again when the platform resends it.
 */
function admitOnce(
	this: IWebhookFunctions,
	windowKey: string,
	keys: string[],
	{ bounds, runningAtMostSeconds }: WindowSettings,
): IWebhookResponseData | undefined {
	if (hasSeenDelivery(windowKey, keys, Date.now(), bounds)) {
		return respond.call(this, 200, { received: true, ignored: 'duplicate delivery' });
	}
	if (acknowledgeMode(this.getNodeParameter('acknowledge', 'onReceived')) === 'onReceived') {
		rememberDeliveries(windowKey, keys, Date.now(), bounds);
		return undefined;
	}
	if (isInFlight(windowKey, keys)) {
		return respond.call(
			this,
			503,
			{ message: 'This delivery is still running; send it again later' },
			{ 'Retry-After': String(RETRY_RUNNING_DELIVERY_AFTER_SECONDS) },
		);
	}
	const attempt = markInFlight(windowKey, keys, runningAtMostSeconds);
	// n8n ends the response when the run is over, also when the caller has hung up meanwhile (a platform's timeout):
	// then there is no 'finish' event, so the answer is taken where n8n gives it.
	const response = this.getResponseObject();
	const end = response.end.bind(response) as (...args: unknown[]) => unknown;
	response.end = ((...args: unknown[]) => {
		if (response.statusCode >= 200 && response.statusCode < 300)
			rememberDeliveries(windowKey, keys, Date.now(), bounds);
		clearInFlight(windowKey, keys, attempt);
		return end(...args);
	}) as typeof response.end;
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
		// 1.2: new nodes acknowledge a delivery after the workflow succeeds (acknowledge.ts).
		// 1.3: a delivery whose event is none of the nine runs (unrecognisedEvents.ts).
		version: [1, 1.1, ACKNOWLEDGE_AFTER_RUN_VERSION, RUN_UNRECOGNISED_EVENTS_VERSION],
		defaultVersion: RUN_UNRECOGNISED_EVENTS_VERSION,
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
				// When received, responseData is empty, so that n8n answers with the webhookResponse below: left
				// undefined, n8n 2.x answers an accepted delivery with the literal text "firstEntryJson".
				...acknowledgeWebhookFields,
				path: 'webhook',
			},
		],
		properties: [
			...acknowledgeProperties,
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
			...unrecognisedEventsProperties,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					...windowOptions,
					{
						displayName: 'Include Headers',
						name: 'includeHeaders',
						type: 'boolean',
						default: false,
						description:
							'Whether to add the request headers to the output item under "headers" (the signature header is left out)',
					},
					...signatureOptions,
				],
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node');
				const stored = readRegistration(staticData);
				const url = this.getNodeWebhookUrl('default');
				// Fails with a clear error before any request when no (or an unknown) event is selected, or when a
				// duplicate window bound is out of its range (activation refuses it rather than each delivery).
				const events = selectedEvents.call(this);
				readWindowSettings.call(this);
				const listed = await listEndpoints.call(this);
				if (listed === undefined) {
					// No list to check against: trust what is stored, as before.
					if (stored.endpointId === undefined && stored.secret === undefined) return false;
					if (isCurrentRegistration(stored, url, events)) return true;
					if (stored.endpointId !== undefined) await removeEndpoint.call(this, stored.endpointId);
				} else {
					// Missing on the platform, another URL or other events: register again; endpoints with this URL
					// whose secret n8n does not have: remove (registration.ts, planRepair).
					const plan = planRepair(stored, url, events, listed);
					await removeEndpointsAndConfirm.call(this, plan.remove);
					if (plan.keep) return true;
				}
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
				if (endpointId !== undefined) await removeEndpointsAndConfirm.call(this, [endpointId]);
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
		const settings = verificationSettings(options);
		if (typeof settings === 'string') throw new NodeOperationError(this.getNode(), settings);
		const rawBody = rawBodyOf.call(this);
		const result =
			secret === undefined || rawBody === undefined
				? undefined
				: verifyDelivery(secret, rawBody, headers, settings);
		if (secret === undefined || rawBody === undefined || result?.verified !== true) {
			const reason = result?.verified === false ? result.reason : 'invalid';
			this.logger.debug(`Payment Platform Trigger rejected a delivery: ${REFUSALS[reason]}`);
			return respond.call(this, 401, { message: REFUSALS[reason] });
		}

		// The signature proves the platform sent it: whatever its shape, the delivery runs (delivery.ts).
		const { item, duplicateKeys } = readDelivery(rawBody, headers);
		const events = this.getNodeParameter('events', []) as string[];
		const { typeVersion } = this.getNode();
		const notRun = reasonNotToRun(
			item.event,
			events,
			typeVersion,
			typeVersion >= RUN_UNRECOGNISED_EVENTS_VERSION
				? this.getNodeParameter('unrecognisedEvents', 'run')
				: undefined,
		);
		if (notRun !== undefined) return respond.call(this, 200, { received: true, ignored: notRun });

		if (options.ignoreDuplicates !== false) {
			const refused = admitOnce.call(
				this,
				endpointId ?? secret,
				duplicateKeys,
				readWindowSettings.call(this, options),
			);
			if (refused !== undefined) return refused;
		}

		const json = { ...item, verification: result.verification } as unknown as IDataObject;
		if (typeVersion >= RUN_UNRECOGNISED_EVENTS_VERSION) {
			json.eventRecognised = isRecognisedEvent(item.event);
		}
		if (options.includeHeaders === true) {
			const signatureHeaders = [
				WEBHOOK_DELIVERY_HEADERS.signature,
				...(options.signatureHeader ? [options.signatureHeader] : []),
				...result.headersRead,
			];
			json.headers = withoutHeaders(headers, signatureHeaders) as IDataObject;
		}
		return {
			webhookResponse: ACCEPTED_ANSWER,
			workflowData: [this.helpers.returnJsonArray([json])],
		};
	}
}
