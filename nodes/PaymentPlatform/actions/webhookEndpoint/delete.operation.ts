import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { webhookEndpointPath } from '../../api/chosenNames';
import { declareFields, readPathIds } from '../../shared/fields';
import { uuidPathId } from '../common.descriptions';

export const fields = declareFields([
	uuidPathId({
		displayName: 'Webhook Endpoint ID',
		name: 'webhookEndpointId',
		pathId: 'webhook_endpoint_id',
		description:
			'UUID of the endpoint to remove (Webhook Endpoint → Get Many lists them). It stops receiving notifications at once.',
	}),
]);

const displayOptions = { show: { resource: ['webhookEndpoint'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = readPathIds.call(this, i, fields).webhook_endpoint_id;
	const { message } = await apiRequest.call(this, 'DELETE', webhookEndpointPath(id), {
		itemIndex: i,
		expectData: false,
	});
	return { id, deleted: true, message };
}
