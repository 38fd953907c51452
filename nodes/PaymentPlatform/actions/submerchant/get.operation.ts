import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { declareFields } from '../../fields/fields';
import { getWithFields } from '../common.requests';
import { submerchantLocator, operationDescription } from '../common.descriptions';
import { simplifyIfChosen, simplifyProperty } from '../common.simplify';
import { readOptions } from '../common.options';

export const option = {
	name: 'Get',
	description: 'Get a submerchant with its status and registration data; needs the submerchant ID',
	action: 'Get a submerchant by ID',
};

export const fields = declareFields([
	submerchantLocator(),
	simplifyProperty('submerchant'),
	readOptions,
]);

export const description = operationDescription('submerchant', 'get', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const path = (ids: Record<string, string>) => `/v1/submerchants/${ids.submerchant_id}`;
	const submerchant = await getWithFields.call(this, i, fields, path);
	return simplifyIfChosen.call(this, i, 'submerchant', submerchant);
}
