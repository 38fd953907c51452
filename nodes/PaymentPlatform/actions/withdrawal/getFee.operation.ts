import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { WITHDRAWAL_FEE_QUERY } from '../../../shared/chosenNames';
import { apiField, declareFields } from '../../fields/fields';
import { getWithFields } from '../common.requests';
import { readOptions } from '../common.options';
import { operationDescription } from '../common.descriptions';

export const option = {
	name: 'Get Fee',
	description: 'Compute the fee charged to withdraw an amount; needs the amount in cents',
	action: 'Get the fee for a withdrawal',
};

export const fields = declareFields([
	apiField(
		'Amount (in Cents)',
		'amount',
		'The withdrawal amount, in cents (centavos), for which to compute the fee. For example 10000 = R$ 100,00.',
		{
			field: WITHDRAWAL_FEE_QUERY.amount,
			type: 'cents',
			required: true,
			chosen: 'the fee is asked for an amount',
		},
	),
	readOptions,
]);

export const description = operationDescription('withdrawal', 'getFee', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	return await getWithFields.call(this, i, fields, () => '/v1/withdrawals/fee');
}
