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
				description:
					'Get a submerchant with its status and registration data; needs the submerchant ID',
				action: 'Get a submerchant by ID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description:
					'List the submerchants linked to your merchant, optionally only those in one status',
				action: 'Get many submerchants',
			},
			{
				name: 'Submit for Review',
				value: 'submitForReview',
				description:
					'Send a pending submerchant with complete registration and documents to compliance review; needs the submerchant ID',
				action: 'Submit a submerchant for review',
			},
			{
				name: 'Update',
				value: 'update',
				description:
					'Change the registration data of a submerchant (not its tax ID); needs the submerchant ID and the fields to change',
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
