import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { webhookEndpointPath } from '../../transport/chosenNames';
import { getUuidParameter } from '../../shared/parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Webhook Endpoint ID',
		name: 'webhookEndpointId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
		description:
			'UUID of the endpoint to remove (Webhook Endpoint → Get Many lists them). It stops receiving notifications at once.',
	},
];

const displayOptions = { show: { resource: ['webhookEndpoint'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = getUuidParameter.call(this, 'webhookEndpointId', i, 'webhook_endpoint_id');
	const { message } = await apiRequest.call(this, 'DELETE', webhookEndpointPath(id), {
		itemIndex: i,
		expectData: false,
	});
	return { id, deleted: true, message };
}
