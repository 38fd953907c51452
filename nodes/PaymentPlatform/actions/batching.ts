import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

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

interface Batching {
	/** Items whose requests are in flight together. */
	size: number;
	/** Pause between the end of one batch and the start of the next. */
	intervalMs: number;
}

/** What every operation without Batching does: one item after the other. */
const ONE_AT_A_TIME: Batching = { size: 1, intervalMs: 0 };

/**
 * The batching the node is set to, for an operation that offers it (its description holds Options → Batching);
 * ONE_AT_A_TIME for every other operation, whatever its parameters hold. Read once, for the whole input.
 */
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

/** A Batching field's default, as the editor shows it. */
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
 * Runs `runItem` for items 0..count-1, `batching.size` at a time, and returns their results in item order. A batch
 * ends when all its items have settled; the first failure in item order is then thrown, and no later batch starts.
 * (`runItem` turns a failure into an error item itself when Continue On Fail is on.)
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
