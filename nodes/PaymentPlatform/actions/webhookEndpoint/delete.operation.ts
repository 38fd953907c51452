import type { IExecuteFunctions } from 'n8n-workflow';
import { webhookEndpointRequests } from '../../../shared/webhookEndpoints';
import { declareFields, readPathIds } from '../../fields/fields';
import { uuidPathId, operationDescription } from '../common.descriptions';
import { prepareWrite } from '../common.requests';
import type { PreparedWrite } from '../node.type';

export const option = {
	name: 'Delete',
	description:
		'Remove a webhook endpoint so that it is no longer notified, e.g. one left behind by a deleted workflow; needs the endpoint ID',
	action: 'Delete a webhook endpoint',
};

export const fields = declareFields([
	uuidPathId({
		displayName: 'Webhook Endpoint ID',
		name: 'webhookEndpointId',
		pathId: 'webhook_endpoint_id',
		description:
			'UUID of the endpoint to remove (Webhook Endpoint → Get Many lists them). It stops receiving notifications at once.',
	}),
]);

export const description = operationDescription('webhookEndpoint', 'delete', fields.properties);

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const id = readPathIds.call(this, i, fields).webhook_endpoint_id;
	const { method, path, options } = webhookEndpointRequests.remove(id);
	const output = ({ message }: { message: string }) => ({ id, deleted: true, message });
	return await prepareWrite.call(this, method, path, { ...options, itemIndex: i }, output, id);
}
