import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { WEBHOOK_ENDPOINTS_PATH } from '../../transport/chosenNames';
import { LIMITS, WEBHOOK_EVENTS } from '../../shared/apiValues';
import type { FieldRule } from '../../shared/fieldRules';
import { buildRequest, describeRules } from '../../shared/fieldRules';
import { WEBHOOK_EVENT_OPTIONS } from '../../shared/optionTexts';
import { ownFieldsOf, withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';

/** POST /v1/postbacks/endpoints: url (required, max 2048) and events (required, at least 1, each an event name). */
export const rules: FieldRule[] = [
	{
		parameter: 'url',
		field: 'url',
		type: 'string',
		required: true,
		length: LIMITS.webhookEndpoint.url,
	},
	{
		parameter: 'events',
		field: 'events',
		type: 'array',
		entries: 'enum',
		values: WEBHOOK_EVENTS,
		required: true,
		minItems: 1,
		distinct: true,
	},
];

const properties: INodeProperties[] = [
	{
		displayName:
			"The response includes the endpoint's signing secret. It is returned only this once and will not be shown again: store it now (for example in the Payment Platform Trigger's credential).",
		name: 'secretNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://example.com/webhooks/payments',
		description: 'The address that receives the notifications',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: [...WEBHOOK_EVENT_OPTIONS].sort((a, b) => a.name.localeCompare(b.name)),
		default: [],
		description: 'The charge events to notify',
	},
	writeOptions,
];

/** The body fields this operation sets, by the node field that sets them (from its rule table). */
const ownFields = ownFieldsOf(properties, rules);

const displayOptions = { show: { resource: ['webhookEndpoint'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, describeRules(properties, rules));

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const { values } = buildRequest.call(this, i, rules);
	const body = withAdditionalBody.call(this, i, values, ownFields);
	const { data } = await apiRequest.call(this, 'POST', WEBHOOK_ENDPOINTS_PATH, {
		body,
		itemIndex: i,
	});
	return data as IDataObject;
}
