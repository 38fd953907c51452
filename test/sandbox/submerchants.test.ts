/**
 * Submerchants, addresses, documents, submit-for-review and legal representatives (a chosen path): the rules the node
 * does not state (test/refusals.test.ts checks those against the sandbox's schemas), plus happy paths.
 */
import { ERROR_CODES } from '../../sandbox/api/names';
import { SEED } from '../../sandbox';
import {
	expectError,
	expectMessageOnly,
	expectNotFound,
	expectValidationError,
	repeat,
	UNKNOWN_ID,
	useTestSandbox,
} from '../harness/sandboxHttp';

const S = SEED.submerchants;

const t = useTestSandbox();

describe('GET /v1/submerchants', () => {
	it("lists only the merchant's submerchants, newest first, with pagination", async () => {
		const response = await t().api.get('/v1/submerchants');
		expect(response.status).toBe(200);
		const ids = response.data.data.map((s: { id: string }) => s.id);
		expect(ids).toHaveLength(9);
		expect(ids).not.toContain(S.otherMerchants);
		expect(response.data.pagination).toEqual({ page: 1, perPage: 20, total: 9, totalPages: 1 });
		const created = response.data.data.map((s: { created_at: string }) => s.created_at);
		expect([...created].sort().reverse()).toEqual(created);
	});
});

describe('PATCH /v1/submerchants/{id} rules', () => {
	const url = `/v1/submerchants/${S.pfReadyForReview}`;
	// prettier-ignore
	it.each([
		['trade_name', 'ab', 'length', 'trade_name must be 3 to 255 characters'],
		['trade_name', 12345, 'string', 'trade_name must be a string'],
		['description', 42, 'string', 'description must be a string'],
		['product_categories', 'clothing', 'array', 'product_categories must be an array'],
		['product_categories', ['ok', 7], 'string', 'product_categories[1] must be a string'],
		['average_ticket', '100', 'number', 'average_ticket must be a number greater than or equal to 0'],
		['monthly_revenue', true, 'number', 'monthly_revenue must be a number'],
		['mcc', 5411, 'string', 'mcc must be a string'],
		['cnaes', 'x', 'array', 'cnaes must be an array'],
		['cnaes', [1], 'object', 'cnaes[0] must be an object'],
		['cnaes', [{ code: '4781-4/00', is_primary: 'yes' }], 'boolean', 'cnaes[0].is_primary must be a boolean'],
		['cnaes', [{ code: '4781-4/00', description: 5 }], 'string', 'cnaes[0].description must be a string'],
		['cnaes', [{ code: '4781-4/00', weight: 1 }], 'unknown_field', 'cnaes[0].weight is not an allowed field'],
		['tax_id', '39053344705', 'immutable', 'tax_id cannot be changed after creation'],
		['status', 'active', 'unknown_field', 'status is not an allowed field'],
		['entity_type', 'pj', 'unknown_field', 'entity_type is not an allowed field'],
		['nickname', 'Ana', 'unknown_field', 'nickname is not an allowed field'],
	])('%s = %j → %s', async (field, value, rule, message) => {
		const response = await t().api.patch(url, { [field]: value });
		const detailField = message.split(' ')[0];
		expectValidationError(response, detailField, rule, message);
		expect(t().sandbox.store.submerchants.get(S.pfReadyForReview)?.updated_at).toBe(
			'2025-01-15T12:00:00.000Z',
		);
	});

	it('reports every broken rule at once and changes nothing', async () => {
		const response = await t().api.patch(url, { trade_name: 'ab', mcc: 'x', tax_id: '1' });
		expect(response.data.details.map((d: { field: string }) => d.field).sort()).toEqual([
			'mcc',
			'tax_id',
			'trade_name',
		]);
		expect(t().sandbox.store.submerchants.get(S.pfReadyForReview)?.trade_name).toBe(
			'Ana Souza Atelier',
		);
	});

	it('answers 404 for an unknown submerchant', async () => {
		expectNotFound(await t().api.patch(`/v1/submerchants/${UNKNOWN_ID}`, { phone: '1' }));
	});
});

