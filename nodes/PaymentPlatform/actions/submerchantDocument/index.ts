import * as create from './create.operation';
import * as getAll from './getAll.operation';
import { resourceDescription } from '../common.descriptions';

export { create, getAll };

export const description = resourceDescription(
	'submerchantDocument',
	'create',
	[
		{
			name: 'Create',
			value: 'create',
			description:
				'Add an identity or company document to a submerchant for its review; needs the submerchant ID, the document type and the file',
			action: 'Add a document to a submerchant',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description:
				'List the documents of a submerchant with their review status; needs the submerchant ID',
			action: 'Get many submerchant documents',
		},
	],
	[create, getAll],
);
