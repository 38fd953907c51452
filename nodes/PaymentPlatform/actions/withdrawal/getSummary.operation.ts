import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { declareFields } from '../../fields/fields';
import { getWithFields } from '../common.requests';
import { readOptions } from '../common.options';
import { operationDescription } from '../common.descriptions';

export const fields = declareFields([
	{
		displayName: 'Submerchant ID',
		name: 'submerchantId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
		description:
			'Restrict the summary to this submerchant (UUID). Leave empty for the whole merchant.',
		api: { field: 'submerchant_id', type: 'uuid' },
	},
	readOptions,
]);

export const description = operationDescription('withdrawal', 'getSummary', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	return await getWithFields.call(this, i, fields, () => '/v1/withdrawals/summary');
}
