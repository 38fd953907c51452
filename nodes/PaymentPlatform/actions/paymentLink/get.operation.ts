import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { paymentLinkPath } from '../../chosenNames';
import { declareFields } from '../../fields/fields';
import { getWithFields } from '../common.requests';
import { simplifyIfChosen, simplifyProperty } from '../common.simplify';
import { readOptions } from '../common.options';
import { operationDescription, paymentLinkLocator } from '../common.descriptions';

export const option = {
	name: 'Get',
	description:
		'Get a payment link with its checkout URL, amount and uses; needs the payment link ID',
	action: 'Get a payment link by ID',
};

export const fields = declareFields([
	paymentLinkLocator(),
	simplifyProperty('paymentLink'),
	readOptions,
]);

export const description = operationDescription('paymentLink', 'get', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const path = (ids: Record<string, string>) => paymentLinkPath(ids.payment_link_id);
	const link = await getWithFields.call(this, i, fields, path);
	return simplifyIfChosen.call(this, i, 'paymentLink', link);
}
