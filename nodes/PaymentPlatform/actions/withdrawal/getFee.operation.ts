import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { WITHDRAWAL_FEE_QUERY } from '../../transport/chosenNames';
import type { FieldRule } from '../../shared/fieldRules';
import { buildRequest } from '../../shared/fieldRules';
import { ownFieldsOf, withAdditionalQuery } from '../../shared/additionalFields';
import { readOptions } from '../common.options';

/** GET /v1/withdrawals/fee: the amount in cents (its name chosen in chosenNames.ts). */
export const rules: FieldRule[] = [
	{
		parameter: 'amount',
		field: WITHDRAWAL_FEE_QUERY.amount,
		type: 'cents',
		required: true,
		chosen: 'the fee is asked for an amount',
	},
];

const properties: INodeProperties[] = [
	{
		displayName: 'Amount (in Cents)',
		name: 'amount',
		type: 'number',
		typeOptions: { numberPrecision: 0 },
		default: 0,
		required: true,
		description:
			'The withdrawal amount, in cents (centavos), for which to compute the fee. For example 10000 = R$ 100,00.',
	},
	readOptions,
];

/** The query parameters this operation sets, by the node field that sets them (from its rule table). */
const ownFields = ownFieldsOf(properties, rules);

const displayOptions = { show: { resource: ['withdrawal'], operation: ['getFee'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const { values } = buildRequest.call(this, i, rules);
	const qs = withAdditionalQuery.call(this, i, values, ownFields);
	const { data } = await apiRequest.call(this, 'GET', '/v1/withdrawals/fee', {
		qs,
		itemIndex: i,
	});
	return data as IDataObject;
}
