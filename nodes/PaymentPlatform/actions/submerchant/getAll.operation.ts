import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { SUBMERCHANT_LIST_QUERY } from '../../../shared/chosenNames';
import { SUBMERCHANT_STATUSES } from '../../documentedValues';
import { declareFields } from '../../fields/fields';
import {
	filters,
	returnAllAndLimit,
	operationDescription,
	statusFilter,
} from '../common.descriptions';
import { SUBMERCHANT_STATUS_OPTIONS } from '../../optionTexts';
import { simplifyProperty } from '../common.simplify';
import { readOptionsWith } from '../common.options';
import { getFilteredList, outsideFiltersOption } from '../common.answeredFilters';

export const option = {
	name: 'Get Many',
	description: 'List the submerchants linked to your merchant, optionally only those in one status',
	action: 'Get many submerchants',
};

export const fields = declareFields([
	...returnAllAndLimit,
	simplifyProperty('submerchant'),
	filters([
		statusFilter(
			'submerchants',
			SUBMERCHANT_LIST_QUERY.status,
			SUBMERCHANT_STATUSES,
			SUBMERCHANT_STATUS_OPTIONS,
		),
	]),
	readOptionsWith(outsideFiltersOption),
]);

export const description = operationDescription('submerchant', 'getAll', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	return await getFilteredList.call(
		this,
		i,
		'/v1/submerchants',
		fields,
		'submerchant',
		'submerchants',
	);
}
