/**
 * Whether the API applied a list filter, checked on the records it answered: the filters' query names are this
 * package's guess, and a platform reading other names answers unfiltered records. Such records stop the node, naming
 * the filter, the name sent and where to change it; the option below takes them with a warning. Filters a record
 * cannot show (search, installments) are not checked, and say so.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { API_NAMES_SETTING, sentName } from '../../shared/transport/apiNames';
import { getConnection } from '../../shared/transport/connection';
import type { FieldRule } from '../fields/fieldRules';
import { getListLimit, requestQuery, type OperationFields } from '../fields/fields';
import { PAGINATION_FIELDS } from '../fields/additionalFields';
import { apiRequestAllItems } from '../transport/pagination';
import { simplifyAllIfChosen } from './common.simplify';

type Holds = NonNullable<FieldRule['answered']>['holds'];

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
 * A filtered list (GET `path`): the query from the fields, Return All or Limit, each filter checked on the records
 * answered (`noun` names them), then Simplify.
 */
export async function getFilteredList(
	this: IExecuteFunctions,
	i: number,
	path: string,
	fields: Pick<OperationFields, 'rules' | 'ownFields'>,
	kind: Parameters<typeof simplifyAllIfChosen>[1],
	noun: string,
): Promise<IDataObject[]> {
	const qs = requestQuery.call(this, i, fields, PAGINATION_FIELDS);
	const records = await apiRequestAllItems.call(this, path, qs, getListLimit.call(this, i), i);
	await checkAnsweredFilters.call(this, i, records, qs, fields, `GET ${path}`, noun);
	return simplifyAllIfChosen.call(this, i, kind, records);
}

/** `route` is the list's "GET /path". */
export async function checkAnsweredFilters(
	this: IExecuteFunctions,
	i: number,
	records: IDataObject[],
	qs: IDataObject,
	{ rules, ownFields }: Pick<OperationFields, 'rules' | 'ownFields'>,
	route: string,
	noun: string,
): Promise<void> {
	const { apiNames } = await getConnection.call(this);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	for (const { field: query, answered } of rules) {
		const wanted = qs[query];
		if (!answered || wanted === undefined || wanted === '') continue;
		const { field, holds } = answered;
		const outside = records.filter((record) => isOutside(record[field], wanted, holds));
		if (outside.length === 0) continue;
		const filter = ownFields[query];
		const sent = sentName(apiNames, query, route);
		const message = `The Payment Platform API returned ${outside.length} of ${records.length} ${noun} outside the filter "${filter}" (${field} ${HOLDS_TEXT[holds]} ${String(wanted)})`;
		const why = `The filter was sent as the query parameter "${sent}", a name this package chose because the API reference does not show it, and the API seems not to read it. Set the name your platform uses in ${API_NAMES_SETTING}`;
		if (options[outsideFiltersOption.name] === true) {
			addWarningHint(this, `${message}. ${why}. The records are output as the API answered them.`);
			continue;
		}
		throw new NodeApiError(this.getNode(), { filter, query: sent } as JsonObject, {
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

/** A value the record lacks or that does not parse is not judged. */
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

/** Execution hints exist from n8n 1.79 on; older versions skip them. */
function addWarningHint(context: IExecuteFunctions, message: string): void {
	if (typeof context.addExecutionHints === 'function') {
		context.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
	}
}
