/**
 * A number that must be whole is checked when the node runs, never rounded. n8n's number input with numberPrecision
 * 0 turns a typed 2.5 into 3 before the node sees it, and an expression still gives 2.5: the run refuses a decimal,
 * naming field, rule and item, before any request.
 */
import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { PaymentPlatform } from '../nodes/PaymentPlatform/PaymentPlatform.node';
import { PaymentPlatformTrigger } from '../nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node';
import { runAction } from './harness';
import { chargeGet } from './harness/parameters';
import { scriptedApiForThisFile } from './harness/scriptedSuite';

const suite = scriptedApiForThisFile({ publicKey: 'pk_test_whole', secretKey: 'sk_test_whole' });

/** Every property of a description, at any depth of its collections. */
function everyProperty(properties: readonly INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => [
		property,
		...everyProperty(
			((property.options ?? []) as Array<INodeProperties & { values?: INodeProperties[] }>).flatMap(
				(option) =>
					'values' in option && option.values ? option.values : 'type' in option ? [option] : [],
			),
		),
	]);
}

const NODES = { action: new PaymentPlatform(), trigger: new PaymentPlatformTrigger() };

describe('whole numbers are checked at run time, never rounded by the editor', () => {
	it.each(Object.entries(NODES))(
		'no number input of the %s node has numberPrecision',
		(_, node) => {
			const rounded = everyProperty(node.description.properties)
				.filter((property) => property.typeOptions?.numberPrecision !== undefined)
				.map((property) => property.name);
			expect(rounded).toEqual([]);
		},
	);

	it.each([
		['action', 'batchSize'],
		['trigger', 'duplicateWindowSize'],
		['trigger', 'maxBodySize'],
		['trigger', 'secretRotation'],
	] as const)('the %s node says %s needs a whole number', (node, name) => {
		const property = everyProperty(NODES[node].description.properties).find((p) => p.name === name);
		expect(property?.description).toMatch(/whole number/);
	});
});

describe('Options → Batching → Items per Batch (Charge → Get)', () => {
	const inputs: INodeExecutionData[] = [{ json: {} }, { json: {} }, { json: {} }];
	const run = async (batchSize: number | string) =>
		await runAction(
			suite.target(),
			chargeGet('00000000-0000-4000-8000-000000000001', {
				batching: { batch: { batchSize, batchInterval: 0 } },
			}),
			{ inputItems: inputs },
		);

	it.each([2.5, 0.5, 0, -1, 'two', '2.5'])(
		'%j is refused before any request, naming field, rule and item',
		async (batchSize) => {
			suite.api().answer(() => ({ body: { success: true, message: 'OK', data: { id: 'x' } } }));
			const { error } = await run(batchSize);
			expect(error?.message).toBe('Items per Batch must be an integer >= 1 [item 0]');
			expect(error?.description).toBe(
				'Fix "Items per Batch" in item 0; nothing was sent to the API.',
			);
			expect(suite.api().requests).toHaveLength(0);
		},
	);

	it.each([
		[2, 2],
		['3', 3],
	])('%j runs %d items at a time', async (batchSize, inFlight) => {
		suite.api().answer(() => ({
			delayMs: 20,
			body: { success: true, message: 'OK', data: { id: 'x' } },
		}));
		const { output, error } = await run(batchSize);
		expect(error).toBeUndefined();
		expect(output).toHaveLength(3);
		expect(suite.api().load.maxInFlight).toBe(inFlight);
	});
});
