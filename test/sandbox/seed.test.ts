/**
 * The seed: ids fixed and distinct, a charge in every status and method, an empty sandbox. The other records' states
 * are what the case files (test/cases) and sandbox/submerchants.test.ts stand on: they fail when one is gone.
 */
import { CHARGE_STATUSES, PAYMENT_METHODS } from '../../nodes/PaymentPlatform/documentedValues';
import { SEED } from '../../sandbox';
import { startTestSandbox, useTestSandbox } from '../harness/sandboxHttp';

const t = useTestSandbox({}, { resetBeforeEach: false });

describe('seed data', () => {
	it('SEED ids are fixed, well-formed and distinct', () => {
		const ids =
			JSON.stringify(SEED).match(
				/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}/g,
			) ?? [];
		expect(ids.length).toBeGreaterThan(30);
		expect(new Set(ids).size).toBe(ids.length);
		expect(SEED.merchantId).toBe('10000000-0000-4000-8000-000000000001');
		expect(SEED.charges.captured).toBe('30000000-0000-4000-8000-000000000003');
	});

	it('has a charge in every status and every payment method', async () => {
		const charges = (await t().api.get('/v1/charges', { params: { perPage: 100 } })).data
			.data as Array<{ status: string; payment_method: string }>;
		expect(new Set(charges.map((c) => c.status))).toEqual(new Set(CHARGE_STATUSES));
		expect(new Set(charges.map((c) => c.payment_method))).toEqual(new Set(PAYMENT_METHODS));
		for (const [name, id] of Object.entries(SEED.charges)) {
			const status = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
			expect(t().sandbox.store.charges.get(id)?.status).toBe(status);
		}
	});

	it('a sandbox started with seed: false is empty but still answers', async () => {
		const empty = await startTestSandbox({ seed: false });
		try {
			const response = await empty.api.get('/v1/charges');
			expect(response.data.pagination).toEqual({ page: 1, perPage: 20, total: 0, totalPages: 0 });
			empty.sandbox.reset();
			expect(empty.sandbox.store.charges.size).toBe(0);
		} finally {
			await empty.sandbox.stop();
		}
	});
});
