import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';
import { apiRequest } from '../transport';
import { type OperationFields, readPathIds, requestQuery } from '../shared/fields';

/** The path ids of an operation, by API name, as readPathIds checked them. */
type PathIds = Record<string, string>;

/**
 * The GET of a read operation for item `i`: its path ids checked and put into `path`, its declared query fields (and
 * Options → Additional Query Parameters) as the query. Returns the answer's data.
 */
export async function getWithFields(
	this: IExecuteFunctions,
	i: number,
	fields: OperationFields,
	path: (ids: PathIds) => string,
): Promise<IDataObject> {
	const ids = readPathIds.call(this, i, fields);
	const qs = requestQuery.call(this, i, fields);
	const { data } = await apiRequest.call(this, 'GET', path(ids), { qs, itemIndex: i });
	return data as IDataObject;
}

/**
 * A request the API answers with a message and no data (cancel, submit, an address update); the output item is
 * `{ success: true, message }`.
 */
export async function requestAnsweredByMessage(
	this: IExecuteFunctions,
	i: number,
	method: IHttpRequestMethods,
	path: string,
	body?: IDataObject,
): Promise<IDataObject> {
	const { message } = await apiRequest.call(this, method, path, {
		body,
		itemIndex: i,
		expectData: false,
	});
	return { success: true, message };
}
