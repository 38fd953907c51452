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
				description: 'Compute the fee charged to withdraw an amount; needs the amount in cents',
				action: 'Get the fee for a withdrawal',
			},
			{
				name: 'Get Summary',
				value: 'getSummary',
				description: 'Get the balance available to withdraw and the totals of past withdrawals',
				action: 'Get the withdrawal summary',
			},
		],
		default: 'getSummary',
	},
	...getFee.description,
	...getSummary.description,
];
