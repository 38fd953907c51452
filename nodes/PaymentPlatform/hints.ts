import type { NodeHint } from 'n8n-workflow';

/** Where a setting trades something away, the editor says so beside the output. */
export const hints: NodeHint[] = [
	{
		message:
			'Simplify is on: each record keeps only the fields an operator needs first. Turn Simplify off for the full record, for example to use a field the simplified output leaves out.',
		type: 'info',
		location: 'outputPane',
		whenToDisplay: 'afterExecution',
		displayCondition: '={{ $parameter["simplify"] === true }}',
	},
	{
		message:
			'Return All requests every page of the list: on a large account that is many requests and a long run. Set a Limit, or narrow the list with Filters, when part of the list is enough (the platform decides its order).',
		type: 'info',
		location: 'outputPane',
		whenToDisplay: 'beforeExecution',
		displayCondition: '={{ $parameter["returnAll"] === true }}',
	},
	{
		message:
			'Batching sends the requests of several items at the same time: faster, but the platform may answer a large batch with 429 (too many requests), and an item still refused after its retries fails. If that happens, lower Items per Batch or raise the Batch Interval.',
		type: 'info',
		location: 'outputPane',
		whenToDisplay: 'beforeExecution',
		displayCondition: '={{ $parameter["options"]?.["batching"]?.["batch"] !== undefined }}',
	},
];
