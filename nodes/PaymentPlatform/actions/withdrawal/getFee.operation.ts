import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { WITHDRAWAL_FEE_QUERY } from '../../transport/chosenNames';
import { InputValidator } from '../../shared/validate';
import { readOptions } from '../common.options';
import { withAdditionalQuery } from '../../shared/additionalFields';

const properties: INodeProperties[] = [
	{
		displayName: 'Amount (in Cents)',
		name: 'amount',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		required: true,
		description:
			'The withdrawal amount, in cents (centavos), for which to compute the fee. For example 10000 = R$ 100,00.',
	},
	readOptions,
];

const displayOptions = { show: { resource: ['withdrawal'], operation: ['getFee'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const validate = new InputValidator(this.getNode(), i);
	const amount = validate.optionalInteger('amount', this.getNodeParameter('amount', i), { min: 0 });
	validate.required('amount', amount);

	const { data } = await apiRequest.call(this, 'GET', '/v1/withdrawals/fee', {
		qs: withAdditionalQuery.call(
			this,
			i,
			{ [WITHDRAWAL_FEE_QUERY.amount]: amount },
			{ [WITHDRAWAL_FEE_QUERY.amount]: 'Amount (in Cents)' },
		),
		itemIndex: i,
	});
	return data as IDataObject;
}
