/**
 * Options → Batching: read operations send the requests of several items at once, in n8n's HTTP Request terms
 * (items per batch, batch interval), keeping output order, pairing and Continue On Fail per item; a 429 holds the
 * run; operations that write never offer it and never run batched.
 */
import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { PaymentPlatform } from '../nodes/PaymentPlatform/PaymentPlatform.node';
import { runAction } from './harness';
import { CASES } from './cases';
import { chargeGet as chargeGetOf } from './harness/parameters';
import { scriptedApiForThisFile, type Received } from './harness/scriptedSuite';

const KEYS = { publicKey: 'pk_test_batch', secretKey: 'sk_test_batch' };
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const numberOf = (request: Received) => Number(request.path.split('-').pop());
const inputs = (count: number): INodeExecutionData[] =>
	Array.from({ length: count }, (_, n) => ({ json: { chargeId: idOf(n) } }));
/** Charge → Get of each item's `chargeId`, Simplify off, batched when told. */
const chargeGet = (batch?: { batchSize?: number; batchInterval?: number }) => ({
	...chargeGetOf('={{ $json.chargeId }}', batch ? { batching: { batch } } : undefined),
	simplify: false,
});
const charge = (request: Received) => ({
	body: { success: true, message: 'OK', data: { id: request.path.split('/').pop() } },
});

const suite = scriptedApiForThisFile(KEYS);
const { target } = suite;

describe('Options → Batching on a read operation (Charge → Get)', () => {
	it('sends 8 items at a time, and outputs every item in input order, paired with its input', async () => {
		// Within a batch, later items answer first.
		suite
			.api()
			.answer((request) => ({ ...charge(request), delayMs: 40 - 4 * (numberOf(request) % 8) }));
		const { output, error } = await runAction(
			target(),
			chargeGet({ batchSize: 8, batchInterval: 0 }),
			{
				inputItems: inputs(20),
			},
		);
		expect(error).toBeUndefined();
		expect(suite.api().requests).toHaveLength(20);
		expect(suite.api().load.maxInFlight).toBe(8);
		expect(output).toEqual(
			inputs(20).map((item, n) => ({ json: { id: item.json.chargeId }, pairedItem: { item: n } })),
		);
	});

	it('starts a batch only when the previous one has its answers, after the batch interval', async () => {
		const received: Array<{ n: number; at: number }> = [];
		suite.api().answer((request) => {
			received.push({ n: numberOf(request), at: Date.now() });
			return { ...charge(request), delayMs: 20 };
		});
		const { output } = await runAction(target(), chargeGet({ batchSize: 3, batchInterval: 200 }), {
			inputItems: inputs(7),
		});
		expect(output).toHaveLength(7);
		const batches = [0, 1, 2].map((b) =>
			received.filter((r) => Math.floor(r.n / 3) === b).map((r) => r.at),
		);
		expect(batches.map((times) => times.length)).toEqual([3, 3, 1]);
		for (const b of [1, 2]) {
			expect(Math.min(...batches[b]) - Math.max(...batches[b - 1])).toBeGreaterThanOrEqual(200);
		}
	});

	it('without Batching, one request at a time', async () => {
		suite.api().answer((request) => ({ ...charge(request), delayMs: 10 }));
		const { output } = await runAction(target(), chargeGet(), { inputItems: inputs(6) });
		expect(output).toHaveLength(6);
		expect(suite.api().load.maxInFlight).toBe(1);
	});

	it('Continue On Fail: the failed item becomes an error item in its place, every other item runs', async () => {
		suite.api().answer((request) =>
			numberOf(request) === 5
				? {
						status: 404,
						body: { success: false, message: 'Charge not found', error: 'NOT_FOUND' },
					}
				: charge(request),
		);
		const { output, error } = await runAction(
			target(),
			chargeGet({ batchSize: 4, batchInterval: 0 }),
			{
				inputItems: inputs(10),
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		expect(suite.api().requests).toHaveLength(10);
		expect(output.map((item) => item.pairedItem)).toEqual(inputs(10).map((_, n) => ({ item: n })));
		expect(output[5].json).toMatchObject({ error: 'Charge not found' });
		expect(output.filter((item) => item.json.error !== undefined)).toHaveLength(1);
	});

	it('without Continue On Fail: the first failed item in its batch stops the node, no later batch is sent', async () => {
		suite.api().answer((request) =>
			[5, 6].includes(numberOf(request))
				? {
						status: 404,
						body: {
							success: false,
							message: `Charge ${numberOf(request)} not found`,
							error: 'NOT_FOUND',
						},
					}
				: { ...charge(request), delayMs: 20 },
		);
		const { error } = await runAction(target(), chargeGet({ batchSize: 4, batchInterval: 0 }), {
			inputItems: inputs(12),
		});
		expect(error?.message).toBe('Charge 5 not found');
		expect(
			suite
				.api()
				.requests.map(numberOf)
				.sort((a, b) => a - b),
		).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
	});

	it('a 429 holds the other requests of the batch for its Retry-After, not only its own retry', async () => {
		const received: Array<{ n: number; at: number }> = [];
		let rateLimitedAt = 0;
		const answered = new Set<number>();
		suite.api().answer((request) => {
			const n = numberOf(request);
			received.push({ n, at: Date.now() });
			const first = !answered.has(n);
			answered.add(n);
			if (n === 0 && first) {
				rateLimitedAt = Date.now();
				return {
					status: 429,
					headers: { 'retry-after': '1' },
					body: { success: false, message: 'slow down', error: 'RATE_LIMITED' },
				};
			}
			// Items 1 and 2 answer 503 after the 429 has arrived; their own backoff alone would retry at once.
			if (first)
				return {
					status: 503,
					delayMs: 100,
					body: { success: false, message: 'busy', error: 'UNAVAILABLE' },
				};
			return charge(request);
		});
		const { output, error } = await runAction(
			target(),
			chargeGet({ batchSize: 3, batchInterval: 0 }),
			{
				inputItems: inputs(3),
			},
		);
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.id)).toEqual(inputs(3).map((item) => item.json.chargeId));
		const retries = received.filter((r) => r.at > rateLimitedAt + 50);
		expect(retries.map((r) => r.n).sort()).toEqual([0, 1, 2]);
		for (const r of retries) expect(r.at - rateLimitedAt).toBeGreaterThanOrEqual(950);
	});
});

