import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { InputValidator, type FieldRule } from '../fields/fieldRules';
import { convertValues } from '../fields/convertFields';

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
					// No numberPrecision: n8n's number input would round a typed 2.5 to 3; the run refuses it instead.
					typeOptions: { minValue: 1 },
					default: 50,
					description:
						'How many input items are requested at the same time, a whole number (a decimal is refused). The next batch starts when every item of this one has its answer. 1 sends one request at a time.',
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

/** Named as the editor shows them: the node's own settings, never sent. */
const SIZE = 'Items per Batch';
const INTERVAL = 'Batch Interval (Ms)';
const BATCHING_RULES: FieldRule[] = [
	{ parameter: 'batchSize', field: SIZE, type: 'integer', required: true, range: { min: 1 } },
	{
		parameter: 'batchInterval',
		field: INTERVAL,
		type: 'number',
		required: true,
		range: { min: 0 },
	},
];

/**
 * Read once, for the whole input (from item 0), before any request; one item after the other for an operation that
 * does not offer Batching. A decimal size or a value out of range is refused, never rounded or clamped.
 */
export function batchingOf(this: IExecuteFunctions, operation: unknown): Batching {
	if (!offersBatching(operation)) return ONE_AT_A_TIME;
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const batch = (options[batchingOption.name] as IDataObject | undefined)?.batch as
		| IDataObject
		| undefined;
	if (batch === undefined || batch === null || typeof batch !== 'object') return ONE_AT_A_TIME;
	const given = Object.fromEntries(
		BATCHING_RULES.map(({ parameter }) => [parameter, batch[parameter] ?? defaultOf(parameter)]),
	);
	const read = convertValues(BATCHING_RULES, given, new InputValidator(this.getNode(), 0));
	return { size: read[SIZE] as number, intervalMs: read[INTERVAL] as number };
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