describe('POST /v1/submerchants/{id}/addresses rules', () => {
	const url = `/v1/submerchants/${S.active}/addresses`;
	const valid = {
		street: 'Rua Augusta',
		number: '500',
		neighborhood: 'Consolacao',
		city: 'Sao Paulo',
		state: 'SP',
		zip_code: '01305000',
		country: 'BR',
		type: 'shipping',
	};

	it.each([
		['street', '', 'length', 'street must be 1 to 255 characters'],
		['street', 12, 'string', 'street must be a string'],
		['is_primary', 'yes', 'boolean', 'is_primary must be a boolean'],
		['address_type', 'billing', 'unknown_field', 'address_type is not an allowed field'],
	])('%s = %j → %s', async (field, value, rule, message) => {
		expectValidationError(
			await t().api.post(url, { ...valid, [field]: value }),
			field,
			rule,
			message,
		);
		expect(t().sandbox.store.addressesOf(S.active)).toHaveLength(1);
	});

	it.each([
		['zip_code', '01305000'],
		['zip_code', '01305-0000'],
		['street', repeat(255)],
		['number', repeat(20, '1')],
		['complement', repeat(100)],
		['type', 'both'],
		['type', 'billing'],
	])('accepts %s = %j', async (field, value) => {
		const response = await t().api.post(url, { ...valid, [field]: value });
		expect(response.status).toBe(201);
		expect(response.data.data[field]).toBe(value);
	});

	it('creates the address and returns it; a new primary one demotes the previous primary', async () => {
		const response = await t().api.post(url, { ...valid, complement: 'Loja 2', is_primary: true });
		expect(response.status).toBe(201);
		expect(Object.keys(response.data).sort()).toEqual(['data', 'message', 'success']);
		expect(response.data.data).toMatchObject({
			...valid,
			submerchant_id: S.active,
			complement: 'Loja 2',
			is_primary: true,
		});
		expect(response.data.data.id).toMatch(/^[0-9a-f-]{36}$/);
		expect(t().sandbox.store.addresses.get(SEED.addresses.activeBilling)?.is_primary).toBe(false);
	});

	it('the address type defaults to billing', async () => {
		const response = await t().api.post(url, { ...valid, type: undefined });
		expect(response.data.data.type).toBe('billing');
	});
});

describe('PATCH /v1/submerchants/{id}/addresses/{addressId} rules', () => {
	const url = `/v1/submerchants/${S.active}/addresses/${SEED.addresses.activeBilling}`;

	it.each([
		['is_primary', 'no', 'boolean', 'is_primary must be a boolean'],
		['city', 7, 'string', 'city must be a string'],
		['street_name', 'x', 'unknown_field', 'street_name is not an allowed field'],
	])('%s = %j → %s', async (field, value, rule, message) => {
		expectValidationError(await t().api.patch(url, { [field]: value }), field, rule, message);
	});

	it('answers 404 for an unknown address or an address of another submerchant', async () => {
		expectNotFound(
			await t().api.patch(`/v1/submerchants/${S.active}/addresses/${UNKNOWN_ID}`, { city: 'X' }),
			'Address',
		);
		expectNotFound(
			await t().api.patch(
				`/v1/submerchants/${S.pfReadyForReview}/addresses/${SEED.addresses.activeBilling}`,
				{ city: 'X' },
			),
		);
	});
});

