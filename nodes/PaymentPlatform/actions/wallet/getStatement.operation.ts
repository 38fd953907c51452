import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { WALLET_STATEMENT_QUERY } from '../../transport/chosenNames';
import { toIsoDateTime } from '../../shared/values';
import { getUuidParameter } from '../../shared/parameters';
import { InputValidator } from '../../shared/validate';
import { walletIdField } from './common';
import { batchingOption } from '../common.batching';
import {
	additionalQueryParametersOption,
	withAdditionalQuery,
} from '../../shared/additionalFields';

const properties: INodeProperties[] = [
	walletIdField,
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
					'Only entries up to this date and time. Without an offset it is read in the workflow time zone; sent as UTC ISO 8601.',
			},
			{
				displayName: 'Start Date',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: 'Only entries from this date and time on (ISO 8601)',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			additionalQueryParametersOption,
			batchingOption,
			{
				displayName: 'Split Entries Into Items',
				name: 'splitEntries',
				type: 'boolean',
				default: false,
				description:
					'Whether to output one item per statement entry instead of one item holding the entries and the summary',
			},
		],
	},
];

const displayOptions = { show: { resource: ['wallet'], operation: ['getStatement'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
): Promise<IDataObject | IDataObject[]> {
	const id = getUuidParameter.call(this, 'walletId', i, 'wallet_id');
	const validate = new InputValidator(this.getNode(), i);
	const filters = this.getNodeParameter('filters', i, {}) as IDataObject;
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const q = WALLET_STATEMENT_QUERY;
	const qs: IDataObject = {};
	const timeZone = this.getTimezone();
	const startDate = toIsoDateTime(validate, q.startDate, filters.startDate, timeZone);
	if (startDate) qs[q.startDate] = startDate;
	const endDate = toIsoDateTime(validate, q.endDate, filters.endDate, timeZone);
	if (endDate) qs[q.endDate] = endDate;

	const { data } = await apiRequest.call(this, 'GET', `/v1/wallets/${id}/statement`, {
		qs: withAdditionalQuery.call(this, i, qs, {
			[q.startDate]: 'Filters → Start Date',
			[q.endDate]: 'Filters → End Date',
		}),
		itemIndex: i,
	});
	const statement = (data ?? {}) as IDataObject;
	if (options.splitEntries === true) {
		return Array.isArray(statement.entries) ? (statement.entries as IDataObject[]) : [];
	}
	return statement;
}
