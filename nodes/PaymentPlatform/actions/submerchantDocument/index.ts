import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as getAll from './getAll.operation';

export { create, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['submerchantDocument'] } },
		options: [
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
		default: 'create',
	},
	...create.description,
	...getAll.description,
];
