import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';
import {
	apiRequest,
	prepareApiRequest,
	sendPrepared,
	type ApiRequestOptions,
	type ApiResult,
} from '../../shared/transport';
import { type OperationFields, readPathIds, requestQuery } from '../fields/fields';
import type { PreparedWrite } from './node.type';

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
 * A write of item `i`, prepared (transport's prepareApiRequest: the credential and the platform's names checked) and
 * not sent; `output` makes its answer the output. `target` is the id its path names, if any.
 */
export async function prepareWrite(
	this: IExecuteFunctions,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions & { itemIndex: number },
	output: (result: ApiResult) => IDataObject | IDataObject[] = ({ data }) => data as IDataObject,
	target?: string,
): Promise<PreparedWrite> {
	const prepared = await prepareApiRequest.call(this, method, path, options);
	return {
		target,
		idempotencyKey: options.idempotencyKey,
		send: async () => output(await sendPrepared.call(this, prepared)),
	};
}

/**
 * A write the API answers with a message and no data (cancel, submit, an address update); the output item is
 * `{ success: true, message }`. `target` is the id of the record it acts on.
 */
export async function prepareAnsweredByMessage(
	this: IExecuteFunctions,
	i: number,
	method: IHttpRequestMethods,
	path: string,
	target: string,
	body?: IDataObject,
): Promise<PreparedWrite> {
	const options = { body, itemIndex: i, expectData: false };
	return await prepareWrite.call(
		this,
		method,
		path,
		options,
		({ message }) => ({ success: true, message }),
		target,
	);
}
