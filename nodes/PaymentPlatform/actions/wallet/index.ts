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
				description: 'Get a wallet and its current balance; needs the wallet ID',
				action: 'Get a wallet balance',
			},
			{
				name: 'Get Statement',
				value: 'getStatement',
				description:
					"Get a wallet's credits and debits with opening and closing balances for a period; needs the wallet ID",
				action: 'Get a wallet statement',
			},
		],
		default: 'get',
	},
	...get.description,
	...getStatement.description,
];
