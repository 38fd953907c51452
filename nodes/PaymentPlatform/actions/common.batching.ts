import type { INodeProperties } from 'n8n-workflow';

/**
 * Options → Batching, for read (GET) operations only, with the names and defaults of n8n's HTTP Request node so that
 * users meet the same setting here. Whether an operation offers it is read from its description, so an operation
 * that writes can never run batched.
 */
export const batchingOption: INodeProperties = {
	displayName: 'Batching',
	name: 'batching',
	placeholder: 'Add Batching',
	type: 'fixedCollection',
	typeOptions: { multipleValues: false },
	default: { batch: {} },
	description: 'Whether to send the requests of several input items at the same time',
	options: [
		{
			displayName: 'Batching',
			name: 'batch',
			values: [
				{
					displayName: 'Items per Batch',
					name: 'batchSize',
					type: 'number',
					typeOptions: { minValue: 1, numberPrecision: 0 },
					default: 50,
					description:
						'How many input items are requested at the same time. The next batch starts when every item of this one has its answer. 1 sends one request at a time.',
				},
				{
					displayName: 'Batch Interval (Ms)',
					name: 'batchInterval',
					type: 'number',
					typeOptions: { minValue: 0 },
					default: 1000,
					description: 'Time (in milliseconds) between each batch of requests. 0 for disabled.',
				},
			],
		},
	],
};
