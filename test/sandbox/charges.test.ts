/**
 * Charges: the seed, create rules (one row per rule), card data never kept, list filters under the chosen query
 * names, and the Idempotency-Key (sandbox/idempotency.js): the same key and body replay the first answer without
 * applying anything again; the same key with another body (or route) is refused; a failed first request keeps nothing.
 */
import { CHARGE_STATUSES, PAYMENT_METHODS } from '../../nodes/PaymentPlatform/documentedValues';
import { SEED } from '../../sandbox';
import { ERROR_CODES, IDEMPOTENCY_KEY_HEADER } from '../../sandbox/api/names';
import { crc16 } from '../../sandbox/payerData';
import {
	expectError,
	expectValidationError,
	UNKNOWN_ID,
	useOwnServers,
	useTestSandbox,
} from '../harness/sandboxHttp';

const C = SEED.charges;
const CARD_NUMBER = '4242424242424242';

const t = useTestSandbox();
const own = useOwnServers();

const pix = { amount: 1000, payment_method: 'pix' };
const card = {
	amount: 25_000,
	payment_method: 'credit_card',
	payment_details: {
		number: CARD_NUMBER,
		holder_name: 'ANA SOUZA',
		expiration_month: '12',
		expiration_year: '2030',
		cvv: '987',
		installments: 3,
	},
};

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
		const empty = await own.sandbox({ seed: false });
		const response = await empty.api.get('/v1/charges');
		expect(response.data.pagination).toEqual({ page: 1, perPage: 20, total: 0, totalPages: 0 });
		empty.sandbox.reset();
		expect(empty.sandbox.store.charges.size).toBe(0);
	});
});

type RuleRow = [label: string, body: unknown, field: string, rule: string, message: string];
// prettier-ignore
const RULES: RuleRow[] = [
	['amount fractional', { ...pix, amount: 10.5 }, 'amount', 'integer', 'amount must be an integer'],
	['payment_details not an object', { ...pix, payment_details: 'card' }, 'payment_details', 'object', 'payment_details must be an object'],
	['cvv as number', { ...card, payment_details: { ...card.payment_details, cvv: 987 } }, 'payment_details.cvv', 'string', 'payment_details.cvv must be a string'],
	['token as number', { amount: 1000, payment_method: 'credit_card', payment_details: { token: 5 } }, 'payment_details.token', 'string', 'payment_details.token must be a string'],
	['unknown payment_details field', { ...card, payment_details: { ...card.payment_details, brand: 'visa' } }, 'payment_details.brand', 'unknown_field', 'payment_details.brand is not an allowed field'],
	['metadata text', { ...pix, metadata: 'x' }, 'metadata', 'object', 'metadata must be an object'],
	['metadata array', { ...pix, metadata: [1] }, 'metadata', 'object', 'metadata must be an object'],
	['customer text', { ...pix, customer: 'Ana' }, 'customer', 'object', 'customer must be an object'],
	['customer.email number', { ...pix, customer: { email: 5 } }, 'customer.email', 'string', 'customer.email must be a string'],
	['customer unknown field', { ...pix, customer: { age: 30 } }, 'customer.age', 'unknown_field', 'customer.age is not an allowed field'],
	['items object', { ...pix, items: { name: 'x' } }, 'items', 'array', 'items must be an array'],
	['items entry not an object', { ...pix, items: ['shirt'] }, 'items[0]', 'object', 'items[0] must be an object'],
	['items tangible text', { ...pix, items: [{ name: 'Shirt', tangible: 'yes' }] }, 'items[0].tangible', 'boolean', 'items[0].tangible must be a boolean'],
	['items name number', { ...pix, items: [{ name: 5 }] }, 'items[0].name', 'string', 'items[0].name must be a string'],
	['items code number', { ...pix, items: [{}, { code: 5 }] }, 'items[1].code', 'string', 'items[1].code must be a string'],
	['split object', { ...pix, split: { recipient_id: UNKNOWN_ID } }, 'split', 'array', 'split must be an array'],
	['split cross_company text', { ...pix, split: [{ recipient_id: UNKNOWN_ID, amount: 1, cross_company: 'no' }] }, 'split[0].cross_company', 'boolean', 'split[0].cross_company must be a boolean'],
	['submerchant_id of another merchant', { ...pix, submerchant_id: SEED.submerchants.otherMerchants }, 'submerchant_id', 'exists', 'submerchant_id must reference a submerchant'],
	['installments at the top level', { ...pix, installments: 2 }, 'installments', 'unknown_field', 'installments is not an allowed field'],
];

