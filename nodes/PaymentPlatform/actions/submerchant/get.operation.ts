import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { getLocatorId } from '../../shared/parameters';
import { submerchantLocator } from '../common.descriptions';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import { readOptions } from '../common.options';
import { withAdditionalQuery } from '../../shared/additionalFields';

const properties: INodeProperties[] = [
	submerchantLocator(),
	simplifyProperty('submerchant'),
	readOptions,
];

const displayOptions = { show: { resource: ['submerchant'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const submerchantId = getLocatorId.call(this, 'submerchantId', i, 'submerchant_id');
	const { data } = await apiRequest.call(this, 'GET', `/v1/submerchants/${submerchantId}`, {
		qs: withAdditionalQuery.call(this, i, {}, {}),
		itemIndex: i,
	});
	return simplifyIfChosen.call(this, i, 'submerchant', data as IDataObject);
}
