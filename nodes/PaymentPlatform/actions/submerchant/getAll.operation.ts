import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../transport';
import { SUBMERCHANT_LIST_QUERY } from '../../transport/chosenNames';
import { SUBMERCHANT_STATUSES } from '../../shared/apiValues';
import { getListLimit } from '../../shared/parameters';
import { InputValidator } from '../../shared/validate';
import { returnAllAndLimit } from '../common.descriptions';
import { SUBMERCHANT_STATUS_OPTIONS } from '../../shared/optionTexts';
import { simplifyAllIfChosen, simplifyProperty } from '../../shared/simplify';
import { readOptions } from '../common.options';
import { PAGINATION_FIELDS, withAdditionalQuery } from '../../shared/additionalFields';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyProperty('submerchant'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: SUBMERCHANT_STATUS_OPTIONS,
				default: 'pending',
				description: 'Only return submerchants in this status',
			},
		],
	},
	readOptions,
];

const displayOptions = { show: { resource: ['submerchant'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const limit = getListLimit.call(this, i);
	const filters = this.getNodeParameter('filters', i, {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.status !== undefined && filters.status !== '') {
		new InputValidator(this.getNode(), i).oneOf('status', filters.status, SUBMERCHANT_STATUSES);
		qs[SUBMERCHANT_LIST_QUERY.status] = filters.status;
	}
	const query = withAdditionalQuery.call(this, i, qs, {
		...PAGINATION_FIELDS,
		[SUBMERCHANT_LIST_QUERY.status]: 'Filters → Status',
	});
	const submerchants = await apiRequestAllItems.call(this, '/v1/submerchants', query, limit, i, {
		[SUBMERCHANT_LIST_QUERY.status]: 'status',
	});
	return simplifyAllIfChosen.call(this, i, 'submerchant', submerchants);
}
