import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../transport/pagination';
import { SUBMERCHANT_LIST_QUERY } from '../../../shared/chosenNames';
import { SUBMERCHANT_STATUSES } from '../../documentedValues';
import { apiField, getListLimit, declareFields, requestQuery } from '../../fields/fields';
import { filters, returnAllAndLimit, operationDescription } from '../common.descriptions';
import { SUBMERCHANT_STATUS_OPTIONS } from '../../optionTexts';
import { simplifyAllIfChosen, simplifyProperty } from '../common.simplify';
import { PAGINATION_FIELDS } from '../../fields/additionalFields';
import { readOptionsWith } from '../common.options';
import { checkAnsweredFilters, outsideFiltersOption } from '../common.answeredFilters';

export const option = {
	name: 'Get Many',
	description: 'List the submerchants linked to your merchant, optionally only those in one status',
	action: 'Get many submerchants',
};

export const fields = declareFields([
	...returnAllAndLimit,
	simplifyProperty('submerchant'),
	filters([
		apiField(
			'Status',
			'status',
			'Only return submerchants in this status',
			{
				field: SUBMERCHANT_LIST_QUERY.status,
				type: 'enum',
				values: SUBMERCHANT_STATUSES,
				answered: { field: 'status', holds: 'equal' },
			},
			{ options: SUBMERCHANT_STATUS_OPTIONS, default: 'pending' },
		),
	]),
	readOptionsWith(outsideFiltersOption),
]);

export const description = operationDescription('submerchant', 'getAll', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const limit = getListLimit.call(this, i);
	const qs = requestQuery.call(this, i, fields, PAGINATION_FIELDS);
	const submerchants = await apiRequestAllItems.call(this, '/v1/submerchants', qs, limit, i);
	const route = 'GET /v1/submerchants';
	await checkAnsweredFilters.call(this, i, submerchants, qs, fields, route, 'submerchants');
	return simplifyAllIfChosen.call(this, i, 'submerchant', submerchants);
}
