import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { getListLimit, getLocatorId } from '../../shared/parameters';
import { returnAllAndLimit, submerchantLocator } from '../common.descriptions';
import { simplifyAllIfChosen, simplifyProperty } from '../../shared/simplify';
import { readOptions } from '../common.options';
import { withAdditionalQuery } from '../../shared/additionalFields';

const properties: INodeProperties[] = [
	submerchantLocator({ description: 'The submerchant whose documents to list' }),
	...returnAllAndLimit,
	simplifyProperty('document'),
	readOptions,
];

const displayOptions = { show: { resource: ['submerchantDocument'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The API returns every document at once (no pagination); the limit is applied here. */
export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const submerchantId = getLocatorId.call(this, 'submerchantId', i, 'submerchant_id');
	const limit = getListLimit.call(this, i);
	const { data } = await apiRequest.call(
		this,
		'GET',
		`/v1/submerchants/${submerchantId}/documents`,
		{
			qs: withAdditionalQuery.call(this, i, {}, {}),
			itemIndex: i,
		},
	);
	const documents = Array.isArray(data) ? (data as IDataObject[]) : [];
	const listed = limit === undefined ? documents : documents.slice(0, limit);
	return simplifyAllIfChosen.call(this, i, 'document', listed);
}
