import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['receivable'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a receivable by ID',
				action: 'Get a receivable',
			},
		],
		default: 'get',
	},
	...get.description,
];
