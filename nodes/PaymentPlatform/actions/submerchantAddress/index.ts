import * as create from './create.operation';
import * as update from './update.operation';
import { resourceDescription } from '../common.descriptions';

export { create, update };

export const description = resourceDescription(
	'submerchantAddress',
	'create',
	[
		{
			name: 'Create',
			value: 'create',
			description:
				'Add an address to a submerchant; needs the submerchant ID, the address type and the full address',
			action: 'Add an address to a submerchant',
		},
		{
			name: 'Update',
			value: 'update',
			description:
				'Change an address of a submerchant; needs the submerchant ID, the address ID and the fields to change',
			action: 'Update a submerchant address',
		},
	],
	[create, update],
);
