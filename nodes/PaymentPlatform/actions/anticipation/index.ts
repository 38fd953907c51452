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
				description: 'Cancel an anticipation that is still pending; needs the anticipation ID',
				action: 'Cancel a pending anticipation',
			},
			{
				name: 'Create',
				value: 'create',
				description:
					'Ask to receive receivables before their settlement date, for a fee; needs the receivable IDs',
				action: 'Request an anticipation of receivables',
			},
		],
		default: 'create',
	},
	...cancel.description,
	...create.description,
];
