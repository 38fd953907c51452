import type { INodeProperties } from 'n8n-workflow';
import * as getFee from './getFee.operation';
import * as getSummary from './getSummary.operation';

export { getFee, getSummary };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['withdrawal'] } },
		options: [
			{
				name: 'Get Fee',
				value: 'getFee',
				description: 'Compute the withdrawal fee for an amount',
				action: 'Get the withdrawal fee',
			},
			{
				name: 'Get Summary',
				value: 'getSummary',
				description: 'Get the available balance and withdrawal totals',
				action: 'Get the withdrawal summary',
			},
		],
		default: 'getSummary',
	},
	...getFee.description,
	...getSummary.description,
];
