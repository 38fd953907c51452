import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as getStatement from './getStatement.operation';

export { get, getStatement };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['wallet'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a wallet and its balance by ID',
				action: 'Get a wallet',
			},
			{
				name: 'Get Statement',
				value: 'getStatement',
				description: "Get a wallet's entries and balance summary for a period",
				action: 'Get a wallet statement',
			},
		],
		default: 'get',
	},
	...get.description,
	...getStatement.description,
];
