/**
 * Whether the API applied a list filter, checked on the records it answered (never by asking for more): the query
 * names of the filters are this package's guess, and a platform that reads other names ignores ours and answers
 * unfiltered records. Records outside a filter stop the node, naming the filter, the query name sent and where to
 * change it; the option below takes them anyway, with a warning hint. Filters whose match cannot be seen on a record
 * (search, installments) are not checked, and their descriptions say so.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { API_NAMES_SETTING, sentName } from '../../shared/transport/apiNames';
import {
	CHARGE_LIST_QUERY,
	SUBMERCHANT_LIST_QUERY,
	WALLET_STATEMENT_QUERY,
} from '../../shared/chosenNames';
import { getConnection } from '../../shared/transport/connection';

type Holds = 'equal' | 'atLeast' | 'atMost' | 'notBefore' | 'notAfter';

interface FilterCheck {
	/** The filter as the editor names it. */
	filter: string;
	/** Its chosen query name (the default; the credential may rename it). */
	query: string;
	/** The record field the filter is about. */
	field: string;
	/** How that field must relate to the value asked for. */
	holds: Holds;
}

/** The filters of one list route ("GET /v1/charges") that its records let the node check. */
interface RouteChecks {
	route: string;
	checks: readonly FilterCheck[];
}

export const SUBMERCHANT_LIST_CHECKS: RouteChecks = {
	route: 'GET /v1/submerchants',
	checks: [
		{
			filter: 'Filters → Status',
			query: SUBMERCHANT_LIST_QUERY.status,
			field: 'status',
			holds: 'equal',
		},
	],
};

export const CHARGE_LIST_CHECKS: RouteChecks = {
	route: 'GET /v1/charges',
	checks: [
		{
			filter: 'Filters → Status',
			query: CHARGE_LIST_QUERY.status,
			field: 'status',
			holds: 'equal',
		},
		{
			filter: 'Filters → Payment Method',
			query: CHARGE_LIST_QUERY.paymentMethod,
			field: 'payment_method',
			holds: 'equal',
		},
		{
			filter: 'Filters → Start Date',
			query: CHARGE_LIST_QUERY.startDate,
			field: 'created_at',
			holds: 'notBefore',
		},
		{
			filter: 'Filters → End Date',
			query: CHARGE_LIST_QUERY.endDate,
			field: 'created_at',
			holds: 'notAfter',
		},
		{
			filter: 'Filters → Min Amount (in Cents)',
			query: CHARGE_LIST_QUERY.minAmount,
			field: 'amount',
			holds: 'atLeast',
		},
		{
			filter: 'Filters → Max Amount (in Cents)',
			query: CHARGE_LIST_QUERY.maxAmount,
			field: 'amount',
			holds: 'atMost',
		},
	],
};

export const STATEMENT_ENTRY_CHECKS: RouteChecks = {
	route: 'GET /v1/wallets/{id}/statement',
	checks: [
		{
			filter: 'Filters → Start Date',
			query: WALLET_STATEMENT_QUERY.startDate,
			field: 'created_at',
			holds: 'notBefore',
		},
		{
			filter: 'Filters → End Date',
			query: WALLET_STATEMENT_QUERY.endDate,
			field: 'created_at',
			holds: 'notAfter',
		},
	],
};

/** The description text of a filter the answer does not let the node check (a sentence without its period). */
export const UNCHECKED_FILTER_NOTE =
	'The node cannot check on the records whether the API applied this filter (the records do not show it)';

export const outsideFiltersOption: INodeProperties = {
	displayName: 'Output Records Outside the Filters',
	name: 'outputRecordsOutsideFilters',
	type: 'boolean',
	default: false,
	description:
		'Whether to output the records as the API answered them when some do not match a filter (the node then adds a warning). Off: such records stop the node, since the API seems to ignore the filter under the name sent.',
};

/**
 * Stops the node when a record of `records` lies outside a filter of `qs` (keyed by default query names), unless the
 * item's option takes them: then a warning hint says the same.
 */
export async function checkAnsweredFilters(
	this: IExecuteFunctions,
	i: number,
	records: IDataObject[],
	qs: IDataObject,
	{ route, checks }: RouteChecks,
	noun: string,
): Promise<void> {
	const { apiNames } = await getConnection.call(this);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	for (const check of checks) {
		const wanted = qs[check.query];
		if (wanted === undefined || wanted === '') continue;
		const outside = records.filter((record) => isOutside(record[check.field], wanted, check.holds));
		if (outside.length === 0) continue;
		const sent = sentName(apiNames, check.query, route);
		const message = `The Payment Platform API returned ${outside.length} of ${records.length} ${noun} outside the filter "${check.filter}" (${check.field} ${HOLDS_TEXT[check.holds]} ${String(wanted)})`;
		const why = `The filter was sent as the query parameter "${sent}", a name this package chose because the API reference does not show it, and the API seems not to read it. Set the name your platform uses in ${API_NAMES_SETTING}`;
		if (options[outsideFiltersOption.name] === true) {
			addWarningHint(this, `${message}. ${why}. The records are output as the API answered them.`);
			continue;
		}
		throw new NodeApiError(this.getNode(), { filter: check.filter, query: sent } as JsonObject, {
			message,
			description: `${why}, or turn on Options → ${outsideFiltersOption.displayName} to output them anyway.`,
			itemIndex: i,
		});
	}
}

const HOLDS_TEXT: Record<Holds, string> = {
	equal: 'is',
	atLeast: '>=',
	atMost: '<=',
	notBefore: 'from',
	notAfter: 'up to',
};

/** Whether a record's value breaks the filter; a value the record lacks or that does not parse is not judged. */
function isOutside(value: unknown, wanted: unknown, holds: Holds): boolean {
	if (value === undefined || value === null) return false;
	if (holds === 'equal') return String(value) !== String(wanted);
	const read = holds === 'atLeast' || holds === 'atMost' ? Number : instantOf;
	const [have, limit] = [read(value), read(wanted)];
	if (!Number.isFinite(have) || !Number.isFinite(limit)) return false;
	return holds === 'atLeast' || holds === 'notBefore' ? have < limit : have > limit;
}

function instantOf(value: unknown): number {
	return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/** Execution hints exist on IExecuteFunctions from n8n 1.79 on; older versions skip them. */
function addWarningHint(context: IExecuteFunctions, message: string): void {
	if (typeof context.addExecutionHints === 'function') {
		context.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
	}
}
