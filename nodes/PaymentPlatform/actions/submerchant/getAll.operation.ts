import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../transport';
import { SUBMERCHANT_LIST_QUERY } from '../../transport/chosenNames';
import { SUBMERCHANT_STATUSES } from '../../shared/apiValues';
import { getListLimit } from '../../shared/parameters';
import type { FieldRule } from '../../shared/fieldRules';
import { buildRequest } from '../../shared/fieldRules';
import { returnAllAndLimit } from '../common.descriptions';
import { SUBMERCHANT_STATUS_OPTIONS } from '../../shared/optionTexts';
import { simplifyAllIfChosen, simplifyProperty } from '../../shared/simplify';
import { PAGINATION_FIELDS, ownFieldsOf, withAdditionalQuery } from '../../shared/additionalFields';
import { readOptions } from '../common.options';
import {
	SUBMERCHANT_LIST_CHECKS,
	checkAnsweredFilters,
	outsideFiltersOption,
} from '../../transport/answeredFilters';

/** GET /v1/submerchants: the status filter (its name chosen in chosenNames.ts). */
export const rules: FieldRule[] = [
	{
		parameter: 'filters.status',
		field: SUBMERCHANT_LIST_QUERY.status,
		type: 'enum',
		values: SUBMERCHANT_STATUSES,
	},
];

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
	{ ...readOptions, options: [...(readOptions.options ?? []), outsideFiltersOption] },
];

/** The query parameters this list sets, by the node field that sets them (from its rule table). */
const ownFields = { ...PAGINATION_FIELDS, ...ownFieldsOf(properties, rules) };

const displayOptions = { show: { resource: ['submerchant'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const limit = getListLimit.call(this, i);
	const { values } = buildRequest.call(this, i, rules);
	const qs = withAdditionalQuery.call(this, i, values, ownFields);
	const submerchants = await apiRequestAllItems.call(this, '/v1/submerchants', qs, limit, i);
	await checkAnsweredFilters.call(this, i, submerchants, qs, SUBMERCHANT_LIST_CHECKS, 'submerchants');
	return simplifyAllIfChosen.call(this, i, 'submerchant', submerchants);
}
