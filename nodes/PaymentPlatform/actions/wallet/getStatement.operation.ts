import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { WALLET_STATEMENT_QUERY } from '../../api/chosenNames';
import { DATE_TIME_NOTE } from '../../shared/dates';
import { declareFields, readPathIds, requestQuery } from '../../shared/fields';
import { walletIdField } from './common';
import { batchingOption } from '../common.batching';
import { additionalQueryParametersOption } from '../../shared/additionalFields';

/** GET /v1/wallets/{id}/statement: the period (names chosen in chosenNames.ts). */
export const fields = declareFields([
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
				description: DATE_TIME_NOTE('Only entries up to this date and time'),
				api: { field: WALLET_STATEMENT_QUERY.endDate, type: 'dateTime' },
			},
			{
				displayName: 'Start Date',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: DATE_TIME_NOTE('Only entries from this date and time on'),
				api: { field: WALLET_STATEMENT_QUERY.startDate, type: 'dateTime' },
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
]);

const displayOptions = { show: { resource: ['wallet'], operation: ['getStatement'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
): Promise<IDataObject | IDataObject[]> {
	const id = readPathIds.call(this, i, fields).wallet_id;
	const qs = requestQuery.call(this, i, fields);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;

	const { data } = await apiRequest.call(this, 'GET', `/v1/wallets/${id}/statement`, {
		qs,
		itemIndex: i,
	});
	const statement = (data ?? {}) as IDataObject;
	if (options.splitEntries === true) {
		return Array.isArray(statement.entries) ? (statement.entries as IDataObject[]) : [];
	}
	return statement;
}
