import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import type { FieldRule } from '../../shared/fieldRules';
import { buildRequest } from '../../shared/fieldRules';
import { ownFieldsOf, withAdditionalQuery } from '../../shared/additionalFields';
import { readOptions } from '../common.options';

/** GET /v1/withdrawals/summary: `submerchant_id` (uuid), optional. */
export const rules: FieldRule[] = [
	{ parameter: 'submerchantId', field: 'submerchant_id', type: 'uuid' },
];

const properties: INodeProperties[] = [
	{
		displayName: 'Submerchant ID',
		name: 'submerchantId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
		description:
			'Restrict the summary to this submerchant (UUID). Leave empty for the whole merchant.',
	},
	readOptions,
];

/** The query parameters this operation sets, by the node field that sets them (from its rule table). */
const ownFields = ownFieldsOf(properties, rules);

const displayOptions = { show: { resource: ['withdrawal'], operation: ['getSummary'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const { values } = buildRequest.call(this, i, rules);
	const qs = withAdditionalQuery.call(this, i, values, ownFields);
	const { data } = await apiRequest.call(this, 'GET', '/v1/withdrawals/summary', {
		qs,
		itemIndex: i,
	});
	return data as IDataObject;
}
