import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { WEBHOOK_DELIVERY_HEADERS } from './chosenNames';
import { WEBHOOK_EVENTS } from '../shared/documentedValues';
import {
	ACCEPTED_ANSWER,
	acknowledgeWebhookFields,
	admitOnce,
	logRefusal,
	pausingNodesAfter,
	REFUSAL_STATUS,
	REFUSALS,
	respond,
	type Refusal,
} from './acknowledgement';
import { readDelivery } from './delivery';
import { CONFIRMED_FIELD, passDeliveries, takeAnswers, triggerKey } from './deliveryStore';
import { triggerProperties } from './properties';
import { triggerBuilderHint, triggerHints, triggerPanel } from './hints';
import {
	acknowledgeMode,
	deliveryReading,
	registrationSettings,
	verificationSettings,
	windowSettings,
	type RegistrationSettings,
	type TriggerOptions,
} from './settings';
import { keepRegistration, register, release } from './registration';
import { REGISTRATION_FIELD, restoreRegistration, sealRegistration } from './registrationCarry';
import { trustedSecrets } from './registrationState';
import { isTooLarge, verifyWithSecrets } from './verification';
import {
	getHeader,
	signatureCandidates,
	withoutHeaders,
	type RequestHeaders,
} from './signatureHeaders';

type Context = IHookFunctions | IWebhookFunctions;

function optionsOf(this: Context): TriggerOptions {
	return this.getNodeParameter('options', {}) as TriggerOptions;
}

function valid<T extends object>(node: INode, setting: T | string): T {
	if (typeof setting === 'string') throw new NodeOperationError(node, setting);
	return setting;
}

async function rawBodyOf(this: IWebhookFunctions): Promise<Buffer | undefined> {
	const request = this.getRequestObject() as ReturnType<IWebhookFunctions['getRequestObject']> & {
		readRawBody?: () => Promise<void>;
	};
	const contentType = getHeader(this.getHeaderData() as RequestHeaders, 'content-type') ?? '';
	if (request.rawBody === undefined && !contentType.toLowerCase().startsWith('multipart/')) {
		// n8n reads the body only for the content types it parses; a signed body of any other type is read here.
		try {
			await request.readRawBody?.();
		} catch {
			return undefined;
		}
	}
	const rawBody: unknown = request.rawBody;
	if (Buffer.isBuffer(rawBody)) return rawBody;
	if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
	return undefined;
}

const isRecognisedEvent = (event: string | null) =>
	event !== null && (WEBHOOK_EVENTS as readonly string[]).includes(event);

