import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../transport';
import { SUBMERCHANT_LIST_QUERY } from '../../api/chosenNames';
import { SUBMERCHANT_STATUSES } from '../../api/documentedValues';
import { getListLimit } from '../../shared/parameters';
import { declareFields, requestQuery } from '../../shared/fields';
import { returnAllAndLimit } from '../common.descriptions';
import { SUBMERCHANT_STATUS_OPTIONS } from '../../shared/optionTexts';
import { simplifyAllIfChosen, simplifyProperty } from '../../shared/simplify';
import { PAGINATION_FIELDS } from '../../shared/additionalFields';
import { readOptions } from '../common.options';

/** GET /v1/submerchants: the status filter (its name chosen in chosenNames.ts). */
export const fields = declareFields([
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
				api: { field: SUBMERCHANT_LIST_QUERY.status, type: 'enum', values: SUBMERCHANT_STATUSES },
			},
		],
	},
	readOptions,
]);

const displayOptions = { show: { resource: ['submerchant'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const limit = getListLimit.call(this, i);
	const qs = requestQuery.call(this, i, fields, PAGINATION_FIELDS);
	const submerchants = await apiRequestAllItems.call(this, '/v1/submerchants', qs, limit, i, {
		[SUBMERCHANT_LIST_QUERY.status]: 'status',
	});
	return simplifyAllIfChosen.call(this, i, 'submerchant', submerchants);
}
