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

type PathIds = Record<string, string>;

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

/** Checked (the credential and the platform's names) and built, not sent. */
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

/** The API answers cancel, submit and an address update with a message and no data. */
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
