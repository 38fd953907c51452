/**
 * When n8n answers a delivery: the trigger's "Acknowledge" parameter and the webhook description fields it drives.
 */
import type { INodeProperties, IWebhookDescription } from 'n8n-workflow';

export type AcknowledgeMode = 'onReceived' | 'lastNode';

/** The first trigger version whose new nodes acknowledge after the workflow succeeds. */
export const ACKNOWLEDGE_AFTER_RUN_VERSION = 1.2;

const ACKNOWLEDGE_OPTIONS = [
	{
		name: 'When Received',
		value: 'onReceived',
		description:
			'Answer 2xx once the signature is verified, before the workflow runs (n8n 1.x answers before the execution even exists). Faster, but whatever then fails loses the event, since the platform will not send it again: a worker killed mid-run (measured in queue mode: 1 to 2 of 60 events lost), a failed run, an execution n8n could not queue (Redis unreachable, n8n 1.x).',
	},
	{
		name: 'After the Workflow Succeeds',
		value: 'lastNode',
		description:
			'Answer 2xx only when the execution has finished without error; a failed or crashed execution is answered 5xx, so the platform sends the event again. Loses no event while the platform retries; the platform waits for the run.',
	},
];

const DESCRIPTION =
	'When the platform is told that the event arrived. After the Workflow Succeeds loses no event while the platform retries (measured in queue mode under worker, webhook-process and Redis faults, see the README); When Received answers before the run and loses the events a fault catches.';

/** Shown on saved triggers that answer when received: n8n's own nodes flag settings they advise against this way. */
const SAFER_MODE_NOTICE: INodeProperties = {
	displayName:
		'This trigger answers the platform before the workflow runs: a crashed or failed run loses the event. Choose "After the Workflow Succeeds" to have the platform send it again instead.',
	name: 'acknowledgeNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { '@version': [1, 1.1], acknowledge: ['onReceived'] } },
};

/** The parameter, with a default per version: saved workflows (1, 1.1) keep answering when received. */
export const acknowledgeProperties: INodeProperties[] = [
	{
		displayName: 'Acknowledge',
		name: 'acknowledge',
		type: 'options',
		options: ACKNOWLEDGE_OPTIONS,
		default: 'onReceived',
		description: DESCRIPTION,
		displayOptions: { show: { '@version': [1, 1.1] } },
	},
	SAFER_MODE_NOTICE,
	{
		displayName: 'Acknowledge',
		name: 'acknowledge',
		type: 'options',
		options: ACKNOWLEDGE_OPTIONS,
		default: 'lastNode',
		description: DESCRIPTION,
		displayOptions: { show: { '@version': [{ _cnd: { gte: ACKNOWLEDGE_AFTER_RUN_VERSION } }] } },
	},
];

/** The mode in force for a parameter value (anything unknown answers when received, as n8n does). */
export function acknowledgeMode(value: unknown): AcknowledgeMode {
	return value === 'lastNode' ? 'lastNode' : 'onReceived';
}

/**
 * n8n 2.x reads a webhook description field through this registry key without its expression engine when the
 * node's parameters are static (n8n-workflow's `webhookDescriptionFields`; the key is a global symbol, so n8n 1.x,
 * which does not know it, evaluates the template instead). Without it, every delivery would need an expression
 * isolate just to read the two fields below (see docs/performance.md, "What the trigger makes n8n do").
 */
const WEBHOOK_RESOLVERS = Symbol.for('n8n.webhookDescriptionResolvers');

type Parameters = Record<string, unknown>;

const responseMode = {
	template: '={{$parameter["acknowledge"] === "lastNode" ? "lastNode" : "onReceived"}}',
	resolve: (parameters: Parameters) => acknowledgeMode(parameters.acknowledge),
};

/**
 * When received, the answer is the node's own `{"received": true}` (an empty responseData); after the run, an
 * empty 2xx: n8n's other choices would send the last node's output, the workflow's data, to the platform.
 */
const responseData = {
	template: '={{$parameter["acknowledge"] === "lastNode" ? "noData" : ""}}',
	resolve: (parameters: Parameters) =>
		acknowledgeMode(parameters.acknowledge) === 'lastNode' ? 'noData' : '',
};

/** The webhook description's answer fields for the Acknowledge parameter. */
export const acknowledgeWebhookFields = {
	responseMode: responseMode.template,
	responseData: responseData.template,
	[WEBHOOK_RESOLVERS]: { responseMode, responseData },
} as unknown as Pick<IWebhookDescription, 'responseMode' | 'responseData'>;
