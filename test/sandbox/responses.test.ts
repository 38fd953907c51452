/**
 * Every answer the sandbox gives for the seed data reads through its own zod statement of the response shapes
 * (sandbox/api/responses.js): envelope, pagination and each record of the reference's Resources part.
 */
import type { AxiosResponse } from 'axios';
import type { ZodTypeAny } from 'zod';
import { SEED } from '../../sandbox';
import * as shapes from '../../sandbox/api/responses';
import { useTestSandbox } from '../harness/sandboxHttp';

const t = useTestSandbox();

/** Parses the answer with `schema` and fails with zod's own issues (which name the path) when it does not fit. */
function expectShape(response: AxiosResponse, schema: ZodTypeAny): void {
	const result = schema.safeParse(response.data);
	expect(result.success ? [] : result.error.issues).toEqual([]);
}

const { envelope } = shapes;

describe('response shapes of the seed data', () => {
	it('submerchants: the paginated list and every record by id', async () => {
		const all = await t().api.get('/v1/submerchants', { params: { perPage: 100 } });
		expectShape(all, envelope(shapes.submerchant.array(), { paginated: true }));
		expect(all.data.data.length).toBeGreaterThan(5);
		for (const record of all.data.data) {
			expectShape(await t().api.get(`/v1/submerchants/${record.id}`), envelope(shapes.submerchant));
		}
	});

	it('addresses: created record, update answers success and message only', async () => {
		const url = `/v1/submerchants/${SEED.submerchants.active}/addresses`;
		const created = await t().api.post(url, {
			street: 'Rua A',
			number: '1',
			neighborhood: 'Centro',
			city: 'Recife',
			state: 'PE',
			zip_code: '50000000',
			country: 'BR',
		});
		expectShape(created, envelope(shapes.address));
		expectShape(
			await t().api.patch(`${url}/${created.data.data.id}`, { city: 'Olinda' }),
			envelope(undefined),
		);
	});

	it('documents: created record and the (unpaginated) list', async () => {
		const url = `/v1/submerchants/${SEED.submerchants.active}/documents`;
		const created = await t().api.post(url, {
			type: 'cnpj_card',
			expires_at: '2030-01-01T00:00:00Z',
		});
		expectShape(created, envelope(shapes.document));
		expectShape(await t().api.get(url), envelope(shapes.document.array()));
	});

	it('charges: list, every record by id, a created one', async () => {
		const all = await t().api.get('/v1/charges');
		expectShape(all, envelope(shapes.charge.array(), { paginated: true }));
		for (const id of Object.values(SEED.charges)) {
			expectShape(await t().api.get(`/v1/charges/${id}`), envelope(shapes.charge));
		}
		expectShape(
			await t().api.post('/v1/charges', { amount: 100, payment_method: 'pix' }),
			envelope(shapes.charge),
		);
	});

	it('payment link, cover upload, receivables, anticipation', async () => {
		expectShape(
			await t().api.get(`/v1/payment-links/${SEED.paymentLinkId}`),
			envelope(shapes.paymentLink),
		);
		const form = new FormData();
		form.append('file', new Blob([Buffer.from('png')], { type: 'image/png' }), 'cover.png');
		expectShape(
			await t().api.post(`/v1/payment-links/${SEED.paymentLinkId}/upload-cover`, form),
			envelope(shapes.coverUpload),
		);
		for (const id of Object.values(SEED.receivables)) {
			expectShape(await t().api.get(`/v1/receivables/${id}`), envelope(shapes.receivable));
		}
		const requested = await t().api.post('/v1/anticipations', {
			receivable_ids: [SEED.receivables.capturedInstallment1],
		});
		expectShape(requested, envelope(shapes.anticipation));
		expectShape(
			await t().api.delete(`/v1/anticipations/${requested.data.data.id}`),
			envelope(undefined),
		);
	});

	it('wallet, statement, withdrawal summary and fee', async () => {
		expectShape(await t().api.get(`/v1/wallets/${SEED.walletId}`), envelope(shapes.wallet));
		expectShape(
			await t().api.get(`/v1/wallets/${SEED.walletId}/statement`),
			envelope(shapes.statement),
		);
		expectShape(await t().api.get('/v1/withdrawals/summary'), envelope(shapes.withdrawalSummary));
		expectShape(
			await t().api.get('/v1/withdrawals/fee', { params: { amount: 10_000 } }),
			envelope(shapes.withdrawalFee),
		);
	});

	it('webhook endpoint: the creation answer carries the secret', async () => {
		const created = await t().api.post('/v1/postbacks/endpoints', {
			url: 'https://example.com/hook',
			events: ['charge.captured'],
		});
		expectShape(created, envelope(shapes.createdWebhookEndpoint));
	});

	it('errors: the write shape with details, the read shape without', async () => {
		const write = await t().api.post('/v1/charges', { amount: 10.5 });
		expectShape(write, shapes.errorEnvelope);
		expect(write.data.details.length).toBeGreaterThan(0);
		const read = await t().api.get('/v1/charges', { params: { perPage: 0 } });
		expectShape(read, shapes.errorEnvelope);
		expect(read.data).not.toHaveProperty('details');
	});

	it('a wrong shape fails: the checks are not vacuous', () => {
		const result = shapes.submerchant.safeParse({ id: 'x' });
		expect(result.success).toBe(false);
	});
});
