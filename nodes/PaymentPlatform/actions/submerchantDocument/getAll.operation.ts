import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { listData } from '../../transport/pagination';
import { getListLimit, declareFields, readPathIds, requestQuery } from '../../fields/fields';
import {
	returnAllAndLimit,
	submerchantLocator,
	operationDescription,
} from '../common.descriptions';
import { simplifyAllIfChosen, simplifyProperty } from '../common.simplify';
import { readOptions } from '../common.options';

export const option = {
	name: 'Get Many',
	description:
		'List the documents of a submerchant with their review status; needs the submerchant ID',
	action: 'Get many submerchant documents',
};

export const fields = declareFields([
	submerchantLocator({ description: 'The submerchant whose documents to list' }),
	...returnAllAndLimit,
	simplifyProperty('document'),
	readOptions,
]);

export const description = operationDescription('submerchantDocument', 'getAll', fields.properties);

/** The API returns every document at once (no pagination): the limit is applied here. */
export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const ids = readPathIds.call(this, i, fields);
	const limit = getListLimit.call(this, i);
	const path = `/v1/submerchants/${ids.submerchant_id}/documents`;
	const { data } = await apiRequest.call(this, 'GET', path, {
		qs: requestQuery.call(this, i, fields),
		itemIndex: i,
	});
	const documents = listData.call(this, data, path, i);
	const listed = limit === undefined ? documents : documents.slice(0, limit);
	return simplifyAllIfChosen.call(this, i, 'document', listed);
}
