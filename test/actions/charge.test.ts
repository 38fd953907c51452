/**
 * Charge operations against the sandbox. Over 300 lines because it pins every payment method's request and the
 * list filters, one test each.
 */
import axios from 'axios';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { runAction } from '../harness';
import { SEED } from '../../sandbox';
import {
	CHARGE_LIST_QUERY,
	PAGE_SIZE,
	PAGINATION_QUERY,
} from '../../nodes/PaymentPlatform/transport/chosenNames';
import {
	byId,
	expectRejectedBeforeSending,
	idsOf,
	jsonOf,
	onlyRequest,
	runOk,
	useSandbox,
} from './payments.helpers';

const api = useSandbox();
const C = SEED.charges;
const CARD_NUMBER = '4111 1111-1111 1111';
const CVV = '737';

const createCharge = (parameters: INodeParameters): INodeParameters => ({
	resource: 'charge',
	operation: 'create',
	...parameters,
});
const cardCharge = (
	parameters: INodeParameters = {},
	paymentDetails: INodeParameters = {},
): INodeParameters =>
	createCharge({
		paymentMethod: 'credit_card',
		amount: 25990,
		paymentDetails: {
			number: CARD_NUMBER,
			holderName: 'MARIA S SILVA',
			expirationMonth: '08',
			expirationYear: '2030',
			cvv: CVV,
			installments: 3,
			...paymentDetails,
		},
		...parameters,
	});
const getMany = (parameters: INodeParameters): INodeParameters => ({
	resource: 'charge',
	operation: 'getAll',
	...parameters,
});

