import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/**
 * For reads only, with the names and defaults of n8n's HTTP Request node. Offered where the description holds it, so
 * an operation that writes can never run batched.
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

interface Batching {
	size: number;
	intervalMs: number;
}

const ONE_AT_A_TIME: Batching = { size: 1, intervalMs: 0 };

/** Read once, for the whole input; one item after the other for an operation that does not offer Batching. */
export function batchingOf(this: IExecuteFunctions, operation: unknown): Batching {
	if (!offersBatching(operation)) return ONE_AT_A_TIME;
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const batch = (options[batchingOption.name] as IDataObject | undefined)?.batch as
		| IDataObject
		| undefined;
	if (batch === undefined || batch === null || typeof batch !== 'object') return ONE_AT_A_TIME;
	const size = Number(batch.batchSize ?? defaultOf('batchSize'));
	const intervalMs = Number(batch.batchInterval ?? defaultOf('batchInterval'));
	return {
		size: Number.isFinite(size) ? Math.max(1, Math.floor(size)) : 1,
		intervalMs: Number.isFinite(intervalMs) ? Math.max(0, intervalMs) : 0,
	};
}

function defaultOf(field: string): unknown {
	const batch = batchingOption.options?.[0] as { values?: INodeProperties[] } | undefined;
	return batch?.values?.find((value) => value.name === field)?.default;
}

function offersBatching(operation: unknown): boolean {
	const description = (operation as { description?: INodeProperties[] } | undefined)?.description;
	return (description ?? []).some(
		(property) =>
			property.type === 'collection' &&
			(property.options ?? []).some((option) => option.name === batchingOption.name),
	);
}

/**
 * Results in item order. A batch ends when all its items have settled; then the first failure in item order is
 * thrown and no later batch starts.
 */
export async function runInBatches<T>(
	count: number,
	batching: Batching,
	runItem: (itemIndex: number) => Promise<T>,
): Promise<T[]> {
	const results: T[] = [];
	for (let start = 0; start < count; start += batching.size) {
		if (start > 0 && batching.intervalMs > 0) await sleep(batching.intervalMs);
		const indexes = Array.from(
			{ length: Math.min(batching.size, count - start) },
			(_, k) => start + k,
		);
		const settled = await Promise.allSettled(indexes.map(async (i) => await runItem(i)));
		for (const outcome of settled) {
			if (outcome.status === 'rejected') throw outcome.reason;
			results.push(outcome.value);
		}
	}
	return results;
}
