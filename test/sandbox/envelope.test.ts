/**
 * Authentication, the response envelope, routing errors, body errors, pagination limits, request recording, logging,
 * and the response shapes: every answer the sandbox gives for the seed data reads through its own zod statement of
 * them (sandbox/api/responses.js): envelope, pagination and each record of the reference's Resources part.
 */
import type { AxiosResponse } from 'axios';
import type { ZodTypeAny } from 'zod';
import { ERROR_CODES } from '../../sandbox/api/names';
import * as shapes from '../../sandbox/api/responses';
import { SEED } from '../../sandbox';
import { API_ROUTES } from '../../sandbox/routes';
import {
	client,
	expectError,
	expectNotFound,
	expectValidationError,
	UNKNOWN_ID,
	useTestSandbox,
} from '../harness/sandboxHttp';
import { abortMidBody } from '../harness/rawHttp';

const S = SEED.submerchants;
const logLines: string[] = [];

const t = useTestSandbox({
	publicKey: 'pk_test_envelope',
	secretKey: 'sk_test_envelope_secret',
	log: (line) => logLines.push(line),
});

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('authentication', () => {
	// prettier-ignore
	it.each([
		['no Authorization header', undefined],
		['a wrong secret key', basic('pk_test_envelope:sk_wrong')],
		['a wrong public key', basic('pk_wrong:sk_test_envelope_secret')],
		['the keys swapped', basic('sk_test_envelope_secret:pk_test_envelope')],
		['only the public key', basic('pk_test_envelope')],
		['the secret key with a trailing character', basic('pk_test_envelope:sk_test_envelope_secretx')],
		['the Bearer scheme', `Bearer ${Buffer.from('pk_test_envelope:sk_test_envelope_secret').toString('base64')}`],
		['invalid base64', 'Basic !!!not-base64!!!'],
		['an empty Basic value', 'Basic '],
	])('answers 401 UNAUTHORIZED for %s', async (_label, header) => {
		const response = await t().anonymous.get('/v1/submerchants', {
			headers: header === undefined ? {} : { Authorization: header },
		});
		expectError(response, 401, ERROR_CODES.unauthorized, 'Authorization');
		expect(response.headers['www-authenticate']).toMatch(/^Basic /);
	});

	it('accepts the configured key pair (scheme name case-insensitive)', async () => {
		const ok = await t().anonymous.get('/v1/submerchants', {
			headers: { Authorization: basic('pk_test_envelope:sk_test_envelope_secret') },
		});
		expect(ok.status).toBe(200);
		const lower = await t().anonymous.get('/v1/submerchants', {
			headers: {
				Authorization: basic('pk_test_envelope:sk_test_envelope_secret').replace('Basic', 'basic'),
			},
		});
		expect(lower.status).toBe(200);
	});

	// Every route the sandbox states (sandbox/routes), its path parameters filled in.
	it.each(API_ROUTES.map((route) => [route.method, route.url.replace(/:[^/]+/g, UNKNOWN_ID)]))(
		'%s %s requires authentication',
		async (method, url) => {
			const response = await t().anonymous.request({
				method,
				url,
				data: method === 'GET' ? undefined : {},
			});
			expectError(response, 401, ERROR_CODES.unauthorized);
		},
	);
});