describe('Charge → Create', () => {
	it('sends a card charge with customer, items, split and additional fields in one POST', async () => {
		const sandbox = api();
		const { output } = await runOk(
			sandbox,
			cardCharge(
				{
					customer: {
						details: {
							name: 'Maria Silva',
							email: 'maria@example.com',
							tax_id: '52998224725',
							phone: '+5511999998888',
							birthdate: '1990-05-31',
						},
					},
					items: {
						item: [
							{ name: 'Camiseta', quantity: 2, unit_price: 7995, tangible: true, code: 'SKU-1' },
							{
								name: 'Ebook',
								quantity: 1,
								unit_price: 10000,
								tangible: false,
								id: 'ebook-7',
								description: 'Guia',
								category: 'books',
							},
						],
					},
					split: {
						recipient: [
							{ recipient_id: SEED.submerchants.active, amount: 20000, cross_company: false },
							{
								recipient_id: SEED.submerchants.pjWithLegalRepresentative,
								amount: 5990,
								cross_company: true,
							},
						],
					},
					additionalFields: {
						submerchant_id: SEED.submerchants.active,
						shipping_amount: 1500,
						currency: 'BRL',
						metadata: '{"order_id": "ORD-42", "channel": "n8n"}',
					},
				},
				{ statementDescriptor: 'LOJA ESTRELA' },
			),
		);

		const request = onlyRequest(sandbox);
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/v1/charges');
		expect(request.query).toEqual({});
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		// The sandbox records the card number masked to its last four digits and the CVV redacted.
		expect(request.body).toEqual({
			amount: 25990,
			payment_method: 'credit_card',
			payment_details: {
				number: '************1111',
				holder_name: 'MARIA S SILVA',
				expiration_month: '08',
				expiration_year: '2030',
				cvv: '[REDACTED]',
				installments: 3,
				statement_descriptor: 'LOJA ESTRELA',
			},
			customer: {
				name: 'Maria Silva',
				email: 'maria@example.com',
				tax_id: '52998224725',
				phone: '+5511999998888',
				birthdate: '1990-05-31',
			},
			items: [
				{ name: 'Camiseta', quantity: 2, unit_price: 7995, tangible: true, code: 'SKU-1' },
				{
					name: 'Ebook',
					quantity: 1,
					unit_price: 10000,
					tangible: false,
					id: 'ebook-7',
					description: 'Guia',
					category: 'books',
				},
			],
			split: [
				{ recipient_id: SEED.submerchants.active, amount: 20000, cross_company: false },
				{
					recipient_id: SEED.submerchants.pjWithLegalRepresentative,
					amount: 5990,
					cross_company: true,
				},
			],
			submerchant_id: SEED.submerchants.active,
			shipping_amount: 1500,
			currency: 'BRL',
			metadata: { order_id: 'ORD-42', channel: 'n8n' },
		});

		expect(output).toHaveLength(1);
		const charge = output[0].json;
		expect(charge).toMatchObject({
			amount: 25990,
			currency: 'BRL',
			status: 'pending',
			payment_method: 'credit_card',
			submerchant_id: SEED.submerchants.active,
			installments: 3,
			shipping_amount: 1500,
			metadata: { order_id: 'ORD-42', channel: 'n8n' },
			card: { last_four: '1111', holder_name: 'MARIA S SILVA' },
		});
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(sandbox.store.charges.get(String(charge.id))?.amount).toBe(25990);
		// The full card number (sent without spaces or dashes) and the CVV never reach the output.
		expect(JSON.stringify(output)).not.toContain('4111111111111111');
		expect(JSON.stringify(output)).not.toContain(`"${CVV}"`);
	});

	it('sends a card token instead of card details for a debit card', async () => {
		const sandbox = api();
		const { output } = await runOk(
			sandbox,
			createCharge({
				paymentMethod: 'debit_card',
				amount: 1000,
				paymentDetails: { token: 'tok_test_123', installments: 1 },
			}),
		);
		expect(onlyRequest(sandbox).body).toEqual({
			amount: 1000,
			payment_method: 'debit_card',
			payment_details: { token: 'tok_test_123', installments: 1 },
		});
		expect(output[0].json).toMatchObject({
			payment_method: 'debit_card',
			card: { tokenized: true },
		});
	});

	it.each(['pix', 'boleto'])('sends payment_details for %s when given', async (paymentMethod) => {
		const sandbox = api();
		const { output } = await runOk(
			sandbox,
			createCharge({
				paymentMethod,
				amount: '={{ "15000" }}',
				customer: { details: { name: 'Joao Pereira', tax_id: '39053344705' } },
				paymentDetails: { statementDescriptor: 'LOJA PIX' },
			}),
		);
		expect(onlyRequest(sandbox).body).toEqual({
			amount: 15000,
			payment_method: paymentMethod,
			payment_details: { statement_descriptor: 'LOJA PIX' },
			customer: { name: 'Joao Pereira', tax_id: '39053344705' },
		});
		expect(output[0].json).toMatchObject({
			amount: 15000,
			payment_method: paymentMethod,
			card: null,
		});
	});

	it('turns an API rejection into a NodeApiError that never quotes the card number or CVV', async () => {
		const sandbox = api();
		const unknownSubmerchant = '99999999-0000-4000-8000-000000000001';
		// Card data usually comes from the input item through expressions, as here.
		const { error, output } = await runAction(
			sandbox,
			cardCharge(
				{ additionalFields: { submerchant_id: unknownSubmerchant } },
				{ number: '={{ $json.card.number }}', cvv: '={{ $json.card.cvv }}' },
			),
			{ inputItems: [{ json: { card: { number: CARD_NUMBER, cvv: CVV } } }] },
		);
		expect(output).toEqual([]);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe(
			'Validation failed: submerchant_id must reference a submerchant of this merchant',
		);
		expect(error?.description).toBe('VALIDATION_ERROR (HTTP 422)');
		expect(onlyRequest(sandbox).method).toBe('POST');
		const everything = JSON.stringify(error);
		expect(everything).not.toContain('4111111111111111');
		expect(everything).not.toContain(CARD_NUMBER);
		expect(everything).not.toContain(`"${CVV}"`);
	});
});

describe('Charge → Get', () => {
	it('reads one charge by id', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, {
			resource: 'charge',
			operation: 'get',
			chargeId: byId(C.captured),
		});
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query]).toEqual([
			'GET',
			`/v1/charges/${C.captured}`,
			{},
		]);
		expect(jsonOf(output)).toEqual([
			expect.objectContaining({
				id: C.captured,
				status: 'captured',
				payment_method: 'credit_card',
				amount: 90000,
				installments: 3,
			}),
		]);
	});
});

