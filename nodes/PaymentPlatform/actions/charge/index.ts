import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['charge'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Get a charge by ID', action: 'Get a charge' },
		],
		default: 'get',
	},
	...get.description,
];
