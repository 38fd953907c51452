import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { getUuidParameter } from '../../shared/parameters';
import { readOptions } from '../common.options';
import { withAdditionalQuery } from '../../shared/additionalFields';

const properties: INodeProperties[] = [
	{
		displayName: 'Receivable ID',
		name: 'receivableId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
		description: 'UUID of the receivable',
	},
	readOptions,
];

const displayOptions = { show: { resource: ['receivable'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = getUuidParameter.call(this, 'receivableId', i, 'receivable_id');
	const { data } = await apiRequest.call(this, 'GET', `/v1/receivables/${id}`, {
		qs: withAdditionalQuery.call(this, i, {}, {}),
		itemIndex: i,
	});
	return data as IDataObject;
}
