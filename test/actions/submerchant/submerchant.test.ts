import { runAction } from '../../harness';
import { SEED } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';
import { byId, jsonOf, onlyRequest } from './helpers';

const S = SEED.submerchants;
/** Every seeded submerchant the sandbox merchant owns (the other merchant's one is invisible). */
const OWN_SUBMERCHANTS = Object.values(S).filter((id) => id !== S.otherMerchants);
const PENDING_SUBMERCHANTS = [
	S.pfReadyForReview,
	S.pfMissingMotherName,
	S.pjWithLegalRepresentative,
	S.pjWithoutLegalRepresentative,
];

const sandbox = useSandbox({}, { resetBeforeEach: true });

describe('Submerchant → Get Many', () => {
	it('Return All reads every page with the largest page size and emits one item per submerchant', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'getAll',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		const request = onlyRequest(sandbox());
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v1/submerchants');
		expect(request.query).toEqual({ page: '1', perPage: '100' });
		expect(output.map((item) => item.json.id).sort()).toEqual([...OWN_SUBMERCHANTS].sort());
		const active = output.find((item) => item.json.id === S.active)?.json;
		expect(active).toMatchObject({ trade_name: 'Estrela Modas', status: 'active', mcc: '5651' });
		expect(output.every((item) => item.pairedItem !== undefined)).toBe(true);
	});

	it('Limit 2 asks for a page of 2 and emits 2 items', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox()).query).toEqual({ page: '1', perPage: '2' });
		expect(output).toHaveLength(2);
		for (const item of output) expect(OWN_SUBMERCHANTS).toContain(item.json.id);
	});

	it('sends the status filter and returns only submerchants in that status', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'getAll',
			returnAll: true,
			filters: { status: 'pending' },
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox()).query).toEqual({ status: 'pending', page: '1', perPage: '100' });
		expect(output.map((item) => item.json.id).sort()).toEqual([...PENDING_SUBMERCHANTS].sort());
		expect(output.every((item) => item.json.status === 'pending')).toBe(true);
	});

	it('the status filter follows state changes (pending_review after a submission)', async () => {
		await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'submitForReview',
			submerchantId: byId(S.pjWithLegalRepresentative),
		});
		sandbox().clearRequests();
		const { output } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'getAll',
			returnAll: true,
			filters: { status: 'pending_review' },
		});
		expect(output.map((item) => item.json.id).sort()).toEqual(
			[S.pendingReview, S.pjWithLegalRepresentative].sort(),
		);
		expect(onlyRequest(sandbox()).query).toMatchObject({ status: 'pending_review' });
	});
});

describe('Submerchant → Get', () => {
	it('GETs the submerchant by id and outputs it', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'get',
			submerchantId: byId(S.active),
		});
		expect(error).toBeUndefined();
		const request = onlyRequest(sandbox());
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`/v1/submerchants/${S.active}`);
		expect(request.query).toEqual({});
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			id: S.active,
			entity_type: 'pj',
			trade_name: 'Estrela Modas',
			legal_name: 'Estrela Modas Comercio LTDA',
			status: 'active',
			product_categories: ['clothing', 'accessories'],
			average_ticket: '120.00',
		});
	});

	it("surfaces the API's not-found error for another merchant's submerchant", async () => {
		const { error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'get',
			submerchantId: byId(S.otherMerchants),
		});
		expect(error?.message).toBe('Submerchant not found');
		expect(error?.description).toContain('NOT_FOUND');
		expect(onlyRequest(sandbox()).path).toBe(`/v1/submerchants/${S.otherMerchants}`);
	});
});

