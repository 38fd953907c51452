import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { WALLET_STATEMENT_QUERY } from '../../../shared/chosenNames';
import { declareFields, readPathIds, requestQuery } from '../../fields/fields';
import {
	filters,
	periodFilters,
	operationDescription,
	walletIdField,
} from '../common.descriptions';
import { readOptionsWith } from '../common.options';
import { checkAnsweredFilters, outsideFiltersOption } from '../common.answeredFilters';

export const option = {
	name: 'Get Statement',
	description:
		"Get a wallet's credits and debits with opening and closing balances for a period; needs the wallet ID",
	action: 'Get a wallet statement',
};

const period = periodFilters('entries', WALLET_STATEMENT_QUERY);

const splitEntriesOption: INodeProperties = {
	displayName: 'Split Entries Into Items',
	name: 'splitEntries',
	type: 'boolean',
	default: false,
	description:
		'Whether to output one item per statement entry instead of one item holding the entries and the summary',
};

export const fields = declareFields([
	walletIdField,
	filters([period.endDate, period.startDate]),
	readOptionsWith(outsideFiltersOption, splitEntriesOption),
]);

export const description = operationDescription('wallet', 'getStatement', fields.properties);

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
	const entries = Array.isArray(statement.entries) ? (statement.entries as IDataObject[]) : [];
	const route = 'GET /v1/wallets/{id}/statement';
	await checkAnsweredFilters.call(this, i, entries, qs, fields, route, 'statement entries');
	if (options.splitEntries === true) {
		return entries;
	}
	return statement;
}
