/**
 * The seed: every documented SEED id resolves, and the seed covers the states and methods it promises.
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

	it.each(Object.entries(SEED.submerchants).filter(([name]) => name !== 'otherMerchants'))(
		'submerchant %s is readable',
		async (_name, id) => {
			expect((await t().api.get(`/v1/submerchants/${id}`)).status).toBe(200);
		},
	);

	it('has the submerchants the seed promises', () => {
		const s = (id: string) => t().sandbox.store.submerchants.get(id);
		const S = SEED.submerchants;
		expect(s(S.pfReadyForReview)).toMatchObject({
			entity_type: 'pf',
			status: 'pending',
			birth_date: '1990-04-12',
			mother_name: 'Maria Souza',
		});
		expect(t().sandbox.store.documentsOf(S.pfReadyForReview)).toEqual([]);
		expect(s(S.pfMissingMotherName)).toMatchObject({
			entity_type: 'pf',
			status: 'pending',
			mother_name: null,
		});
		expect(s(S.pjWithLegalRepresentative)).toMatchObject({ entity_type: 'pj', status: 'pending' });
		expect(
			t()
				.sandbox.store.legalRepresentativesOf(S.pjWithLegalRepresentative)
				.map((lr) => lr.id),
		).toEqual([SEED.legalRepresentatives.pjPartner]);
		expect(s(S.pjWithoutLegalRepresentative)).toMatchObject({
			entity_type: 'pj',
			status: 'pending',
		});
		expect(t().sandbox.store.legalRepresentativesOf(S.pjWithoutLegalRepresentative)).toEqual([]);
		expect(s(S.active)?.status).toBe('active');
		expect(s(S.rejected)?.status).toBe('rejected');
		expect(s(S.otherMerchants)?.parent_merchant_id).toBe(SEED.otherMerchantId);
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

	it('has a payment link, receivables (some pending), a pending anticipation and a wallet with entries', async () => {
		expect((await t().api.get(`/v1/payment-links/${SEED.paymentLinkId}`)).status).toBe(200);
		const receivables = Object.values(SEED.receivables).map(
			(id) => t().sandbox.store.receivables.get(id)?.status,
		);
		expect(receivables.filter((s) => s === 'pending')).toHaveLength(3);
		expect(t().sandbox.store.anticipations.get(SEED.anticipationId)?.status).toBe('pending');
		const statement = await t().api.get(`/v1/wallets/${SEED.walletId}/statement`);
		expect(statement.data.data.entries).toHaveLength(SEED.walletEntries.length);
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