describe('POST /v1/charges rules', () => {
	it.each(RULES)('%s → %s %s', async (_label, body, field, rule, message) => {
		expectValidationError(await t().api.post('/v1/charges', body), field, rule, message);
		expect(t().sandbox.store.charges.size).toBe(8);
	});

	// "Which fields are required, their ranges and formats, and which payment_details fields apply to which payment
	// method are not shown": none of these is refused.
	it.each([
		['no amount', { payment_method: 'pix' }],
		['amount 0', { ...pix, amount: 0 }],
		['a negative amount', { ...pix, amount: -5 }],
		['no payment_method', { amount: 1000 }],
		['a card without payment_details', { amount: 1000, payment_method: 'credit_card' }],
		['a pix with payment_details', { ...pix, payment_details: { statement_descriptor: 'SHOP' } }],
		['installments 0', { ...card, payment_details: { ...card.payment_details, installments: 0 } }],
		['an item of quantity 0', { ...pix, items: [{ name: 'x', quantity: 0 }] }],
		['a negative unit_price', { ...pix, items: [{ name: 'x', unit_price: -1 }] }],
		['a split row without recipient_id', { ...pix, split: [{ amount: 100 }] }],
		['a negative shipping_amount', { ...pix, shipping_amount: -1 }],
		['an empty body', undefined],
	])('accepts %s', async (_label, body) => {
		const response = await t().api.post('/v1/charges', body);
		expect(response.data.success).toBe(true);
	});
});

describe('POST /v1/charges', () => {
	it('never stores or returns the card number or CVV', async () => {
		const response = await t().api.post('/v1/charges', card);
		expect(response.status).toBe(201);
		expect(response.data.data.card).toEqual({
			holder_name: 'ANA SOUZA',
			last_four: '4242',
			expiration_month: '12',
			expiration_year: '2030',
			tokenized: false,
			authorization_code: expect.stringMatching(/^\d{6}$/),
		});
		const id = response.data.data.id as string;
		const everything = [
			JSON.stringify(response.data),
			JSON.stringify((await t().api.get(`/v1/charges/${id}`)).data),
			JSON.stringify((await t().api.get('/v1/charges')).data),
			JSON.stringify(t().sandbox.store.charges.get(id)),
			JSON.stringify(t().sandbox.requests),
			JSON.stringify((await t().anonymous.get('/__admin/requests')).data),
		].join('\n');
		expect(everything).not.toContain(CARD_NUMBER);
		expect(everything).not.toContain('987');
		const recorded = t().sandbox.requests.find((r) => r.method === 'POST')?.body as {
			payment_details: Record<string, unknown>;
		};
		expect(recorded.payment_details).toMatchObject({
			number: '************4242',
			cvv: '[REDACTED]',
			holder_name: 'ANA SOUZA',
		});
	});

	it('accepts a card token instead of a number and does not keep the token', async () => {
		const response = await t().api.post('/v1/charges', {
			amount: 990,
			payment_method: 'debit_card',
			payment_details: { token: 'tok_abc123' },
		});
		expect(response.status).toBe(201);
		expect(response.data.data.card).toMatchObject({ tokenized: true, last_four: null });
		expect(JSON.stringify(t().sandbox.store.charges.get(response.data.data.id))).not.toContain(
			'tok_abc123',
		);
	});
});