describe('operations that write', () => {
	it('never run batched, even with Batching in their parameters (Charge → Create, 5 items)', async () => {
		suite.api().answer(() => ({
			delayMs: 20,
			body: { success: true, message: 'Created', data: { id: 'x' } },
		}));
		const { output, error } = await runAction(
			target(),
			{
				resource: 'charge',
				operation: 'create',
				paymentMethod: 'pix',
				amount: 1000,
				options: { batching: { batch: { batchSize: 8, batchInterval: 0 } } },
			},
			{ inputItems: inputs(5) },
		);
		expect(error).toBeUndefined();
		expect(output).toHaveLength(5);
		expect(suite.api().requests.map((request) => request.method)).toEqual(Array(5).fill('POST'));
		expect(suite.api().load.maxInFlight).toBe(1);
	});

	it('offer no Batching: it is an option of the GET operations only', () => {
		// The operations whose case file sends a GET.
		const readOperations = CASES.filter((c) => c.request.method === 'GET').map(
			(c) => `${c.resource}:${c.operation}`,
		);
		const { properties } = new PaymentPlatform().description;
		const operations = properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) =>
				(property.options as Array<{ value: string }>).map(
					(option) => `${property.displayOptions?.show?.resource?.[0]}:${option.value}`,
				),
			);
		const withBatching = (property: INodeProperties) =>
			property.name === 'options' &&
			(property.options as INodeProperties[]).some((option) => option.name === 'batching');
		const offering = properties
			.filter(withBatching)
			.map(
				(property) =>
					`${property.displayOptions?.show?.resource?.[0]}:${property.displayOptions?.show?.operation?.[0]}`,
			);
		expect(readOperations.length).toBeGreaterThan(5);
		expect(operations.length).toBeGreaterThan(readOperations.length);
		expect(offering.sort()).toEqual(readOperations.sort());
	});
});