function reasonNotToRun(this: IWebhookFunctions, event: string | null): string | undefined {
	if (isRecognisedEvent(event)) {
		const selected = this.getNodeParameter('events', []) as string[];
		return selected.includes(event as string) ? undefined : 'event not selected';
	}
	return this.getNodeParameter('unrecognisedEvents', 'run') === 'drop'
		? 'event not recognised'
		: undefined;
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
		// Not 1: at typeVersion 1 n8n evaluates its old Webhook node's binary-data expression on every request, halving
		// throughput (lab/reports/performance.md).
		version: 1.1,
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
				// Left undefined, responseData makes n8n 2.x answer an accepted delivery with the text "firstEntryJson".
				...acknowledgeWebhookFields,
				path: 'webhook',
			},
		],
		properties: triggerProperties,
		hints: triggerHints,
		triggerPanel,
		activationMessage:
			'The selected charge events of the Payment Platform now start this workflow. Publishing a fix later keeps the endpoint and its secret.',
		builderHint: triggerBuilderHint,
		// With Include Headers, a header of the platform's request that could carry a credential.
		sensitiveOutputFields: [
			'headers.authorization',
			'headers.proxy-authorization',
			'headers.cookie',
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const options = optionsOf.call(this);
				// Out-of-range options fail here, before any request, rather than at each delivery.
				valid(this.getNode(), windowSettings(options));
				valid(this.getNode(), verificationSettings(options));
				const settings = valid(this.getNode(), registrationSettings(options));
				if (acknowledgeMode(this.getNodeParameter('acknowledge', 'lastNode')) === 'lastNode') {
					const children = this.getChildNodes(this.getNode().name, { includeNodeParameters: true });
					const pausing = pausingNodesAfter(children);
					if (pausing.length > 0) {
						const nodes = pausing.map((node) => `"${node.name}" (${node.why})`).join(', ');
						this.logger.warn(
							`Payment Platform Trigger in workflow "${this.getWorkflow().name}": ${nodes} can pause the execution, and n8n answers the platform 2xx when it pauses, so a run that fails after the pause is not sent again (docs/trigger.md, "Acknowledge")`,
						);
					}
				}
				return await keepRegistration.call(this, settings);
			},

			async create(this: IHookFunctions): Promise<boolean> {
				await register.call(
					this,
					valid(this.getNode(), registrationSettings(optionsOf.call(this))),
				);
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				// An option out of its range never stops an unpublish: its default applies.
				const read = registrationSettings(optionsOf.call(this));
				const settings = typeof read === 'string' ? registrationSettings({}) : read;
				await release.call(this, settings as RegistrationSettings);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const options = optionsOf.call(this);
		const settings = valid(this.getNode(), verificationSettings(options));
		const headers = this.getHeaderData() as RequestHeaders;
		const webhook = this.getNodeWebhookUrl('default') ?? '';
		const secrets = trustedSecrets.call(
			this,
			valid(this.getNode(), registrationSettings(options)),
			Date.now(),
		);
		const { current, previous } = secrets;
		// Over Maximum Body Size by its Content-Length: refused before the body is read (a type n8n leaves unread).
		const declaredBytes = Number(getHeader(headers, 'content-length'));
		const rawBody = isTooLarge(declaredBytes, settings) ? undefined : await rawBodyOf.call(this);
		const bytes = rawBody?.length ?? (Number.isFinite(declaredBytes) ? declaredBytes : 0);
		const tooLarge = isTooLarge(bytes, settings);
		const hasSecret = current !== undefined || previous.length > 0;
		const result =
			hasSecret && rawBody !== undefined && !tooLarge
				? verifyWithSecrets(current, previous, rawBody, headers, settings)
				: undefined;
		if (rawBody === undefined || result?.verified !== true) {
			const reason: Refusal['reason'] = tooLarge
				? 'tooLarge'
				: !hasSecret
					? 'noSecret'
					: rawBody === undefined
						? 'unreadable'
						: (result?.verified === false && result.reason) || 'invalid';
			logRefusal(this.logger, webhook, this.getWorkflow().name ?? '', {
				reason,
				contentType: getHeader(headers, 'content-type'),
				bytes,
				signatureHeaders: signatureCandidates(headers, settings.signatureHeader).map((h) => h.name),
			});
			return respond.call(this, REFUSAL_STATUS[reason], { message: REFUSALS[reason] });
		}

		// A run wrote an older registration back over the one this process made: the signature checked, put it back.
		secrets.repair?.();
		// The signature proves the platform sent it: whatever its shape, the delivery runs (delivery.ts).
		const { item, keys } = readDelivery(rawBody, headers, result.signed, deliveryReading(options));
		const notRun = reasonNotToRun.call(this, item.event);
		if (notRun !== undefined) return respond.call(this, 200, { received: true, ignored: notRun });

		const duplicates =
			options.ignoreDuplicates === false
				? undefined
				: valid(this.getNode(), windowSettings(options));
		const refused = admitOnce.call(
			this,
			webhook,
			keys,
			acknowledgeMode(this.getNodeParameter('acknowledge', 'lastNode')),
			duplicates,
		);
		if (refused !== undefined) return refused;

		const json = {
			...item,
			verification: { ...result.verification },
			eventRecognised: isRecognisedEvent(item.event),
		} as unknown as IDataObject;
		if (options.includeHeaders === true) {
			json.headers = withoutHeaders(headers, [
				WEBHOOK_DELIVERY_HEADERS.signature,
				...(options.signatureHeader ? [options.signatureHeader] : []),
				...result.headersRead,
			]) as IDataObject;
		}
		// n8n's answers this process could not write: the run's first step writes them (deliveryStore.ts).
		const answers =
			duplicates === undefined || this.getMode() === 'manual'
				? []
				: takeAnswers(triggerKey(this.getWorkflow().id, this.getNode().id));
		if (answers.length > 0) json[CONFIRMED_FIELD] = answers;
		// The run may start from static data without the registration (queue mode): registrationCarry.ts.
		const registration =
			this.getMode() === 'manual' ? undefined : await sealRegistration.call(this);
		if (registration !== undefined) json[REGISTRATION_FIELD] = registration;
		return {
			webhookResponse: ACCEPTED_ANSWER,
			workflowData: [this.helpers.returnJsonArray([json])],
		};
	}

	/**
	 * n8n calls it with the items webhook() returned, as the run's first step (the execute context offers n8n's
	 * deduplication store, the webhook context does not): a delivery the store knows as run runs nothing more.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const options = this.getNodeParameter('options', 0, {}) as TriggerOptions;
		const window = options.ignoreDuplicates === false ? undefined : windowSettings(options);
		const test = this.getMode() === 'manual';
		await restoreRegistration.call(this);
		return [
			await passDeliveries.call(this, {
				maxEntries: test || typeof window !== 'object' ? undefined : window.bounds.maxIds,
				recordAtStart:
					acknowledgeMode(this.getNodeParameter('acknowledge', 0, 'lastNode')) === 'onReceived',
				waitAtMostMs: typeof window === 'object' ? window.runningAtMostSeconds * 1000 : 0,
			}),
		];
	}
}
