import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiField, declareFields } from '../../fields/fields';
import { getWithFields } from '../common.requests';
import { readOptions } from '../common.options';
import { operationDescription } from '../common.descriptions';

export const option = {
	name: 'Get Summary',
	description: 'Get the balance available to withdraw and the totals of past withdrawals',
	action: 'Get the withdrawal summary',
};

export const fields = declareFields([
	apiField(
		'Submerchant ID',
		'submerchantId',
		'Restrict the summary to this submerchant (UUID). Leave empty for the whole merchant.',
		{ field: 'submerchant_id', type: 'uuid' },
	),
	readOptions,
]);

export const description = operationDescription('withdrawal', 'getSummary', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	return await getWithFields.call(this, i, fields, () => '/v1/withdrawals/summary');
}
