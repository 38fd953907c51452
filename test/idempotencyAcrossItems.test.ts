/**
 * One key, one order; an unknown outcome is said so. In-process against a scripted API: within one run, two items
 * with the same Idempotency Key and different requests stop the node before anything is sent, naming both; a key an
 * expression built from a missing value ("order-undefined", "order-", "") is refused; any failure after a write was
 * sent (a 4xx to a resend, a 2xx whose body is not JSON) says the write may have been applied and how to check.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { REQUEST_POLICY, RETRY_POLICY } from '../nodes/shared/chosenNames';
import { runAction } from './harness';
import { created, failedWith, startScriptedApi } from './harness/scriptedApi';

type ScriptedApi = Awaited<ReturnType<typeof startScriptedApi>>;

const KEYS = { publicKey: 'pk_test_keys', secretKey: 'sk_test_keys_secret' };
const ok = created;
const failure = failedWith;
const charge = { id: 'c1', status: 'pending', amount: 1500 };
const createCharge = (more: INodeParameters = {}): INodeParameters => ({
	resource: 'charge',
	operation: 'create',
	paymentMethod: 'pix',
	amount: '={{ $json.amount }}',
	...more,
});
const orders = (...rows: IDataObject[]): INodeExecutionData[] => rows.map((json) => ({ json }));

let api: ScriptedApi;
const target = () => ({ url: api.url, ...KEYS });
const saved = { ...RETRY_POLICY, ...REQUEST_POLICY };
beforeAll(async () => {
	api = await startScriptedApi();
	RETRY_POLICY.baseDelayMs = 5;
	REQUEST_POLICY.timeoutMs = 300;
});
afterAll(async () => {
	Object.assign(RETRY_POLICY, { baseDelayMs: saved.baseDelayMs });
	REQUEST_POLICY.timeoutMs = saved.timeoutMs;
	await api.stop();
});

describe('one key, one order', () => {
	it('two items with the same key and different amounts stop the node before any request, naming both', async () => {
		api.script([ok(charge)]);
		const { error } = await runAction(target(), createCharge({ idempotencyKey: 'order-7' }), {
			inputItems: orders({ amount: 1500 }, { amount: 2500 }, { amount: 3500 }),
		});
		expect(error?.message).toMatch(/Idempotency Key "order-7".*items 0 and 1/);
		expect(String(error?.description)).toMatch(/Nothing was sent to the API/);
		expect(api.requests).toEqual([]);
	});

	it('the same key with the same request on two items is one order: both are sent', async () => {
		api.script([ok(charge)]);
		const { error } = await runAction(target(), createCharge({ idempotencyKey: 'order-7' }), {
			inputItems: orders({ amount: 1500 }, { amount: 1500 }),
		});
		expect(error).toBeUndefined();
		expect(api.requests).toHaveLength(2);
	});

	// prettier-ignore
	it.each([
		['{{ "order-" + $json.order_id }} on a missing column', "={{ 'order-' + $json.order_id }}", /undefined/],
		['order-{{ $json.order_id }} on a missing column', '=order-{{ $json.order_id }}', /resolved to nothing/],
		['{{ $json.order_id }} on a null column', '={{ $json.order_id ?? null }}-x', /null/],
		['an expression that resolves to ""', '={{ $json.order_id ?? "" }}', /resolved to nothing|empty/],
	])('a key built from a missing value is refused: %s', async (_name, idempotencyKey, rule) => {
		api.script([ok(charge)]);
		const { error } = await runAction(target(), createCharge({ idempotencyKey }), {
			inputItems: orders({ amount: 1500 }),
		});
		expect(error?.message).toMatch(/^Idempotency Key /);
		expect(error?.message).toMatch(rule);
		expect(api.requests).toEqual([]);
	});

	it('a key whose own text says "null" is kept: only what an expression produced counts', async () => {
		api.script([ok(charge)]);
		const { error } = await runAction(
			target(),
			createCharge({ idempotencyKey: '=null-route-{{ $json.order_id }}' }),
			{ inputItems: orders({ amount: 1500, order_id: 42 }) },
		);
		expect(error).toBeUndefined();
		expect(api.requests[0].headers['idempotency-key']).toBe('null-route-42');
	});
});

describe('an unknown outcome is said so', () => {
	const CHECK = /The request may have been applied/;

	it('a keyed create resent after a timeout and answered 409: the first attempt may have been applied', async () => {
		api.script([{ ...ok(charge), delayMs: REQUEST_POLICY.timeoutMs + 300 }, failure(409)]);
		const { error } = await runAction(target(), createCharge({ idempotencyKey: 'order-9' }), {
			inputItems: orders({ amount: 1500 }),
		});
		expect(api.requests).toHaveLength(2);
		expect(String(error?.description)).toMatch(/after 2 attempts/);
		expect(String(error?.description)).toMatch(CHECK);
	});

	it('a keyed create resent after a 503 and answered 422: may have been applied', async () => {
		api.script([failure(503), failure(422)]);
		const { error } = await runAction(target(), createCharge({ idempotencyKey: 'order-9' }), {
			inputItems: orders({ amount: 1500 }),
		});
		expect(String(error?.description)).toMatch(CHECK);
	});

	it('a 2xx whose body is not JSON after a create: may have been applied, with how to check', async () => {
		api.script([{ status: 201, headers: { 'content-type': 'text/plain' }, raw: 'Created' }]);
		const { error } = await runAction(target(), createCharge(), {
			inputItems: orders({ amount: 1500 }),
		});
		expect(String(error?.description)).toMatch(CHECK);
		expect(String(error?.description)).toMatch(/Charge → Get Many/);
		expect(String(error?.description)).not.toMatch(/Base URL/);
	});

	it('a 4xx to a first attempt is the API refusing: nothing said of a possible write', async () => {
		api.script([failure(422)]);
		const { error } = await runAction(target(), createCharge({ idempotencyKey: 'order-9' }), {
			inputItems: orders({ amount: 1500 }),
		});
		expect(String(error?.description)).not.toMatch(CHECK);
	});
});