describe('Charge → Get Many', () => {
	it('sends every filter under its query name and returns one item per charge', async () => {
		const sandbox = api();
		const { output } = await runOk(
			sandbox,
			getMany({
				returnAll: false,
				limit: 10,
				filters: {
					status: 'captured',
					paymentMethod: 'credit_card',
					startDate: '2025-03-01T00:00:00Z',
					endDate: '2025-03-31',
					search: 'pedro',
					minAmount: 50000,
					maxAmount: '={{ "100000" }}',
					installments: 3,
				},
			}),
		);
		const request = onlyRequest(sandbox);
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v1/charges');
		expect(request.query).toEqual({
			[CHARGE_LIST_QUERY.status]: 'captured',
			[CHARGE_LIST_QUERY.paymentMethod]: 'credit_card',
			// One date rule: an offset keeps its instant; a bare date is the start of that day in the workflow's time
			// zone (the harness runs in America/New_York, UTC-4 after the DST change of 9 March).
			[CHARGE_LIST_QUERY.startDate]: '2025-03-01T00:00:00.000Z',
			[CHARGE_LIST_QUERY.endDate]: '2025-03-31T04:00:00.000Z',
			[CHARGE_LIST_QUERY.search]: 'pedro',
			[CHARGE_LIST_QUERY.minAmount]: '50000',
			[CHARGE_LIST_QUERY.maxAmount]: '100000',
			[CHARGE_LIST_QUERY.installments]: '3',
			[PAGINATION_QUERY.page]: '1',
			[PAGINATION_QUERY.perPage]: '10',
		});
		expect(idsOf(jsonOf(output))).toEqual([C.captured]);
		expect(output[0].pairedItem).toEqual({ item: 0 });
	});

	it('reads a date-time without offset in the workflow time zone and sends it as UTC', async () => {
		const sandbox = api();
		await runOk(
			sandbox,
			getMany({
				returnAll: true,
				filters: {
					startDate: '2025-03-01T00:00:00',
					endDate: '={{ new Date("2025-03-02T12:00:00Z") }}',
				},
			}),
		);
		// The harness runs with n8n's default time zone, America/New_York (UTC-5 in March before DST).
		expect(onlyRequest(sandbox).query).toMatchObject({
			[CHARGE_LIST_QUERY.startDate]: '2025-03-01T05:00:00.000Z',
			[CHARGE_LIST_QUERY.endDate]: '2025-03-02T12:00:00.000Z',
		});
	});

	describe('over more than 250 charges', () => {
		let total = 0;
		beforeAll(async () => {
			const sandbox = api();
			const seeded = await axios.post(
				`${sandbox.url}/__admin/seed/charges`,
				{ count: 300 },
				{ proxy: false },
			);
			expect(seeded.status).toBe(201);
			total = (seeded.data as { data: { total: number } }).data.total;
			expect(total).toBeGreaterThan(250);
		});

		it('Return All walks every page with perPage 100 and returns every charge once', async () => {
			const sandbox = api();
			const { output } = await runOk(sandbox, getMany({ returnAll: true }));
			const pages = Math.ceil(total / PAGE_SIZE.max);
			expect(sandbox.requests).toHaveLength(pages);
			expect(sandbox.requests.map((r) => [r.method, r.path, r.query])).toEqual(
				Array.from({ length: pages }, (_, index) => [
					'GET',
					'/v1/charges',
					{ [PAGINATION_QUERY.page]: String(index + 1), [PAGINATION_QUERY.perPage]: '100' },
				]),
			);
			expect(output).toHaveLength(total);
			expect(new Set(idsOf(jsonOf(output))).size).toBe(total);
			expect(new Set(output.map((item) => JSON.stringify(item.pairedItem)))).toEqual(
				new Set([JSON.stringify({ item: 0 })]),
			);
		});

		it('a Limit asks for no more pages than needed', async () => {
			const sandbox = api();
			const { output } = await runOk(sandbox, getMany({ returnAll: false, limit: 150 }));
			expect(output).toHaveLength(150);
			expect(sandbox.requests).toHaveLength(2);
			expect(sandbox.requests.map((r) => r.query[PAGINATION_QUERY.page])).toEqual(['1', '2']);
			const perPage = sandbox.requests.map((r) => Number(r.query[PAGINATION_QUERY.perPage]));
			expect(perPage.every((size) => size <= PAGE_SIZE.max)).toBe(true);
			expect(perPage[0] * 2).toBeGreaterThanOrEqual(150);

			sandbox.clearRequests();
			const small = await runOk(sandbox, getMany({ returnAll: false, limit: 7 }));
			expect(small.output).toHaveLength(7);
			expect(onlyRequest(sandbox).query).toEqual({
				[PAGINATION_QUERY.page]: '1',
				[PAGINATION_QUERY.perPage]: '7',
			});

			sandbox.clearRequests();
			const hundred = await runOk(sandbox, getMany({ returnAll: false, limit: 100 }));
			expect(hundred.output).toHaveLength(100);
			expect(onlyRequest(sandbox).query[PAGINATION_QUERY.perPage]).toBe('100');
		});
	});
});

