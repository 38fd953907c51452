import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { getUuidParameter } from '../../shared/parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Anticipation ID',
		name: 'anticipationId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
		description: 'UUID of the pending anticipation to cancel',
	},
];

const displayOptions = { show: { resource: ['anticipation'], operation: ['cancel'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = getUuidParameter.call(this, 'anticipationId', i, 'anticipation_id');
	const { message } = await apiRequest.call(this, 'DELETE', `/v1/anticipations/${id}`, {
		itemIndex: i,
		expectData: false,
	});
	return { success: true, message };
}
