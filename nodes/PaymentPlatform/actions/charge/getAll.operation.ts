import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../transport';
import { CHARGE_LIST_QUERY } from '../../transport/chosenNames';
import { CHARGE_STATUSES, MAX_INSTALLMENTS, PAYMENT_METHODS } from '../../shared/apiValues';
import { DATE_TIME_NOTE } from '../../shared/values';
import type { FieldRule } from '../../shared/fieldRules';
import { buildRequest, describeRules } from '../../shared/fieldRules';
import { getListLimit } from '../../shared/parameters';
import { returnAllAndLimit } from '../common.descriptions';
import { CHARGE_STATUS_OPTIONS, PAYMENT_METHOD_OPTIONS } from '../../shared/optionTexts';
import { simplifyAllIfChosen, simplifyProperty } from '../../shared/simplify';
import { PAGINATION_FIELDS, ownFieldsOf, withAdditionalQuery } from '../../shared/additionalFields';
import { readOptions } from '../common.options';
import {
	CHARGE_LIST_CHECKS,
	UNCHECKED_FILTER_NOTE,
	checkAnsweredFilters,
	outsideFiltersOption,
} from '../../transport/answeredFilters';

const Q = CHARGE_LIST_QUERY;

/** GET /v1/charges filters (names chosen in chosenNames.ts; the reference gives them by meaning). */
export const rules: FieldRule[] = [
	{ parameter: 'filters.status', field: Q.status, type: 'enum', values: CHARGE_STATUSES },
	{
		parameter: 'filters.paymentMethod',
		field: Q.paymentMethod,
		type: 'enum',
		values: PAYMENT_METHODS,
	},
	{ parameter: 'filters.startDate', field: Q.startDate, type: 'dateTime' },
	{ parameter: 'filters.endDate', field: Q.endDate, type: 'dateTime' },
	{ parameter: 'filters.search', field: Q.search, type: 'string' },
	{ parameter: 'filters.minAmount', field: Q.minAmount, type: 'cents', range: { min: 0 } },
	{ parameter: 'filters.maxAmount', field: Q.maxAmount, type: 'cents', range: { min: 0 } },
	{
		parameter: 'filters.installments',
		field: Q.installments,
		type: 'integer',
		range: { min: 1, max: MAX_INSTALLMENTS },
	},
];

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyProperty('charge'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'End Date',
				name: 'endDate',
				type: 'dateTime',
				default: '',
				description: DATE_TIME_NOTE('Only charges created up to this date and time'),
			},
			{
				displayName: 'Installments',
				name: 'installments',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_INSTALLMENTS, numberPrecision: 0 },
				default: 1,
				description: `Only charges paid in this number of installments. ${UNCHECKED_FILTER_NOTE}.`,
			},
			{
				displayName: 'Max Amount (in Cents)',
				name: 'maxAmount',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description: 'Only charges of at most this amount, in cents',
			},
			{
				displayName: 'Min Amount (in Cents)',
				name: 'minAmount',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description: 'Only charges of at least this amount, in cents',
			},
			{
				displayName: 'Payment Method',
				name: 'paymentMethod',
				type: 'options',
				options: PAYMENT_METHOD_OPTIONS,
				default: 'pix',
				description: 'Only charges paid by this method',
			},
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				description: `Only charges matching this text. ${UNCHECKED_FILTER_NOTE}.`,
			},
			{
				displayName: 'Start Date',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: DATE_TIME_NOTE('Only charges created from this date and time on'),
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: CHARGE_STATUS_OPTIONS,
				default: 'pending',
				description: 'Only charges in this status',
			},
		],
	},
	{ ...readOptions, options: [...(readOptions.options ?? []), outsideFiltersOption] },
];

/** The query parameters this list sets, by the node field that sets them (from its rule table). */
const ownFields = { ...PAGINATION_FIELDS, ...ownFieldsOf(properties, rules) };

const displayOptions = { show: { resource: ['charge'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, describeRules(properties, rules));

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const { values } = buildRequest.call(this, i, rules);
	const qs = withAdditionalQuery.call(this, i, values, ownFields);
	const limit = getListLimit.call(this, i);
	const charges = await apiRequestAllItems.call(this, '/v1/charges', qs, limit, i);
	await checkAnsweredFilters.call(this, i, charges, qs, CHARGE_LIST_CHECKS, 'charges');
	return simplifyAllIfChosen.call(this, i, 'charge', charges);
}
