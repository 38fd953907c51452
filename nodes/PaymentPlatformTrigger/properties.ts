/**
 * The trigger's parameters as the editor shows them. Every default the reference does not state is a chosen one,
 * changeable in Options (docs/chosen-defaults.md); settings.ts reads them, hints.ts says what a setting trades away.
 */
import type { INodeProperties } from 'n8n-workflow';
import { WEBHOOK_SIGNATURE_NAMES } from './chosenNames';
import { WEBHOOK_EVENT_OPTIONS } from '../shared/optionTexts';

const NAMES = WEBHOOK_SIGNATURE_NAMES;

/**
 * The chosen defaults and ranges of the number options. Duplicate window: 3 to 8 MiB at the default (docs/trigger.md);
 * platforms resend for about three days. Resend Runs Again After: the first run may be lost without n8n saying so
 * for a while (a killed worker's job is reported after about 90 s), so a resend then runs: a duplicate, never a
 * loss. Endpoint Removal Delay: n8n unpublishes and republishes within moments when it publishes a changed trigger
 * or moves a project; within it the trigger takes its endpoint back, secret and all. Maximum Body Size (KiB): a charge
 * event with 250 items, every field filled, 20 split recipients and 50 metadata entries weighs 298 KiB, 762 KiB with
 * every accent escaped as JSON's \u00XX (test/trigger/bodyLimit.test.ts); a forged body under it costs at most one
 * MAC per claimed family and secret (docs/webhook-signatures.md).
 */
export const RANGES = {
	duplicateWindowSize: {
		displayName: 'Duplicate Window Size (Deliveries)',
		default: 10_000,
		min: 1,
		max: 100_000,
		wholeNumber: true,
	},
	duplicateWindowHours: {
		displayName: 'Duplicate Window Age (Hours)',
		default: 72,
		min: 1,
		max: 720,
	},
	resendRunsAfter: {
		displayName: 'Resend Runs Again After (Seconds)',
		default: 25,
		min: 1,
		max: 3600,
	},
	endpointRemovalDelay: {
		displayName: 'Endpoint Removal Delay (Seconds)',
		default: 60,
		min: 0,
		max: 3600,
	},
	previousSecretHours: {
		displayName: 'Previous Secret Grace Period (Hours)',
		default: 72,
		min: 0,
		max: 720,
	},
	maxBodySize: {
		displayName: 'Maximum Body Size (KiB)',
		default: 1024,
		min: 1,
		max: 1_048_576,
		wholeNumber: true,
	},
	secretRotation: {
		displayName: 'Secret Rotation',
		default: 0,
		min: 0,
		max: 1_000_000,
		wholeNumber: true,
	},
};
export type RangedOption = keyof typeof RANGES;
/**
 * A whole number is checked when the trigger reads it (settings.ts), never rounded: n8n's number input with
 * numberPrecision 0 would turn a typed 2.5 into 3 without a word.
 */
export type Range = {
	displayName: string;
	default: number;
	min: number;
	max: number;
	wholeNumber?: boolean;
};
const { duplicateWindowSize: SIZE, duplicateWindowHours: HOURS } = RANGES;

function rangedOption(name: RangedOption, description: string): INodeProperties {
	const range: Range = RANGES[name];
	const defaultValue = range.default;
	return {
		displayName: range.displayName,
		name,
		type: 'number',
		default: defaultValue,
		typeOptions: { minValue: range.min, maxValue: range.max },
		description,
	};
}

const ACKNOWLEDGE: INodeProperties = {
	displayName: 'Acknowledge',
	name: 'acknowledge',
	type: 'options',
	default: 'lastNode',
	options: [
		{
			name: 'After the Workflow Succeeds',
			value: 'lastNode',
			description:
				'Answer 2xx only when the execution has finished without error; a failed or crashed execution is answered 5xx, so the platform sends the event again. Loses no event while the platform retries. A workflow that pauses (Wait of 65 s or more, Send and Wait, a form or an approval) is answered 2xx when it pauses.',
		},
		{
			name: 'When Received',
			value: 'onReceived',
			description:
				'Answer 2xx once the signature is verified and n8n has taken the execution, before the workflow runs. Faster, but whatever then fails loses the event, since the platform will not send it again: a failed run, a worker killed mid-run.',
		},
	],
	description:
		'When the platform is told that the event arrived. After the Workflow Succeeds loses no event while the platform retries (measured in queue mode under worker, webhook-process and Redis faults, see the README); When Received answers before the run and loses the events a fault catches.',
};

const EVENTS: INodeProperties = {
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	required: true,
	default: [],
	options: WEBHOOK_EVENT_OPTIONS,
	description:
		'The charge events that start the workflow; at least one is needed. Which events the webhook endpoint is registered for is Options → Endpoint Events.',
};

