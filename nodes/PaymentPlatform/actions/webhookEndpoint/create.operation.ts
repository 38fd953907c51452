import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { getTrimmedString } from '../../shared/parameters';
import { WEBHOOK_ENDPOINTS_PATH } from '../../transport/chosenNames';
import { LIMITS, WEBHOOK_EVENTS } from '../../shared/apiValues';
import { InputValidator } from '../../shared/validate';
import { WEBHOOK_EVENT_OPTIONS } from '../../shared/optionTexts';
import { withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';

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
		description: `The http(s) address that receives the notifications (at most ${LIMITS.webhookEndpoint.url.max} characters)`,
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: [...WEBHOOK_EVENT_OPTIONS].sort((a, b) => a.name.localeCompare(b.name)),
		default: [],
		description: 'The charge events to notify (at least one)',
	},
	writeOptions,
];

const displayOptions = { show: { resource: ['webhookEndpoint'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const validate = new InputValidator(this.getNode(), i);
	const url = getTrimmedString.call(this, 'url', i);
	validate.required('url', url);
	validate.length('url', url, { max: LIMITS.webhookEndpoint.url.max });
	if (!isHttpUrl(url)) validate.fail('url', 'must be an http:// or https:// URL');

	const rawEvents = this.getNodeParameter('events', i, []) as unknown;
	const events = (Array.isArray(rawEvents) ? rawEvents : [rawEvents])
		.map((event) => String(event ?? '').trim())
		.filter((event) => event !== '');
	if (events.length === 0) validate.fail('events', 'must contain at least one event');
	events.forEach((event, index) => validate.oneOf(`events[${index}]`, event, WEBHOOK_EVENTS));

	const { data } = await apiRequest.call(this, 'POST', WEBHOOK_ENDPOINTS_PATH, {
		body: withAdditionalBody.call(
			this,
			i,
			{ url, events: [...new Set(events)] },
			{ url: 'URL', events: 'Events' },
		),
		itemIndex: i,
	});
	return data as IDataObject;
}

function isHttpUrl(value: string): boolean {
	try {
		const parsed = new URL(value);
		return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
	} catch {
		return false;
	}
}
