import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { WITHDRAWAL_FEE_QUERY } from '../../../shared/chosenNames';
import { declareFields } from '../../fields/fields';
import { getWithFields } from '../common.requests';
import { readOptions } from '../common.options';

/** GET /v1/withdrawals/fee: the amount in cents (its name chosen in chosenNames.ts). */
export const fields = declareFields([
	{
		displayName: 'Amount (in Cents)',
		name: 'amount',
		type: 'number',
		default: 0,
		description:
			'The withdrawal amount, in cents (centavos), for which to compute the fee. For example 10000 = R$ 100,00.',
		api: {
			field: WITHDRAWAL_FEE_QUERY.amount,
			type: 'cents',
			required: true,
			chosen: 'the fee is asked for an amount',
		},
	},
	readOptions,
]);

const displayOptions = { show: { resource: ['withdrawal'], operation: ['getFee'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	return await getWithFields.call(this, i, fields, () => '/v1/withdrawals/fee');
}
