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
				description:
					'Get a receivable (money a charge will pay you on a settlement date) with its gross, fee and net amounts; needs the receivable ID',
				action: 'Get a receivable by ID',
			},
		],
		default: 'get',
	},
	...get.description,
];
