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
			'Answer 2xx as soon as the signature is verified, before the workflow runs. Fastest, but an execution that fails to start, or a worker that dies mid-run, loses the event: the platform believes it was delivered.',
	},
	{
		name: 'After the Workflow Succeeds',
		value: 'lastNode',
		description:
			'Answer 2xx only when the execution has finished without error; a failed or crashed execution is answered 5xx so the platform sends the event again. No event is lost; the platform waits for the run.',
	},
];

const DESCRIPTION =
	'When the platform is told that the event arrived. New nodes answer after the workflow succeeds because that loses no event: in our queue-mode test with a worker killed mid-run it lost none, while answering when received lost the events that worker was running.';

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
