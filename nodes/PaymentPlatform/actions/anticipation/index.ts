import type { INodeProperties } from 'n8n-workflow';
import * as cancel from './cancel.operation';
import * as create from './create.operation';

export { cancel, create };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['anticipation'] } },
		options: [
			{
				name: 'Cancel',
				value: 'cancel',
				description: 'Cancel a pending anticipation',
				action: 'Cancel an anticipation',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Request the anticipation of receivables',
				action: 'Create an anticipation',
			},
		],
		default: 'create',
	},
	...cancel.description,
	...create.description,
];
