import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequest } from '../transport';
import { type OperationFields, readPathIds, requestQuery } from '../shared/fields';

/**
 * The GET of a read operation for item `i`: its path ids checked and put into `path`, its declared query fields (and
 * Options → Additional Query Parameters) as the query. Returns the answer's data.
 */
export async function getWithFields(
	this: IExecuteFunctions,
	i: number,
	fields: OperationFields,
	path: (ids: Record<string, string>) => string,
): Promise<IDataObject> {
	const ids = readPathIds.call(this, i, fields);
	const qs = requestQuery.call(this, i, fields);
	const { data } = await apiRequest.call(this, 'GET', path(ids), { qs, itemIndex: i });
	return data as IDataObject;
}
