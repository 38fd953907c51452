import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { WALLET_STATEMENT_QUERY } from '../../transport/chosenNames';
import { DATE_TIME_NOTE } from '../../shared/values';
import type { FieldRule } from '../../shared/fieldRules';
import { buildRequest } from '../../shared/fieldRules';
import { getUuidParameter } from '../../shared/parameters';
import { walletIdField } from './common';
import { batchingOption } from '../common.batching';
import {
	additionalQueryParametersOption,
	ownFieldsOf,
	withAdditionalQuery,
} from '../../shared/additionalFields';
import {
	STATEMENT_ENTRY_CHECKS,
	checkAnsweredFilters,
	outsideFiltersOption,
} from '../../transport/answeredFilters';

/** GET /v1/wallets/{id}/statement: the period (names chosen in chosenNames.ts). */
export const rules: FieldRule[] = [
	{ parameter: 'filters.startDate', field: WALLET_STATEMENT_QUERY.startDate, type: 'dateTime' },
	{ parameter: 'filters.endDate', field: WALLET_STATEMENT_QUERY.endDate, type: 'dateTime' },
];

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
				description: DATE_TIME_NOTE('Only entries up to this date and time'),
			},
			{
				displayName: 'Start Date',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: DATE_TIME_NOTE('Only entries from this date and time on'),
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
			outsideFiltersOption,
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

/** The query parameters this operation sets, by the node field that sets them (from its rule table). */
const ownFields = ownFieldsOf(properties, rules);

const displayOptions = { show: { resource: ['wallet'], operation: ['getStatement'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
): Promise<IDataObject | IDataObject[]> {
	const id = getUuidParameter.call(this, 'walletId', i, 'wallet_id');
	const { values } = buildRequest.call(this, i, rules);
	const qs = withAdditionalQuery.call(this, i, values, ownFields);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;

	const { data } = await apiRequest.call(this, 'GET', `/v1/wallets/${id}/statement`, {
		qs,
		itemIndex: i,
	});
	const statement = (data ?? {}) as IDataObject;
	const entries = Array.isArray(statement.entries) ? (statement.entries as IDataObject[]) : [];
	await checkAnsweredFilters.call(this, i, entries, qs, STATEMENT_ENTRY_CHECKS, 'statement entries');
	if (options.splitEntries === true) {
		return entries;
	}
	return statement;
}
