import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequestAllItems } from '../../transport/pagination';
import { PAYMENT_LINKS_PATH } from '../../../shared/chosenNames';
import { getListLimit } from '../../fields/fields';
import { returnAllAndLimit, operationDescription } from '../common.descriptions';
import { simplifyAllIfChosen, simplifyProperty } from '../common.simplify';
import { readOptions } from '../common.options';
import { PAGINATION_FIELDS, withAdditionalQuery } from '../../fields/additionalFields';

export const option = {
	name: 'Get Many',
	description: 'List the payment links of your merchant',
	action: 'Get many payment links',
};

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyProperty('paymentLink'),
	readOptions,
];

export const description = operationDescription('paymentLink', 'getAll', properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const limit = getListLimit.call(this, i);
	const links = await apiRequestAllItems.call(
		this,
		PAYMENT_LINKS_PATH,
		withAdditionalQuery.call(this, i, {}, PAGINATION_FIELDS),
		limit,
		i,
	);
	return simplifyAllIfChosen.call(this, i, 'paymentLink', links);
}
