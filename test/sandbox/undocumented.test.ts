/**
 * The sandbox's permissive routes for the endpoints the reference names without fields (README "Other endpoints", docs/operations.md):
 * any JSON object is stored as sent; the route invents no rule but still authenticates and needs a JSON object.
 */
import { SEED } from '../../sandbox';
import { useTestSandbox } from '../harness/sandboxHttp';

const t = useTestSandbox();
const post = (path: string, body: unknown) => t().api.post(path, body);

const representatives = (id: string) => `/v1/submerchants/${id}/legal-representatives`;

describe('POST /v1/submerchants/{id}/legal-representatives (chosen path, no documented fields)', () => {
	it('stores any JSON object as sent, as a legal representative of that submerchant', async () => {
		const pj = SEED.submerchants.pjWithoutLegalRepresentative;
		const response = await post(representatives(pj), { name: 'Maria', anything: { nested: 1 } });
		expect(response.status).toBe(201);
		expect(response.data.data).toMatchObject({
			name: 'Maria',
			anything: { nested: 1 },
			submerchant_id: pj,
		});
		expect(t().sandbox.store.legalRepresentativesOf(pj)).toHaveLength(1);
	});

	it('404 for a submerchant that is not yours; 422 for a body that is not an object; 401 without the keys', async () => {
		expect((await post(representatives('3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b'), {})).status).toBe(
			404,
		);
		expect((await post(representatives(SEED.submerchants.active), [1])).status).toBe(422);
		expect((await t().anonymous.post(representatives(SEED.submerchants.active), {})).status).toBe(
			401,
		);
	});
});

describe('POST /v1/withdrawals (chosen path, no documented fields)', () => {
	it('stores any JSON object as sent, apart from the withdrawals the summary reads', async () => {
		const before = t().sandbox.store.withdrawals.size;
		const response = await post('/v1/withdrawals', { amount: 10000, note: 'e2e' });
		expect(response.status).toBe(201);
		expect(response.data.data).toMatchObject({ amount: 10000, note: 'e2e' });
		expect(t().sandbox.store.requestedWithdrawals.size).toBe(1);
		expect(t().sandbox.store.withdrawals.size).toBe(before);
	});
});