describe('envelope', () => {
	it("answers 404 NOT_FOUND for an unknown route, a path outside /v1, an unknown id, another merchant's record", async () => {
		expectNotFound(await t().api.get('/v1/nothing-here'), '/v1/nothing-here');
		expectNotFound(await t().api.get('/v2/submerchants'));
		expectNotFound(await t().anonymous.get('/'));
		expectNotFound(await t().anonymous.get('/__admin/nothing'));
		expectNotFound(await t().api.get(`/v1/submerchants/${UNKNOWN_ID}`), 'Submerchant');
		expectNotFound(await t().api.get(`/v1/submerchants/${S.otherMerchants}`));
	});

	it('answers a validation error for a malformed path id', async () => {
		expectValidationError(
			await t().api.get('/v1/submerchants/not-a-uuid'),
			'id',
			'uuid',
			'id must be a UUID',
		);
	});

	it.each([
		['PUT', '/v1/charges', 'GET'],
		['DELETE', '/v1/submerchants', 'GET'],
		['GET', '/v1/anticipations', 'POST'],
		['GET', `/v1/submerchants/${S.active}/submit-for-review`, 'POST'],
		['PATCH', '/__admin/reset', 'POST'],
	])('answers 405 for %s %s with an Allow header', async (method, url, allowed) => {
		const response = await t().api.request({ method, url });
		expectError(response, 405, ERROR_CODES.badRequest, method);
		expect(response.headers.allow).toContain(allowed);
	});

	it('answers 400 BAD_REQUEST for malformed JSON', async () => {
		const response = await t().api.post('/v1/charges', '{"amount": 10,', {
			headers: { 'Content-Type': 'application/json' },
			transformRequest: [(data: unknown) => data],
		});
		expectError(response, 400, ERROR_CODES.badRequest, 'Malformed JSON');
	});

	it('answers 415 for a body that is neither JSON nor multipart', async () => {
		const response = await t().api.post('/v1/charges', 'amount=10', {
			headers: { 'Content-Type': 'text/plain' },
		});
		expectError(response, 415, ERROR_CODES.badRequest, 'application/json');
	});

	it('answers 413 for a JSON body over 1 MB, and accepts one just under', async () => {
		const big = JSON.stringify({
			url: 'https://x.example.com',
			events: ['charge.captured'],
			pad: 'x'.repeat(1024 * 1024),
		});
		expectError(
			await t().api.post('/v1/postbacks/endpoints', big, {
				headers: { 'Content-Type': 'application/json' },
			}),
			413,
			ERROR_CODES.badRequest,
			'1 MB',
		);
		const underLimit = JSON.stringify({
			amount: 100,
			payment_method: 'pix',
			metadata: { pad: 'x'.repeat(1000 * 1000) },
		});
		const response = await t().api.post('/v1/charges', underLimit, {
			headers: { 'Content-Type': 'application/json' },
		});
		expect(response.status).toBe(201);
	});

	it('answers a validation error when the JSON body is not an object', async () => {
		const response = await t().api.patch(`/v1/submerchants/${S.active}`, [1, 2]);
		expectValidationError(response, 'body', 'object', 'body must be a JSON object');
	});

	it('answers 500 INTERNAL_ERROR on an unexpected failure and keeps serving', async () => {
		const store = t().sandbox.store;
		const original = store.chargesNewestFirst;
		store.chargesNewestFirst = () => {
			throw new TypeError('boom');
		};
		try {
			expectError(await t().api.get('/v1/charges'), 500, ERROR_CODES.internal);
		} finally {
			store.chargesNewestFirst = original;
		}
		expect((await t().api.get('/v1/charges')).status).toBe(200);
	});

	it('survives a client that aborts mid-body', async () => {
		await abortMidBody(`${t().sandbox.url}/v1/charges`, {
			headers: { 'Content-Type': 'application/json' },
			partialBody: '{"amount":',
			declaredLength: 1000,
		});
		expect((await t().api.get('/v1/charges')).status).toBe(200);
	});
});

describe('query parameters and pagination', () => {
	const W = `/v1/wallets/${SEED.walletId}/statement`;
	const STATUS = 'status must be one of pending, pending_review, active';
	// prettier-ignore
	it.each<[string, string, string, string, string?]>([
		['/v1/submerchants', 'page', '0', 'min'],
		['/v1/submerchants', 'page', '-1', 'min'],
		['/v1/submerchants', 'page', 'two', 'integer'],
		['/v1/submerchants', 'page', '1.5', 'integer'],
		['/v1/submerchants', 'perPage', '0', 'min'],
		['/v1/submerchants', 'perPage', '101', 'max'],
		['/v1/submerchants', 'perPage', 'ten', 'integer'],
		['/v1/charges', 'page', '0', 'min'],
		['/v1/charges', 'perPage', '0', 'min'],
		['/v1/charges', 'perPage', '101', 'max'],
		['/v1/submerchants', 'status', 'approved', 'enum', STATUS],
		['/v1/submerchants', 'status', 'PENDING', 'enum', STATUS],
		['/v1/submerchants', 'status', '', 'enum', STATUS],
		['/v1/charges', 'start_date', 'yesterday', 'iso8601', 'start_date must be an ISO 8601 date'],
		['/v1/charges', 'end_date', '2025-02-30', 'iso8601', 'end_date must be an ISO 8601 date'],
		['/v1/charges', 'end_date', '2025-03-01T25:00:00Z', 'iso8601', 'end_date must be an ISO 8601 date'],
		['/v1/charges', 'min_amount', '10.5', 'integer', 'min_amount must be an integer'],
		['/v1/charges', 'max_amount', 'lots', 'integer', 'max_amount must be an integer'],
		['/v1/charges', 'installments', 'two', 'integer', 'installments must be an integer from 1 to 12'],
		[W, 'start_date', 'last month', 'iso8601', 'start_date must be an ISO 8601 date'],
		[W, 'end_date', '2025-02-31', 'iso8601', 'end_date must be an ISO 8601 date'],
		['/v1/withdrawals/fee', 'amount', '12.5', 'integer', 'amount must be an integer'],
		['/v1/withdrawals/fee', 'amount', 'ten', 'integer', 'amount must be an integer'],
	])('%s?%s=%j is a validation error (%s), not clamped or ignored', async (...row) => {
		// A rest parameter, so that jest does not take the 5th parameter for a `done` callback.
		const [url, name, value, rule, message] = row;
		const response = await t().api.get(url, { params: { [name]: value } });
		expectValidationError(response, name, rule, message);
	});

	it('perPage=100 and perPage=1 are accepted; defaults are page 1 and perPage 20', async () => {
		t().sandbox.seedCharges(30);
		const defaults = await t().api.get('/v1/charges');
		expect(defaults.data.pagination).toEqual({ page: 1, perPage: 20, total: 38, totalPages: 2 });
		expect(defaults.data.data).toHaveLength(20);
		const max = await t().api.get('/v1/charges', { params: { perPage: 100 } });
		expect(max.data.pagination).toEqual({ page: 1, perPage: 100, total: 38, totalPages: 1 });
		const min = await t().api.get('/v1/charges', { params: { perPage: 1, page: 38 } });
		expect(min.data.data).toHaveLength(1);
		expect(min.data.pagination).toEqual({ page: 38, perPage: 1, total: 38, totalPages: 38 });
	});

	it('pages do not overlap and a page past the end is empty', async () => {
		const first = await t().api.get('/v1/charges', { params: { perPage: 3, page: 1 } });
		const second = await t().api.get('/v1/charges', { params: { perPage: 3, page: 2 } });
		const ids = [...first.data.data, ...second.data.data].map((c: { id: string }) => c.id);
		expect(new Set(ids).size).toBe(6);
		expect(second.data.pagination).toEqual({ page: 2, perPage: 3, total: 8, totalPages: 3 });
		const past = await t().api.get('/v1/charges', { params: { perPage: 3, page: 4 } });
		expect(past.data.data).toEqual([]);
		expect(past.data.pagination.total).toBe(8);
	});

	it('a repeated query parameter is a validation error', async () => {
		const response = await t().api.get('/v1/charges?page=1&page=2');
		expectValidationError(response, 'page', 'single');
	});
});

