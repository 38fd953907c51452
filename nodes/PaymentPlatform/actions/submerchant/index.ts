import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as submitForReview from './submitForReview.operation';
import * as update from './update.operation';

export { get, getAll, submitForReview, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['submerchant'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a submerchant by ID',
				action: 'Get a submerchant',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the submerchants linked to your merchant',
				action: 'Get many submerchants',
			},
			{
				name: 'Submit for Review',
				value: 'submitForReview',
				description: 'Send a complete submerchant to compliance review',
				action: 'Submit a submerchant for review',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the data of a submerchant (the tax ID cannot be changed)',
				action: 'Update a submerchant',
			},
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
	...submitForReview.description,
	...update.description,
];
