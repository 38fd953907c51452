import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { paymentLinkPath } from '../../api/chosenNames';
import { declareFields, readPathIds, requestQuery } from '../../shared/fields';
import { paymentLinkIdField } from './common';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import { readOptions } from '../common.options';

export const fields = declareFields([
	paymentLinkIdField,
	simplifyProperty('paymentLink'),
	readOptions,
]);

const displayOptions = { show: { resource: ['paymentLink'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const ids = readPathIds.call(this, i, fields);
	const { data } = await apiRequest.call(this, 'GET', paymentLinkPath(ids.payment_link_id), {
		qs: requestQuery.call(this, i, fields),
		itemIndex: i,
	});
	return simplifyIfChosen.call(this, i, 'paymentLink', data as IDataObject);
}