const UNRECOGNISED_EVENTS: INodeProperties = {
	displayName: 'Unrecognised Events',
	name: 'unrecognisedEvents',
	type: 'options',
	default: 'run',
	options: [
		{
			name: 'Run the Workflow',
			value: 'run',
			description:
				'Run it like a selected event; the item says "eventRecognised": false so you can route it',
		},
		{
			name: 'Drop',
			value: 'drop',
			description:
				"Answer 200 and run nothing; the platform will not send it again, so the event is in nobody's hands",
		},
	],
	description:
		'What to do with a signed delivery whose event is none of the nine the Payment Platform documents, or that names no event (a platform that names events differently sends such deliveries). Known events that are not selected in Events never run.',
};

const OPTIONS: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	// n8n sorts a collection's options by display name in the editor; they are written in that order.
	options: [
		rangedOption(
			'duplicateWindowHours',
			`With Ignore Duplicate Deliveries: how long a delivery that ran is remembered, so that a resend of it starts nothing (${HOURS.min} to ${HOURS.max}). Platforms resend for up to about 3 days.`,
		),
		rangedOption(
			'duplicateWindowSize',
			`With Ignore Duplicate Deliveries: how many deliveries that ran are remembered per webhook, the oldest forgotten first: a whole number from ${SIZE.min} to ${SIZE.max.toLocaleString('en-US')}, a decimal is refused. Each costs 330 to 860 bytes of each webhook process's memory: the default ${SIZE.default.toLocaleString('en-US')} about 3 to 8 MiB.`,
		),
		{
			displayName: 'Endpoint Events',
			name: 'endpointEvents',
			type: 'options',
			default: 'all',
			options: [
				{
					name: 'All Nine, Only the Selected Ones Run',
					value: 'all',
					description:
						'The endpoint is registered for every event the Payment Platform documents; the ones not selected in Events are answered 200 and run nothing. Changing Events never replaces the endpoint or its secret, so no run of this workflow can bring back an older secret (queue mode).',
				},
				{
					name: 'Only the Selected Events',
					value: 'selected',
					description:
						"Fewer deliveries. Where the platform does not change an endpoint's events in place, adding an event registers a new endpoint with a new secret; in queue mode a run that writes static data while you do can restore the old secret, and deliveries get 401 until the workflow is published again.",
				},
			],
			description:
				'Which events the webhook endpoint is registered for. An endpoint registered before this option keeps its events until an event is added.',
		},
		rangedOption(
			'endpointRemovalDelay',
			`How long the platform's webhook endpoint stays after the workflow is unpublished (deactivated in n8n 1.x), ${RANGES.endpointRemovalDelay.min} to ${RANGES.endpointRemovalDelay.max}. n8n unpublishes and publishes again when you publish a changed trigger or move the workflow to another project: within this delay the trigger keeps its endpoint and secret, so the events the platform is resending still arrive. 0 removes it at once.`,
		),
		{
			displayName: 'Event ID Field',
			name: 'eventIdField',
			type: 'string',
			default: 'id',
			placeholder: 'e.g. data.event_id',
			description:
				"The field of the signed body that holds the event's ID (a dotted path reads inside an object). A resend carrying the same event ID is the same event even when the platform rebuilt the body (a new timestamp inside), so it runs once. A body that is a bare charge record has no event ID (its own ID is the charge's): it is recognised by its signed bytes. Empty: always by the signed bytes. A Standard Webhooks delivery is recognised by its signed Webhook-ID header.",
		},
		{
			displayName: 'Event Named Only in a Header',
			name: 'unsignedEventName',
			type: 'options',
			default: 'ignore',
			options: [
				{
					name: 'Ignore the Header',
					value: 'ignore',
					description:
						"The event is the one the signed charge record's status names (charge.&lt;status&gt;), else none (see Unrecognised Events)",
				},
				{
					name: 'Use the Header',
					value: 'use',
					description:
						'Risky: anyone who captured a signed delivery can send it again under another event name, to run it as a selected event or have it dropped as an unselected one. The item lists "event" in unsignedFields.',
				},
			],
			description:
				'What names the event of a signed delivery whose body names none, when a header the signature does not cover (X-Event) names one',
		},
		{
			displayName: 'Ignore Duplicate Deliveries',
			name: 'ignoreDuplicates',
			type: 'boolean',
			default: true,
			description: `Whether to skip a delivery that already ran (the platform resends a delivery until it is acknowledged), recognised by its signed Webhook-ID header, else its event ID (Event ID Field), else its signed bytes. Kept in n8n's deduplication store, which every n8n process reads and a restart keeps (the last ${SIZE.default.toLocaleString('en-US')} by default), and in each process's memory (the past ${HOURS.default} hours).`,
		},
		{
			displayName: 'Include Headers',
			name: 'includeHeaders',
			type: 'boolean',
			default: false,
			description:
				'Whether to add the request headers to the output item under "headers" (the signature headers are left out)',
		},
		rangedOption(
			'maxBodySize',
			`A delivery whose body is larger is answered 503 without any signature check and runs nothing, so a flood of large forged requests costs n8n little: a whole number from ${RANGES.maxBodySize.min} to ${RANGES.maxBodySize.max.toLocaleString('en-US')}, a decimal is refused. The platform sends a real one again: raise this and its next attempt runs (n8n's log names the size it refused). The default ${RANGES.maxBodySize.default.toLocaleString('en-US')} (1 MiB) fits a charge event with hundreds of items; n8n's own limit, N8N_PAYLOAD_SIZE_MAX (16 MiB by default), applies as well.`,
		),
		rangedOption(
			'previousSecretHours',
			`When the trigger registers a new endpoint (other events, another URL, an endpoint the platform lost), how long the old endpoint's secret still verifies deliveries the platform signed before the change and resends after it (${RANGES.previousSecretHours.min} to ${RANGES.previousSecretHours.max}; 0: at once no more)`,
		),
		rangedOption(
			'resendRunsAfter',
			"A resend of a delivery whose run has not answered yet gets 503 (come back later) for this long after the delivery arrived, then runs again, since the first run may have been lost; a resend that reaches another n8n process waits as long for that run's answer. Raise it for workflows that take longer (fewer duplicates); lower it for platforms that retry only a few times soon after (no lost events).",
		),
		rangedOption(
			'secretRotation',
			`A whole number from ${RANGES.secretRotation.min} to ${RANGES.secretRotation.max.toLocaleString('en-US')} (a decimal is refused). To revoke a leaked secret in one step, raise it by one and publish: the trigger removes its endpoint from the platform at once, registers a new one with a new secret, and from then on no earlier secret (the current one, previous ones in their grace period, one held for a republish) verifies any delivery. Deliveries the platform signed before and resends after it are refused (401).`,
		),
		{
			displayName: 'Signature Header',
			name: 'signatureHeader',
			type: 'string',
			default: '',
			placeholder: 'X-Signature',
			description:
				'The request header that carries the HMAC-SHA256 signature. Leave empty to use X-Signature and any header whose name ends in "-signature" (at most 8 headers are read).',
		},
		{
			displayName: 'Signature Scheme',
			name: 'signatureScheme',
			type: 'options',
			default: 'automatic',
			options: [
				{
					name: 'Automatic',
					value: 'automatic',
					description: 'Recognise any of the schemes below by the headers the delivery carries',
				},
				{
					name: 'Raw Body',
					value: 'rawBody',
					description:
						'HMAC of the body alone, hex or base64, optionally after "sha256=" (no timestamp)',
				},
				{
					name: 'Standard Webhooks',
					value: 'standardWebhooks',
					description:
						'Webhook-ID, Webhook-Timestamp and Webhook-Signature headers ("v1," then base64); a whsec_ secret is used decoded',
				},
				{
					name: 'Timestamp in Its Own Header',
					value: 'timestampHeader',
					description:
						'The timestamp in a header of its own, the signed text laid out as Signed Text Layout says',
				},
				{
					name: 'Timestamped (Stripe Style)',
					value: 'timestamped',
					description:
						'A "t=seconds,v1=hex" signature over the timestamp, a dot and the body, as Stripe signs',
				},
			],
			description:
				'How the platform signs its deliveries. Automatic accepts any scheme listed; pinning one accepts only that one.',
		},
		{
			displayName: 'Signed Text Layout',
			name: 'signedTextLayout',
			type: 'string',
			// Literal defaults (n8n's lint asks for them): test/trigger/properties.test.ts checks they are the chosen
			// names.
			default: '{timestamp}.{body}',
			placeholder: '{timestamp}.{body}',
			description:
				'When the timestamp comes in a header of its own: the text the platform signs, with {timestamp} and {body} in their places (e.g. v0:{timestamp}:{body} for Slack-style signing, {timestamp}{body} for Zendesk-style)',
		},
		{
			displayName: 'Timestamp Header',
			name: 'timestampHeader',
			type: 'string',
			default: '',
			placeholder: NAMES.timestampHeader,
			description: `The header carrying the timestamp when it is sent apart from the signature. Leave empty to use ${NAMES.timestampHeader}, else the first header whose name ends in "${NAMES.timestampHeaderSuffix}". Unix seconds, Unix milliseconds or ISO 8601.`,
		},
		{
			displayName: 'Timestamp Tolerance (Seconds)',
			name: 'timestampTolerance',
			type: 'number',
			default: 300,
			typeOptions: { minValue: 1 },
			description:
				'Replay window of the timestamped schemes: a delivery whose signed timestamp is further than this from now, in the past or the future, gets 401 and does not run',
		},
	],
};

export const triggerProperties: INodeProperties[] = [
	EVENTS,
	ACKNOWLEDGE,
	UNRECOGNISED_EVENTS,
	OPTIONS,
];
