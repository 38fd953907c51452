import type { IExecuteFunctions } from 'n8n-workflow';
import { declareFields, fieldsToClear, readPathIds, requestBody } from '../../fields/fields';
import { submerchantLocator, uuidPathId, operationDescription } from '../common.descriptions';
import { prepareAnsweredByMessage } from '../common.requests';
import type { PreparedWrite } from '../node.type';
import { ADDRESS_UPDATE_FIELDS } from './fields';
import { writeOptions } from '../common.options';

export const option = {
	name: 'Update',
	description:
		'Change an address of a submerchant; needs the submerchant ID, the address ID and the fields to change',
	action: 'Update a submerchant address',
};

export const fields = declareFields([
	submerchantLocator({ description: 'The submerchant the address belongs to' }),
	uuidPathId({
		displayName: 'Address ID',
		name: 'addressId',
		pathId: 'address_id',
		description: 'ID (UUID) of the address to update, as returned when it was created',
	}),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'The fields to change; only the fields added here are sent',
		options: ADDRESS_UPDATE_FIELDS,
	},
	fieldsToClear,
	writeOptions,
]);

export const description = operationDescription('submerchantAddress', 'update', fields.properties);

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const ids = readPathIds.call(this, i, fields);
	const body = requestBody.call(this, i, fields);
	const path = `/v1/submerchants/${ids.submerchant_id}/addresses/${ids.address_id}`;
	return await prepareAnsweredByMessage.call(this, i, 'PATCH', path, ids.address_id, body);
}