describe('POST /v1/submerchants/{id}/documents rules', () => {
	const url = `/v1/submerchants/${S.active}/documents`;
	const valid = {
		type: 'cnpj_card',
		file_url: 'https://files.example.com/cnpj.pdf',
		file_name: 'cnpj.pdf',
		file_size: 1000,
		mime_type: 'application/pdf',
	};

	// prettier-ignore
	it.each([
		[{ type: undefined }, 'type', 'required', 'type is required'],
		[{ file_name: 'contract' }, 'file_name', 'extension', 'file_name must include a file extension'],
		[{ file_name: 'contract.docx' }, 'file_name', 'format', 'file_name must be a PNG, JPG, JPEG or PDF file'],
		[{ file_name: 'photo.gif' }, 'file_name', 'format', 'file_name must be a PNG, JPG, JPEG or PDF file'],
		[{ mime_type: 'application/msword' }, 'mime_type', 'format', 'mime_type must be one of image/png, image/jpeg'],
		[{ mime_type: 'image/gif' }, 'mime_type', 'format', 'accepted formats: PNG, JPG, JPEG or PDF'],
		[{ expires_at: '31/12/2030' }, 'expires_at', 'iso8601', 'expires_at must be an ISO 8601 date-time'],
		[{ expires_at: '2030-13-01T00:00:00Z' }, 'expires_at', 'iso8601', 'expires_at must be an ISO 8601 date-time'],
		[{ notes: 5 }, 'notes', 'string', 'notes must be a string'],
		[{ legal_representative_id: SEED.legalRepresentatives.activePartner }, 'legal_representative_id', 'forbidden', 'legal_representative_id is only allowed for partner_* document types'],
		[{ type: 'partner_front_id' }, 'legal_representative_id', 'required', 'legal_representative_id is required'],
		[{ type: 'partner_selfie_with_id', legal_representative_id: UNKNOWN_ID }, 'legal_representative_id', 'exists', 'legal_representative_id must reference a legal representative of this submerchant'],
		[{ type: 'partner_proof_of_residence', legal_representative_id: SEED.legalRepresentatives.pjPartner }, 'legal_representative_id', 'exists', 'legal_representative_id must reference a legal representative of this submerchant'],
		[{ url: 'https://x' }, 'url', 'unknown_field', 'url is not an allowed field'],
	])('%j → %s %s', async (change, field, rule, message) => {
		const response = await t().api.post(url, { ...valid, ...change });
		expectValidationError(response, field, rule, message);
		expect(t().sandbox.store.documentsOf(S.active)).toHaveLength(2);
	});

	it.each([
		['application/pdf', 'a.pdf'],
		['image/png', 'a.png'],
		['image/jpeg', 'a.jpg'],
		['image/jpeg', 'a.JPEG'],
		['image/jpg', 'a.jpeg'],
	])('accepts %s / %s', async (mimeType, fileName) => {
		const response = await t().api.post(url, {
			...valid,
			mime_type: mimeType,
			file_name: fileName,
		});
		expect(response.status).toBe(201);
	});

	it('re-sending a type marks the previous one replaced; other types stay', async () => {
		const response = await t().api.post(url, { ...valid, type: 'social_contract' });
		expect(response.data.data.status).toBe('pending');
		const list = await t().api.get(url);
		expect(list.status).toBe(200);
		expect(list.data).not.toHaveProperty('pagination');
		const byId = Object.fromEntries(
			list.data.data.map((d: { id: string; status: string }) => [d.id, d.status]),
		);
		expect(byId).toEqual({
			[SEED.documents.activeSocialContract]: 'replaced',
			[SEED.documents.activePartnerFrontId]: 'pending',
			[response.data.data.id]: 'pending',
		});
	});

	it('partner documents are replaced per legal representative', async () => {
		const second = await t().anonymous.post('/__admin/legal-representatives', {
			submerchant_id: S.active,
			name: 'Second Partner',
		});
		expect(second.status).toBe(201);
		const partner = {
			...valid,
			type: 'partner_front_id',
			mime_type: 'image/png',
			file_name: 'p.png',
		};
		const forSecond = await t().api.post(url, {
			...partner,
			legal_representative_id: second.data.data.id,
		});
		expect(forSecond.status).toBe(201);
		expect(t().sandbox.store.documents.get(SEED.documents.activePartnerFrontId)?.status).toBe(
			'pending',
		);
		const forFirst = await t().api.post(url, {
			...partner,
			legal_representative_id: SEED.legalRepresentatives.activePartner,
		});
		expect(forFirst.status).toBe(201);
		expect(t().sandbox.store.documents.get(SEED.documents.activePartnerFrontId)?.status).toBe(
			'replaced',
		);
		expect(t().sandbox.store.documents.get(forSecond.data.data.id)?.status).toBe('pending');
	});

	it('lists the documents of a submerchant, oldest first', async () => {
		const response = await t().api.get(`/v1/submerchants/${S.active}/documents`);
		expect(response.data.data.map((d: { id: string }) => d.id)).toEqual([
			SEED.documents.activeSocialContract,
			SEED.documents.activePartnerFrontId,
		]);
	});
});