describe('Charge: items, errors and pairing', () => {
	const inputItems = [
		{ json: { chargeId: C.captured } },
		{ json: { chargeId: 'not-a-uuid' } },
		{ json: { chargeId: C.pending } },
	];
	const getByExpression = {
		resource: 'charge',
		operation: 'get',
		chargeId: byId('={{ $json.chargeId }}'),
	};

	it('with Continue On Fail, items 1 and 3 succeed and item 2 is an error item, each paired', async () => {
		const sandbox = api();
		const { output, error } = await runAction(sandbox, getByExpression, {
			inputItems,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[0].json).toMatchObject({ id: C.captured, status: 'captured' });
		expect(output[1].json).toEqual({
			error: 'charge_id must be a UUID [item 1]',
			description: 'Fix "charge_id" in item 1; nothing was sent to the API.',
		});
		expect(output[2].json).toMatchObject({ id: C.pending, status: 'pending' });
		expect(sandbox.requests.map((r) => r.path)).toEqual([
			`/v1/charges/${C.captured}`,
			`/v1/charges/${C.pending}`,
		]);
	});

	it('without Continue On Fail, the execution fails naming item 1 and stops there', async () => {
		const sandbox = api();
		const { output, error } = await runAction(sandbox, getByExpression, { inputItems });
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe('charge_id must be a UUID [item 1]');
		expect((error as unknown as { context: IDataObject }).context.itemIndex).toBe(1);
		expect(output).toEqual([]);
		expect(sandbox.requests.map((r) => r.path)).toEqual([`/v1/charges/${C.captured}`]);
	});
});

describe('Charge: invalid input is rejected before any request', () => {
	const rows: Array<[rule: string, parameters: INodeParameters, message: string]> = [
		// Create
		['amount required', cardCharge({ amount: '={{ "" }}' }), 'amount is required'],
		['amount integer', cardCharge({ amount: 10.5 }), 'amount must be an integer'],
		['amount numeric', cardCharge({ amount: '={{ "ten" }}' }), 'amount must be an integer'],
		[
			'payment method enum',
			createCharge({ paymentMethod: '={{ "cash" }}', amount: 100 }),
			'payment_method must be one of: credit_card, debit_card, pix, boleto',
		],
		[
			'installments <= 12',
			cardCharge({}, { installments: 13 }),
			'payment_details.installments must be an integer <= 12',
		],
		[
			'installments integer',
			cardCharge({}, { installments: 2.5 }),
			'payment_details.installments must be an integer <= 12',
		],
		[
			'submerchant_id UUID',
			cardCharge({ additionalFields: { submerchant_id: 'store-1' } }),
			'submerchant_id must be a UUID',
		],
		[
			'split recipient UUID',
			cardCharge({
				split: {
					recipient: [
						{ recipient_id: SEED.submerchants.active, amount: 100 },
						{ recipient_id: 'acct_123', amount: 100 },
					],
				},
			}),
			'split[1].recipient_id must be a UUID',
		],
		[
			'split amount integer',
			cardCharge({
				split: { recipient: [{ recipient_id: SEED.submerchants.active, amount: 1.5 }] },
			}),
			'split[0].amount must be an integer',
		],
		[
			'item unit_price integer',
			cardCharge({ items: { item: [{ name: 'A', quantity: 1, unit_price: 99.9 }] } }),
			'items[0].unit_price must be an integer',
		],
		[
			'shipping_amount integer',
			cardCharge({ additionalFields: { shipping_amount: 1.5 } }),
			'shipping_amount must be an integer',
		],
		[
			'currency enum',
			cardCharge({ additionalFields: { currency: '={{ "USD" }}' } }),
			'currency must be one of: BRL',
		],
		[
			'metadata JSON',
			cardCharge({ additionalFields: { metadata: '{"order_id": ' } }),
			'metadata must be valid JSON',
		],
		[
			'metadata JSON object',
			cardCharge({ additionalFields: { metadata: '["a", "b"]' } }),
			'metadata must be a JSON object',
		],
		// Get
		[
			'charge id UUID',
			{ resource: 'charge', operation: 'get', chargeId: byId('={{ "ch_123" }}') },
			'charge_id must be a UUID',
		],
		// Get Many
		[
			'status enum',
			getMany({ returnAll: true, filters: { status: '={{ "paid" }}' } }),
			'status must be one of: pending, authorized, captured, partially_refunded, refunded, voided, failed, expired',
		],
		[
			'payment method filter enum',
			getMany({ returnAll: true, filters: { paymentMethod: '={{ "cash" }}' } }),
			'payment_method must be one of: credit_card, debit_card, pix, boleto',
		],
		[
			'start date ISO 8601',
			getMany({ returnAll: true, filters: { startDate: '={{ "yesterday" }}' } }),
			'start_date must be an ISO 8601 date or date-time',
		],
		[
			'start date a calendar date',
			getMany({ returnAll: true, filters: { startDate: '={{ "2025-02-30T10:00:00" }}' } }),
			'start_date must be an ISO 8601 date or date-time',
		],
		[
			'end date ISO 8601',
			getMany({ returnAll: true, filters: { endDate: '={{ "31/03/2025" }}' } }),
			'end_date must be an ISO 8601 date or date-time',
		],
		[
			'min amount >= 0',
			getMany({ returnAll: true, filters: { minAmount: -1 } }),
			'min_amount must be an integer >= 0',
		],
		[
			'min amount integer',
			getMany({ returnAll: true, filters: { minAmount: 10.5 } }),
			'min_amount must be an integer >= 0',
		],
		[
			'max amount >= 0',
			getMany({ returnAll: true, filters: { maxAmount: -100 } }),
			'max_amount must be an integer >= 0',
		],
		[
			'max amount integer',
			getMany({ returnAll: true, filters: { maxAmount: '={{ "lots" }}' } }),
			'max_amount must be an integer >= 0',
		],
		[
			'installments filter 1..12 (0)',
			getMany({ returnAll: true, filters: { installments: 0 } }),
			'installments must be an integer from 1 to 12',
		],
		[
			'installments filter 1..12 (13)',
			getMany({ returnAll: true, filters: { installments: 13 } }),
			'installments must be an integer from 1 to 12',
		],
		['limit >= 1', getMany({ returnAll: false, limit: 0 }), 'limit must be an integer >= 1'],
	];

	it.each(rows)('%s', async (_rule, parameters, message) => {
		const errors = await expectRejectedBeforeSending(api(), parameters, message);
		for (const item of errors) {
			expect(JSON.stringify(item)).not.toContain('4111');
			expect(JSON.stringify(item)).not.toContain(CVV);
		}
	});
});
