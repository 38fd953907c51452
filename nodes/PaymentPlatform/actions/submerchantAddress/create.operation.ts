import type { IExecuteFunctions } from 'n8n-workflow';
import { declareFields, readPathIds, requestBody } from '../../fields/fields';
import { additionalFields, submerchantLocator, operationDescription } from '../common.descriptions';
import { ADDRESS_OPTIONAL_FIELDS, ADDRESS_REQUIRED_FIELDS } from './fields';
import { writeOptions } from '../common.options';
import { prepareWrite } from '../common.requests';
import type { PreparedWrite } from '../node.type';

export const option = {
	name: 'Create',
	description:
		'Add an address to a submerchant; needs the submerchant ID, the address type and the full address',
	action: 'Add an address to a submerchant',
};

export const fields = declareFields([
	submerchantLocator({ description: 'The submerchant to add the address to' }),
	...ADDRESS_REQUIRED_FIELDS,
	additionalFields(ADDRESS_OPTIONAL_FIELDS),
	writeOptions,
]);

export const description = operationDescription('submerchantAddress', 'create', fields.properties);

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const ids = readPathIds.call(this, i, fields);
	const body = requestBody.call(this, i, fields);
	const path = `/v1/submerchants/${ids.submerchant_id}/addresses`;
	return await prepareWrite.call(this, 'POST', path, { body, itemIndex: i });
}
