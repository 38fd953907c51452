import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';

export { create };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['webhookEndpoint'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description:
					'Register a URL that is notified of the chosen charge events; returns its signing secret once',
				action: 'Create a webhook endpoint',
			},
		],
		default: 'create',
	},
	...create.description,
];
