import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { CHARGE_LIST_QUERY } from '../../../shared/chosenNames';
import { CHARGE_STATUSES, MAX_INSTALLMENTS, PAYMENT_METHODS } from '../../documentedValues';
import { apiField, declareFields } from '../../fields/fields';
import {
	filters,
	periodFilters,
	returnAllAndLimit,
	operationDescription,
	statusFilter,
} from '../common.descriptions';
import { CHARGE_STATUS_OPTIONS, PAYMENT_METHOD_OPTIONS } from '../../optionTexts';
import { simplifyProperty } from '../common.simplify';
import { readOptionsWith } from '../common.options';
import {
	UNCHECKED_FILTER_NOTE,
	getFilteredList,
	outsideFiltersOption,
} from '../common.answeredFilters';

export const option = {
	name: 'Get Many',
	description: 'List charges, optionally filtered by status, payment method, dates, amount or text',
	action: 'Get many charges',
};

const Q = CHARGE_LIST_QUERY;

const period = periodFilters('charges created', Q);

export const fields = declareFields([
	...returnAllAndLimit,
	simplifyProperty('charge'),
	filters([
		period.endDate,
		apiField(
			'Installments',
			'installments',
			`Only charges paid in this number of installments. ${UNCHECKED_FILTER_NOTE}.`,
			{ field: Q.installments, type: 'integer', range: { min: 1, max: MAX_INSTALLMENTS } },
			{ default: 1 },
		),
		apiField(
			'Max Amount (in Cents)',
			'maxAmount',
			'Only charges of at most this amount, in cents',
			{
				field: Q.maxAmount,
				type: 'cents',
				range: { min: 0 },
				answered: { field: 'amount', holds: 'atMost' },
			},
		),
		apiField(
			'Min Amount (in Cents)',
			'minAmount',
			'Only charges of at least this amount, in cents',
			{
				field: Q.minAmount,
				type: 'cents',
				range: { min: 0 },
				answered: { field: 'amount', holds: 'atLeast' },
			},
		),
		apiField(
			'Payment Method',
			'paymentMethod',
			'Only charges paid by this method',
			{
				field: Q.paymentMethod,
				type: 'enum',
				values: PAYMENT_METHODS,
				answered: { field: 'payment_method', holds: 'equal' },
			},
			{ options: PAYMENT_METHOD_OPTIONS, default: 'pix' },
		),
		apiField('Search', 'search', `Only charges matching this text. ${UNCHECKED_FILTER_NOTE}.`, {
			field: Q.search,
			type: 'string',
		}),
		period.startDate,
		statusFilter('charges', Q.status, CHARGE_STATUSES, CHARGE_STATUS_OPTIONS),
	]),
	readOptionsWith(outsideFiltersOption),
]);

export const description = operationDescription('charge', 'getAll', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	return await getFilteredList.call(this, i, '/v1/charges', fields, 'charge', 'charges');
}