describe('request recording', () => {
	it('records every /v1 request with method, path, query, headers without Authorization, and parsed body', async () => {
		t().sandbox.clearRequests();
		await t().api.get('/v1/charges', { params: { status: 'captured', perPage: 5 } });
		await t().api.patch(
			`/v1/submerchants/${S.active}`,
			{ phone: '+551100000000' },
			{ headers: { 'X-Trace': 'abc' } },
		);
		await t().anonymous.get('/v1/submerchants');
		await t().anonymous.get('/__admin/requests');
		expect(t().sandbox.requests).toHaveLength(3);
		const [list, patch, unauthenticated] = t().sandbox.requests;
		expect(list).toMatchObject({
			method: 'GET',
			path: '/v1/charges',
			query: { status: 'captured', perPage: '5' },
			status: 200,
		});
		expect(patch).toMatchObject({
			method: 'PATCH',
			path: `/v1/submerchants/${S.active}`,
			body: { phone: '+551100000000' },
			status: 200,
		});
		expect(patch.headers['x-trace']).toBe('abc');
		expect(unauthenticated.status).toBe(401);
		for (const request of t().sandbox.requests)
			expect(request.headers).not.toHaveProperty('authorization');
	});

	it('GET /__admin/requests returns the same records; DELETE clears them', async () => {
		t().sandbox.clearRequests();
		await t().api.get(`/v1/charges/${SEED.charges.captured}`);
		const listed = await t().anonymous.get('/__admin/requests');
		expect(listed.data.data).toHaveLength(1);
		expect(listed.data.data[0]).toMatchObject({
			method: 'GET',
			path: `/v1/charges/${SEED.charges.captured}`,
		});
		expect(JSON.stringify(listed.data)).not.toContain('Basic ');
		expect((await t().anonymous.delete('/__admin/requests')).status).toBe(200);
		expect(t().sandbox.requests).toEqual([]);
	});
});

describe('logging', () => {
	it('logs one line per request (method, path, status, ms) and never keys, headers or bodies', async () => {
		logLines.length = 0;
		const created = await t().api.post('/v1/postbacks/endpoints', {
			url: 'http://127.0.0.1:9/hook',
			events: ['charge.captured'],
		});
		const secret = created.data.data.secret as string;
		await t().api.post('/v1/charges', {
			amount: 100,
			payment_method: 'credit_card',
			payment_details: { number: '4111111111111111', cvv: '123' },
		});
		await t().anonymous.get('/v1/submerchants');
		expect(logLines.filter((line) => !line.startsWith('delivery '))).toEqual([
			expect.stringMatching(/^POST \/v1\/postbacks\/endpoints 201 \d+\.\dms$/),
			expect.stringMatching(/^POST \/v1\/charges 201 \d+\.\dms$/),
			expect.stringMatching(/^GET \/v1\/submerchants 401 \d+\.\dms$/),
		]);
		const all = logLines.join('\n');
		const credentials = basic('pk_test_envelope:sk_test_envelope_secret').slice('Basic '.length);
		const keys = ['pk_test_envelope', 'sk_test_envelope_secret', credentials, secret];
		for (const forbidden of [...keys, '4111', 'http://127.0.0.1:9'])
			expect(all).not.toContain(forbidden);
	});
});

describe('another client', () => {
	it('a sandbox with custom keys rejects the default key pair', async () => {
		const defaults = client(t().sandbox.url, {
			username: 'pk_sandbox_demo',
			password: 'sk_sandbox_demo',
		});
		expectError(await defaults.get('/v1/charges'), 401, ERROR_CODES.unauthorized);
	});
});

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