describe("POST /v1/charges: what the payer needs (fields beyond the reference's list)", () => {
	it('a pix charge gets its copy-and-paste code (an EMV payload with its CRC16) and a QR code URL', async () => {
		const { data } = (await t().api.post('/v1/charges', { amount: 9900, payment_method: 'pix' }))
			.data;
		expect(data.pix).toEqual({
			copy_paste: expect.stringMatching(/^000201.*5802BR.*6304[0-9A-F]{4}$/),
			qr_code_url: `https://pix.example.com/qr/${data.id}.png`,
			expires_at: expect.any(String),
		});
		expect(data.pix.copy_paste).toContain('540599.00');
		const payload = data.pix.copy_paste.slice(0, -4);
		expect(data.pix.copy_paste.slice(-4)).toBe(crc16(payload));
		expect(Date.parse(data.pix.expires_at) - Date.parse(data.created_at)).toBe(3_600_000);
	});

	it('a boleto charge gets its digitable line, barcode, PDF and due date', async () => {
		const { data } = (await t().api.post('/v1/charges', { amount: 9900, payment_method: 'boleto' }))
			.data;
		expect(data.boleto).toEqual({
			digitable_line: expect.stringMatching(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/),
			barcode: expect.stringMatching(/^\d{44}$/),
			pdf_url: `https://boleto.example.com/${data.id}.pdf`,
			due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
		});
		expect(data.boleto.digitable_line.endsWith('0000009900')).toBe(true);
	});
});

describe('GET /v1/charges filters', () => {
	const ids = async (params: Record<string, string | number>) => {
		const response = await t().api.get('/v1/charges', { params: { perPage: 100, ...params } });
		expect(response.status).toBe(200);
		return (response.data.data as Array<{ id: string }>).map((c) => c.id).sort();
	};
	const sorted = (...values: string[]) => [...values].sort();

	// prettier-ignore
	it.each([
		[{ status: 'captured' }, [C.captured]],
		[{ status: 'partially_refunded' }, [C.partiallyRefunded]],
		[{ payment_method: 'boleto' }, [C.failed, C.expired]],
		[{ payment_method: 'debit_card' }, [C.partiallyRefunded, C.voided]],
		[{ start_date: '2025-03-10', end_date: '2025-03-15' }, [C.captured, C.partiallyRefunded, C.refunded]],
		[{ start_date: '2025-03-10T12:00:01Z', end_date: '2025-03-15T11:59:59Z' }, [C.partiallyRefunded]],
		[{ start_date: '2025-03-20T09:00:00-03:00' }, [C.failed, C.expired]],
		[{ end_date: '2025-03-01' }, [C.pending]],
		[{ search: 'mariana' }, [C.authorized]],
		[{ search: 'ORD-1003' }, [C.captured]],
		[{ search: C.voided }, [C.voided]],
		[{ min_amount: 30_000 }, [C.captured, C.failed]],
		[{ max_amount: 5_000 }, [C.partiallyRefunded, C.expired]],
		[{ min_amount: 5_000, max_amount: 12_000 }, [C.partiallyRefunded, C.refunded, C.voided]],
		[{ installments: 3 }, [C.captured]],
		[{ installments: 2, payment_method: 'credit_card' }, [C.refunded]],
		[{ status: 'captured', payment_method: 'pix' }, []],
	])('%j', async (params, expected) => {
		expect(await ids(params)).toEqual(sorted(...expected));
	});

	it('an empty search matches everything', async () => {
		expect(await ids({ search: '' })).toHaveLength(8);
	});

	it('filters combine with pagination totals', async () => {
		const response = await t().api.get('/v1/charges', {
			params: { payment_method: 'credit_card', perPage: 2 },
		});
		expect(response.data.pagination).toEqual({ page: 1, perPage: 2, total: 3, totalPages: 2 });
	});

	it('min_amount=0 and the boundary installments are accepted', async () => {
		expect(await ids({ min_amount: 0 })).toHaveLength(8);
		expect(await ids({ installments: 12 })).toEqual([]);
		expect(await ids({ installments: 1 })).toHaveLength(6);
	});

	it('finds generated charges among 10,000', async () => {
		const seeded = await t().anonymous.post('/__admin/seed/charges', { count: 10_000 });
		expect(seeded.status).toBe(201);
		expect(seeded.data.data).toMatchObject({ created: 10_000, total: 10_008 });
		const all = await t().api.get('/v1/charges', { params: { perPage: 100, page: 101 } });
		expect(all.data.pagination).toEqual({
			page: 101,
			perPage: 100,
			total: 10_008,
			totalPages: 101,
		});
		expect(all.data.data).toHaveLength(8);
		const boleto = await t().api.get('/v1/charges', {
			params: { payment_method: 'boleto', status: 'expired', perPage: 100 },
		});
		expect(boleto.data.pagination.total).toBeGreaterThan(100);
		for (const c of boleto.data.data)
			expect(c).toMatchObject({ payment_method: 'boleto', status: 'expired' });
	});
});

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
