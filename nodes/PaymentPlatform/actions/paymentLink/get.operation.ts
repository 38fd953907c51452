import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { paymentLinkPath } from '../../transport/chosenNames';
import { getLocatorId } from '../../shared/parameters';
import { paymentLinkIdField } from './common';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import { readOptions } from '../common.options';
import { withAdditionalQuery } from '../../shared/additionalFields';

const properties: INodeProperties[] = [
	paymentLinkIdField,
	simplifyProperty('paymentLink'),
	readOptions,
];

const displayOptions = { show: { resource: ['paymentLink'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = getLocatorId.call(this, 'paymentLinkId', i, 'payment_link_id');
	const { data } = await apiRequest.call(this, 'GET', paymentLinkPath(id), {
		qs: withAdditionalQuery.call(this, i, {}, {}),
		itemIndex: i,
	});
	return simplifyIfChosen.call(this, i, 'paymentLink', data as IDataObject);
}
