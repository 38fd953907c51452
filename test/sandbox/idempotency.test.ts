/**
 * The sandbox's Idempotency-Key (sandbox/idempotency.js): the same key and body replay the first answer without
 * applying anything again; the same key with another body (or route) is refused; a failed first request keeps nothing.
 */
import { ERROR_CODES, IDEMPOTENCY_KEY_HEADER } from '../../sandbox/api/names';
import { expectError, useTestSandbox } from '../harness/sandboxHttp';

const t = useTestSandbox();

const pix = { amount: 1000, payment_method: 'pix' };
const keyed = (key: string) => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

describe('Idempotency-Key on POST', () => {
	it('same key, same body: the first answer again, one charge created, one charge event', async () => {
		const { api, sandbox } = t();
		const before = sandbox.store.charges.size;
		const first = await api.post('/v1/charges', pix, keyed('order-1'));
		const again = await api.post(
			'/v1/charges',
			{ payment_method: 'pix', amount: 1000 },
			keyed('order-1'),
		);
		expect(first.status).toBe(201);
		expect(again.status).toBe(first.status);
		expect(again.data).toEqual(first.data);
		expect(again.headers['idempotent-replayed']).toBe('true');
		expect(first.headers['idempotent-replayed']).toBeUndefined();
		expect(sandbox.store.charges.size).toBe(before + 1);
		expect(sandbox.requests.map((r) => r.replayed ?? false)).toEqual([false, true]);
	});

	it('replays the answer as it was, even after the record changed', async () => {
		const { api, sandbox } = t();
		const first = await api.post('/v1/charges', pix, keyed('order-2'));
		sandbox.triggerChargeEvent(first.data.data.id, 'charge.captured');
		const again = await api.post('/v1/charges', pix, keyed('order-2'));
		expect(again.data.data.status).toBe('pending');
		expect(sandbox.store.charges.get(first.data.data.id)?.status).toBe('captured');
	});

	it('same key on another route: refused the same way', async () => {
		const { api } = t();
		await api.post('/v1/charges', pix, keyed('order-4'));
		const link = await api.post(
			'/v1/payment-links',
			{ title: 'T', amount: 1000 },
			keyed('order-4'),
		);
		expectError(link, 422, ERROR_CODES.idempotencyKeyReused);
	});

	it('different keys, same body: two charges', async () => {
		const { api } = t();
		const a = await api.post('/v1/charges', pix, keyed('order-5a'));
		const b = await api.post('/v1/charges', pix, keyed('order-5b'));
		expect(a.data.data.id).not.toBe(b.data.data.id);
	});

	it('a refused first request keeps nothing: the key works once the body is fixed', async () => {
		const { api, sandbox } = t();
		const refused = await api.post(
			'/v1/charges',
			{ ...pix, payment_method: 'cash' },
			keyed('order-6'),
		);
		expect(refused.status).toBe(422);
		const fixed = await api.post('/v1/charges', pix, keyed('order-6'));
		expect(fixed.status).toBe(201);
		expect(sandbox.requests.every((r) => !r.replayed)).toBe(true);
	});

	it('without a key, the same body twice creates twice', async () => {
		const { api, sandbox } = t();
		const before = sandbox.store.charges.size;
		await api.post('/v1/charges', pix);
		await api.post('/v1/charges', pix);
		expect(sandbox.store.charges.size).toBe(before + 2);
	});

	it('reset forgets the keys', async () => {
		const { api, sandbox } = t();
		await api.post('/v1/charges', pix, keyed('order-7'));
		sandbox.reset();
		const after = await api.post('/v1/charges', { ...pix, amount: 5 }, keyed('order-7'));
		expect(after.status).toBe(201);
	});
});