describe('POST /v1/submerchants/{id}/submit-for-review', () => {
	const submit = (id: string) => t().api.post(`/v1/submerchants/${id}/submit-for-review`);
	it('rejects a PF without documents', async () => {
		const message = 'documents must include at least 1 active document';
		expectValidationError(await submit(S.pfReadyForReview), 'documents', 'min_items', message);
		expect(t().sandbox.store.submerchants.get(S.pfReadyForReview)?.status).toBe('pending');
	});

	it('rejects a PF without birth_date', async () => {
		const record = t().sandbox.store.submerchants.get(S.pfMissingMotherName);
		if (!record) throw new Error('seed missing');
		record.birth_date = null;
		record.mother_name = 'Joana Lima';
		expectValidationError(
			await submit(S.pfMissingMotherName),
			'birth_date',
			'required',
			'birth_date is required for a pf submerchant',
		);
	});

	it('reports every missing requirement at once', async () => {
		const record = t().sandbox.store.submerchants.get(S.pfReadyForReview);
		if (!record) throw new Error('seed missing');
		record.mother_name = null;
		const response = await submit(S.pfReadyForReview);
		expect(response.data.details.map((d: { field: string }) => d.field).sort()).toEqual([
			'documents',
			'mother_name',
		]);
	});

	it.each([
		['active', S.active],
		['rejected', S.rejected],
		['pending_review', S.pendingReview],
		['suspended', S.suspended],
		['inactive', S.inactive],
	])('answers 409 CONFLICT for a %s submerchant', async (status, id) => {
		expectError(await submit(id), 409, ERROR_CODES.conflict, status);
	});

	it('a PJ passes once a legal representative is registered', async () => {
		await t().anonymous.post('/__admin/legal-representatives', {
			submerchant_id: S.pjWithoutLegalRepresentative,
			name: 'Daniel Prado',
		});
		expectMessageOnly(await submit(S.pjWithoutLegalRepresentative));
	});

	it('takes no body: a field in it is an unknown_field and nothing moves', async () => {
		const response = await t().api.post(
			`/v1/submerchants/${S.pjWithLegalRepresentative}/submit-for-review`,
			{
				force: true,
			},
		);
		expectValidationError(response, 'force', 'unknown_field', 'force is not an allowed field');
		expect(t().sandbox.store.submerchants.get(S.pjWithLegalRepresentative)?.status).toBe('pending');
	});

	it('answers 404 for an unknown or foreign submerchant', async () => {
		expectNotFound(await submit(UNKNOWN_ID));
		expectNotFound(await submit(S.otherMerchants));
	});
});

describe('POST /v1/submerchants/{id}/legal-representatives (chosen path, no documented fields)', () => {
	const representatives = (id: string) => `/v1/submerchants/${id}/legal-representatives`;

	it('stores any JSON object as sent, as a legal representative of that submerchant', async () => {
		const pj = S.pjWithoutLegalRepresentative;
		const response = await t().api.post(representatives(pj), {
			name: 'Maria',
			anything: { nested: 1 },
		});
		expect(response.status).toBe(201);
		expect(response.data.data).toMatchObject({
			name: 'Maria',
			anything: { nested: 1 },
			submerchant_id: pj,
		});
		expect(t().sandbox.store.legalRepresentativesOf(pj)).toHaveLength(1);
	});

	it('404 for a submerchant that is not yours; 422 for a body that is not an object; 401 without the keys', async () => {
		expect((await t().api.post(representatives(UNKNOWN_ID), {})).status).toBe(404);
		expect((await t().api.post(representatives(S.active), [1])).status).toBe(422);
		expect((await t().anonymous.post(representatives(S.active), {})).status).toBe(401);
	});
});
