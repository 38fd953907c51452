import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../transport';
import { CHARGE_LIST_QUERY } from '../../transport/chosenNames';
import { CHARGE_STATUSES, MAX_INSTALLMENTS, PAYMENT_METHODS } from '../../shared/apiValues';
import { toInteger, toIsoDateTime } from '../../shared/values';
import { getListLimit } from '../../shared/parameters';
import { InputValidator } from '../../shared/validate';
import { returnAllAndLimit } from '../common.descriptions';
import { CHARGE_STATUS_OPTIONS, PAYMENT_METHOD_OPTIONS } from '../../shared/optionTexts';
import { simplifyAllIfChosen, simplifyProperty } from '../../shared/simplify';
import { readOptions } from '../common.options';
import { PAGINATION_FIELDS, withAdditionalQuery } from '../../shared/additionalFields';

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
				description:
					'Only charges created up to this date and time. Without an offset it is read in the workflow time zone; sent as UTC ISO 8601.',
			},
			{
				displayName: 'Installments',
				name: 'installments',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_INSTALLMENTS, numberPrecision: 0 },
				default: 1,
				description: `Only charges paid in this number of installments (1 to ${MAX_INSTALLMENTS})`,
			},
			{
				displayName: 'Max Amount (in Cents)',
				name: 'maxAmount',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description: 'Only charges of at most this amount, in cents as an integer',
			},
			{
				displayName: 'Min Amount (in Cents)',
				name: 'minAmount',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description: 'Only charges of at least this amount, in cents as an integer',
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
				description: 'Only charges matching this text',
			},
			{
				displayName: 'Start Date',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: 'Only charges created from this date and time on (ISO 8601)',
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
	readOptions,
];

const displayOptions = { show: { resource: ['charge'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const validate = new InputValidator(this.getNode(), i);
	const filters = this.getNodeParameter('filters', i, {}) as IDataObject;
	const q = CHARGE_LIST_QUERY;
	const qs: IDataObject = {};
	const timeZone = this.getTimezone();

	if (filters.status !== undefined) {
		validate.oneOf(q.status, filters.status, CHARGE_STATUSES);
		qs[q.status] = filters.status;
	}
	if (filters.paymentMethod !== undefined) {
		validate.oneOf(q.paymentMethod, filters.paymentMethod, PAYMENT_METHODS);
		qs[q.paymentMethod] = filters.paymentMethod;
	}
	const startDate = toIsoDateTime(validate, q.startDate, filters.startDate, timeZone);
	if (startDate) qs[q.startDate] = startDate;
	const endDate = toIsoDateTime(validate, q.endDate, filters.endDate, timeZone);
	if (endDate) qs[q.endDate] = endDate;
	const search = String(filters.search ?? '').trim();
	if (search) qs[q.search] = search;
	const minAmount = toInteger(validate, q.minAmount, filters.minAmount, { min: 0 });
	if (minAmount !== undefined) qs[q.minAmount] = minAmount;
	const maxAmount = toInteger(validate, q.maxAmount, filters.maxAmount, { min: 0 });
	if (maxAmount !== undefined) qs[q.maxAmount] = maxAmount;
	const installments = toInteger(validate, q.installments, filters.installments, {
		min: 1,
		max: MAX_INSTALLMENTS,
	});
	if (installments !== undefined) qs[q.installments] = installments;

	const limit = getListLimit.call(this, i);
	const query = withAdditionalQuery.call(this, i, qs, {
		...PAGINATION_FIELDS,
		[q.status]: 'Filters → Status',
		[q.paymentMethod]: 'Filters → Payment Method',
		[q.startDate]: 'Filters → Start Date',
		[q.endDate]: 'Filters → End Date',
		[q.search]: 'Filters → Search',
		[q.minAmount]: 'Filters → Min Amount (in Cents)',
		[q.maxAmount]: 'Filters → Max Amount (in Cents)',
		[q.installments]: 'Filters → Installments',
	});
	const charges = await apiRequestAllItems.call(this, '/v1/charges', query, limit, i, {
		[q.status]: 'status',
		[q.paymentMethod]: 'payment_method',
	});
	return simplifyAllIfChosen.call(this, i, 'charge', charges);
}
