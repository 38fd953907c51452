import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { getUuidParameter } from '../../shared/parameters';
import { paymentLinkIdField } from './common';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import { batchingOptions } from '../common.batching';

const properties: INodeProperties[] = [
	paymentLinkIdField,
	simplifyProperty('paymentLink'),
	batchingOptions,
];

const displayOptions = { show: { resource: ['paymentLink'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = getUuidParameter.call(this, 'paymentLinkId', i, 'payment_link_id');
	const { data } = await apiRequest.call(this, 'GET', `/v1/payment-links/${id}`, { itemIndex: i });
	return simplifyIfChosen.call(this, i, 'paymentLink', data as IDataObject);
}