describe('Submerchant → Update', () => {
	it('PATCHes every field given, with API names and types, and outputs the updated submerchant', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'update',
			submerchantId: byId(S.pfReadyForReview),
			updateFields: {
				tradeName: 'Ana Souza Atelier e Costura',
				legalName: 'Ana Maria Souza',
				email: 'ana@atelier.example.com',
				phone: '+5511912345678',
				website: 'https://atelier.example.com',
				description: 'Costura sob medida',
				softDescriptor: 'ANA ATELIER',
				birthDate: '1990-04-13',
				motherName: 'Maria Aparecida Souza',
				businessType: 'both',
				productCategories: 'clothing, sewing ,, repairs',
				averageTicket: 150.5,
				monthlyRevenue: 12000,
				mcc: '5699',
				cnaes: {
					cnae: [
						{ code: '1412-6/02', description: 'Confeccao sob medida', isPrimary: true },
						{ code: '9529-1/99', description: 'Reparacao', isPrimary: false },
					],
				},
			},
		});
		expect(error).toBeUndefined();
		const request = onlyRequest(sandbox());
		expect(request.method).toBe('PATCH');
		expect(request.path).toBe(`/v1/submerchants/${S.pfReadyForReview}`);
		const cnaes = [
			{ code: '1412-6/02', description: 'Confeccao sob medida', is_primary: true },
			{ code: '9529-1/99', description: 'Reparacao', is_primary: false },
		];
		expect(request.body).toEqual({
			trade_name: 'Ana Souza Atelier e Costura',
			legal_name: 'Ana Maria Souza',
			email: 'ana@atelier.example.com',
			phone: '+5511912345678',
			website: 'https://atelier.example.com',
			description: 'Costura sob medida',
			soft_descriptor: 'ANA ATELIER',
			birth_date: '1990-04-13',
			mother_name: 'Maria Aparecida Souza',
			business_type: 'both',
			product_categories: ['clothing', 'sewing', 'repairs'],
			average_ticket: 150.5,
			monthly_revenue: 12000,
			mcc: '5699',
			cnaes,
		});
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			id: S.pfReadyForReview,
			tax_id: '39053344705',
			trade_name: 'Ana Souza Atelier e Costura',
			birth_date: '1990-04-13',
			business_type: 'both',
			product_categories: ['clothing', 'sewing', 'repairs'],
			average_ticket: '150.50',
			monthly_revenue: '12000.00',
			mcc: '5699',
			cnaes,
		});
	});

	it('sends only the fields given; product categories may come as an array from an expression', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'update',
			submerchantId: byId(S.suspended),
			updateFields: { productCategories: '={{ ["software", "courses"] }}', averageTicket: 0 },
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toEqual({
			product_categories: ['software', 'courses'],
			average_ticket: 0,
		});
		expect(output[0].json).toMatchObject({
			id: S.suspended,
			trade_name: 'Horizonte Tech',
			product_categories: ['software', 'courses'],
			average_ticket: '0.00',
		});
	});
});

describe('Submerchant → Submit for Review', () => {
	it('moves a complete PF to pending_review once a document was added with Document → Create', async () => {
		const document = await runAction(sandbox(), {
			resource: 'submerchantDocument',
			operation: 'create',
			submerchantId: byId(S.pfReadyForReview),
			documentType: 'front_id',
			fileSource: 'url',
			fileUrl: 'https://files.example.com/ana-front.jpg',
			fileName: 'ana-front.jpg',
			fileSize: 81234,
		});
		expect(document.error).toBeUndefined();
		sandbox().clearRequests();

		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'submitForReview',
			submerchantId: byId(S.pfReadyForReview),
		});
		expect(error).toBeUndefined();
		const request = onlyRequest(sandbox());
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`/v1/submerchants/${S.pfReadyForReview}/submit-for-review`);
		expect(request.body).toBeUndefined();
		expect(jsonOf(output)).toEqual([
			{
				success: true,
				message: 'Submerchant submitted for review; the compliance pipeline has started',
			},
		]);

		const after = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'get',
			submerchantId: byId(S.pfReadyForReview),
		});
		expect(after.output[0].json.status).toBe('pending_review');
	});

	it("fails with the API's message and code when a PF lacks mother_name", async () => {
		const { error, output } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'submitForReview',
			submerchantId: byId(S.pfMissingMotherName),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('Validation failed: mother_name is required for a pf submerchant');
		expect(error?.description).toBe('VALIDATION_ERROR (HTTP 422)');
		expect(onlyRequest(sandbox()).path).toBe(
			`/v1/submerchants/${S.pfMissingMotherName}/submit-for-review`,
		);
	});

	it('fails for a PJ without a legal representative, and the submerchant stays pending', async () => {
		const { error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'submitForReview',
			submerchantId: byId(S.pjWithoutLegalRepresentative),
		});
		expect(error?.message).toBe(
			'Validation failed: legal_representative is required for a pj submerchant',
		);
		expect(error?.description).toBe('VALIDATION_ERROR (HTTP 422)');
		const after = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'get',
			submerchantId: byId(S.pjWithoutLegalRepresentative),
		});
		expect(after.output[0].json.status).toBe('pending');
	});

	it('with Continue On Fail, the API error becomes an item paired with its input', async () => {
		const { output, error } = await runAction(
			sandbox(),
			{
				resource: 'submerchant',
				operation: 'submitForReview',
				submerchantId: byId(S.pfMissingMotherName),
			},
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(output).toEqual([
			{
				json: {
					error: 'Validation failed: mother_name is required for a pf submerchant',
					description: 'VALIDATION_ERROR (HTTP 422)',
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
