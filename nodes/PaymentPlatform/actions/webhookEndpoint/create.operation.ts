import type { IExecuteFunctions } from 'n8n-workflow';
import { LIMITS, WEBHOOK_EVENTS } from '../../../shared/documentedValues';
import { apiField, declareFields, requestBody } from '../../fields/fields';
import { WEBHOOK_EVENT_OPTIONS } from '../../../shared/optionTexts';
import { webhookEndpointRequests } from '../../../shared/webhookEndpoints';
import { writeOptions } from '../common.options';
import { prepareWrite } from '../common.requests';
import type { PreparedWrite } from '../node.type';
import { operationDescription } from '../common.descriptions';

export const option = {
	name: 'Create',
	description:
		'Register a URL that is notified of the chosen charge events; returns its signing secret once',
	action: 'Create a webhook endpoint',
};

/**
 * The API returns the signing secret in this answer only; declared sensitive for n8n to redact it from stored
 * execution data.
 */
export const secretOutputFields = ['secret'];

export const fields = declareFields([
	{
		displayName:
			"The response includes the endpoint's signing secret. It is returned only this once and will not be shown again: store it now (for example in the Payment Platform Trigger's credential).",
		name: 'secretNotice',
		type: 'notice',
		default: '',
	},
	apiField(
		'URL',
		'url',
		'The address that receives the notifications',
		{ field: 'url', type: 'string', required: true, length: LIMITS.webhookEndpoint.url },
		{ placeholder: 'https://example.com/webhooks/payments' },
	),
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: [...WEBHOOK_EVENT_OPTIONS].sort((a, b) => a.name.localeCompare(b.name)),
		default: [],
		description: 'The charge events to notify',
		api: {
			field: 'events',
			type: 'array',
			entries: 'enum',
			values: WEBHOOK_EVENTS,
			required: true,
			minItems: 1,
			distinct: true,
		},
	},
	writeOptions,
]);

export const description = operationDescription('webhookEndpoint', 'create', fields.properties);

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const { method, path, options } = webhookEndpointRequests.create(
		requestBody.call(this, i, fields),
	);
	return await prepareWrite.call(this, method, path, { ...options, itemIndex: i });
}
