/**
 * Invalid inputs of the submerchant, address and document operations, rejected before any request with field, rule
 * and item. Over 300 lines because it is a table: one row per rule, read row by row.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { runAction } from '../../harness';
import { SEED } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';
import { byId, expectRejectedBeforeSending, repeat, twoItems } from '../payments.helpers';

const S = SEED.submerchants;
const sandbox = useSandbox();

/**
 * A value given through an expression, as it arrives from earlier nodes. Literal empty required values and literal
 * malformed ids never reach the node: n8n's own parameter check stops the workflow first (see the last describe).
 */
const expr = (value: string) => `={{ ${JSON.stringify(value)} }}`;

type Row = [
	rule: string,
	parameters: INodeParameters,
	message: string,
	inputItems?: INodeExecutionData[],
];

const updateSubmerchant = (updateFields: INodeParameters): INodeParameters => ({
	resource: 'submerchant',
	operation: 'update',
	submerchantId: byId(S.active),
	updateFields,
});

const validAddress = {
	street: 'Rua Augusta',
	number: '1500',
	neighborhood: 'Consolacao',
	city: 'Sao Paulo',
	state: 'SP',
	zipCode: '01304-001',
	country: 'BR',
};
const createAddress = (overrides: INodeParameters): INodeParameters => ({
	resource: 'submerchantAddress',
	operation: 'create',
	submerchantId: byId(S.active),
	...validAddress,
	...overrides,
});
const updateAddress = (
	updateFields: INodeParameters,
	overrides: INodeParameters = {},
): INodeParameters => ({
	resource: 'submerchantAddress',
	operation: 'update',
	submerchantId: byId(S.active),
	addressId: SEED.addresses.activeBilling,
	updateFields,
	...overrides,
});

const validDocument = {
	documentType: 'front_id',
	fileSource: 'url',
	fileUrl: 'https://files.example.com/front.png',
	fileName: 'front.png',
	fileSize: 2048,
	mimeType: 'image/png',
};
const createDocument = (overrides: INodeParameters): INodeParameters => ({
	resource: 'submerchantDocument',
	operation: 'create',
	submerchantId: byId(S.active),
	...validDocument,
	...overrides,
});
const binaryDocument = (overrides: INodeParameters = {}): INodeParameters => ({
	resource: 'submerchantDocument',
	operation: 'create',
	submerchantId: byId(S.active),
	documentType: 'front_id',
	fileSource: 'binary',
	binaryPropertyName: 'scan',
	fileUrl: 'https://files.example.com/front.png',
	...overrides,
});
const withBinary = (data: string, mimeType: string, fileName: string) =>
	twoItems({
		json: {},
		binary: { scan: { data: Buffer.from(data).toString('base64'), mimeType, fileName } },
	});

const PARTNER_TYPES = [
	'partner_front_id',
	'partner_back_id',
	'partner_selfie_with_id',
	'partner_proof_of_residence',
];

const rows: Row[] = [
	// Submerchant → Update
	[
		'trade_name under 3',
		updateSubmerchant({ tradeName: 'AB' }),
		'trade_name must be 3 to 255 characters',
	],
	[
		'trade_name over 255',
		updateSubmerchant({ tradeName: repeat(256) }),
		'trade_name must be 3 to 255 characters',
	],
	[
		'legal_name under 3',
		updateSubmerchant({ legalName: 'AB' }),
		'legal_name must be 3 to 255 characters',
	],
	[
		'legal_name over 255',
		updateSubmerchant({ legalName: repeat(256) }),
		'legal_name must be 3 to 255 characters',
	],
	[
		'email format',
		updateSubmerchant({ email: 'ana.example.com' }),
		'email must be an e-mail address',
	],
	[
		'phone over 20',
		updateSubmerchant({ phone: repeat(21, '9') }),
		'phone must be at most 20 characters',
	],
	[
		'website over 255',
		updateSubmerchant({ website: repeat(256) }),
		'website must be at most 255 characters',
	],
	[
		'soft_descriptor over 22',
		updateSubmerchant({ softDescriptor: repeat(23) }),
		'soft_descriptor must be at most 22 characters',
	],
	[
		'mother_name over 255',
		updateSubmerchant({ motherName: repeat(256) }),
		'mother_name must be at most 255 characters',
	],
	[
		'birth_date pattern',
		updateSubmerchant({ birthDate: '12/04/1990' }),
		'birth_date must be a date as YYYY-MM-DD',
	],
	[
		'business_type enum',
		updateSubmerchant({ businessType: 'retail' }),
		'business_type must be one of: physical, digital, both',
	],
	[
		'average_ticket >= 0',
		updateSubmerchant({ averageTicket: -1 }),
		'average_ticket must be a number >= 0',
	],
	[
		'average_ticket a number',
		updateSubmerchant({ averageTicket: '={{ "ten" }}' }),
		'average_ticket must be a number >= 0',
	],
	[
		'monthly_revenue >= 0',
		updateSubmerchant({ monthlyRevenue: -0.01 }),
		'monthly_revenue must be a number >= 0',
	],
	['mcc 4 digits (3 digits)', updateSubmerchant({ mcc: '599' }), 'mcc must be exactly 4 digits'],
	['mcc 4 digits (letters)', updateSubmerchant({ mcc: '59A9' }), 'mcc must be exactly 4 digits'],
	[
		'product_categories list',
		updateSubmerchant({ productCategories: '["a",' }),
		'product_categories must be a comma-separated list or a JSON array',
	],
	[
		'submerchant id UUID (update)',
		{ ...updateSubmerchant({ tradeName: 'Valid' }), submerchantId: byId(expr('not-a-uuid')) },
		'submerchant_id must be a UUID',
	],
	[
		'submerchant id UUID (get)',
		{ resource: 'submerchant', operation: 'get', submerchantId: byId(expr('123')) },
		'submerchant_id must be a UUID',
	],
	[
		'submerchant id required (submit)',
		{ resource: 'submerchant', operation: 'submitForReview', submerchantId: byId(expr('')) },
		'submerchant_id is required',
	],
	[
		'submerchant id UUID (submit)',
		{ resource: 'submerchant', operation: 'submitForReview', submerchantId: byId(expr('x')) },
		'submerchant_id must be a UUID',
	],
	[
		'status filter enum',
		{
			resource: 'submerchant',
			operation: 'getAll',
			returnAll: true,
			filters: { status: 'approved' },
		},
		'status must be one of: pending, pending_review, active, suspended, inactive, rejected',
	],
	[
		'limit >= 1 (submerchants)',
		{ resource: 'submerchant', operation: 'getAll', returnAll: false, limit: 0 },
		'limit must be an integer >= 1',
	],

	// Submerchant Address → Create
	['street required', createAddress({ street: expr('') }), 'street is required'],
	['street 1-255', createAddress({ street: repeat(256) }), 'street must be 1 to 255 characters'],
	['number required', createAddress({ number: expr('') }), 'number is required'],
	['number 1-20', createAddress({ number: repeat(21, '1') }), 'number must be 1 to 20 characters'],
	['neighborhood required', createAddress({ neighborhood: expr('') }), 'neighborhood is required'],
	[
		'neighborhood 1-100',
		createAddress({ neighborhood: repeat(101) }),
		'neighborhood must be 1 to 100 characters',
	],
	['city required', createAddress({ city: expr('') }), 'city is required'],
	['city 1-100', createAddress({ city: repeat(101) }), 'city must be 1 to 100 characters'],
	['state required', createAddress({ state: expr('') }), 'state is required'],
	['state exactly 2 (1)', createAddress({ state: 'S' }), 'state must be exactly 2 characters'],
	['state exactly 2 (3)', createAddress({ state: 'SPO' }), 'state must be exactly 2 characters'],
	['zip_code required', createAddress({ zipCode: expr('') }), 'zip_code is required'],
	[
		'zip_code 8-10 (7)',
		createAddress({ zipCode: '0131010' }),
		'zip_code must be 8 to 10 characters',
	],
	[
		'zip_code 8-10 (11)',
		createAddress({ zipCode: '01310-10000' }),
		'zip_code must be 8 to 10 characters',
	],
	['country required', createAddress({ country: expr('') }), 'country is required'],
	['country exactly 2', createAddress({ country: 'BRA' }), 'country must be exactly 2 characters'],
	[
		'complement at most 100',
		createAddress({ additionalFields: { complement: repeat(101) } }),
		'complement must be at most 100 characters',
	],
	[
		'address type enum (create)',
		createAddress({ additionalFields: { addressType: 'home' } }),
		'type must be one of: billing, shipping, both',
	],
	[
		'submerchant id UUID (address create)',
		createAddress({ submerchantId: byId(expr('abc')) }),
		'submerchant_id must be a UUID',
	],

	// Submerchant Address → Update
	[
		'address id UUID',
		updateAddress({ city: 'Campinas' }, { addressId: 'address-1' }),
		'address_id must be a UUID',
	],
	[
		'address id required',
		updateAddress({ city: 'Campinas' }, { addressId: expr('') }),
		'address_id is required',
	],
	[
		'street at most 255',
		updateAddress({ street: repeat(256) }),
		'street must be at most 255 characters',
	],
	[
		'number at most 20',
		updateAddress({ number: repeat(21, '1') }),
		'number must be at most 20 characters',
	],
	[
		'complement at most 100 (update)',
		updateAddress({ complement: repeat(101) }),
		'complement must be at most 100 characters',
	],
	[
		'neighborhood at most 100',
		updateAddress({ neighborhood: repeat(101) }),
		'neighborhood must be at most 100 characters',
	],
	['city at most 100', updateAddress({ city: repeat(101) }), 'city must be at most 100 characters'],
	[
		'state at most 2 when given (update)',
		updateAddress({ state: 'SPX' }),
		'state must be at most 2 characters',
	],
	[
		'zip_code at most 10',
		updateAddress({ zipCode: '01310-10000' }),
		'zip_code must be at most 10 characters',
	],
	[
		'country at most 2 when given (update)',
		updateAddress({ country: 'BRA' }),
		'country must be at most 2 characters',
	],
	[
		'address type enum (update)',
		updateAddress({ addressType: 'office' }),
		'type must be one of: billing, shipping, both',
	],

	// Submerchant Document → Create
	[
		'document type enum',
		createDocument({ documentType: 'passport' }),
		'type must be one of: social_contract, contract_amendment, cnpj_card, proof_of_residence_company, front_id, back_id, selfie_with_id, proof_of_residence, partner_front_id, partner_back_id, partner_selfie_with_id, partner_proof_of_residence',
	],
	...PARTNER_TYPES.map(
		(type): Row => [
			`legal_representative_id required for ${type}`,
			createDocument({ documentType: type, legalRepresentativeId: expr('') }),
			'legal_representative_id is required',
		],
	),
	[
		'legal_representative_id UUID',
		createDocument({ documentType: 'partner_back_id', legalRepresentativeId: 'carla' }),
		'legal_representative_id must be a UUID',
	],
	[
		'file_url at most 500',
		createDocument({ fileUrl: `https://files.example.com/${repeat(480)}.png` }),
		'file_url must be at most 500 characters',
	],
	[
		'file_name at most 255',
		createDocument({ fileName: `${repeat(252)}.png` }),
		'file_name must be at most 255 characters',
	],
	[
		'file_name with extension',
		createDocument({ fileName: 'front', mimeType: 'image/png' }),
		'file_name must have an accepted extension: PNG, JPG, JPEG or PDF',
	],
	[
		'file format by extension',
		createDocument({ fileName: 'front.gif', mimeType: 'image/png' }),
		'file_name must have an accepted extension: PNG, JPG, JPEG or PDF',
	],
	[
		'file format by MIME type',
		createDocument({ fileName: 'front.png', mimeType: 'image/gif' }),
		'mime_type must be an accepted format: image/png, image/jpeg, image/jpg, application/pdf',
	],
	[
		'mime_type at most 100',
		createDocument({ mimeType: `image/${repeat(95)}` }),
		'mime_type must be at most 100 characters',
	],
	['file_size >= 1', createDocument({ fileSize: -1 }), 'file_size must be an integer >= 1'],
	[
		'file_size as text that is not a number',
		createDocument({ fileSize: expr('12,5') }),
		'file_size must be an integer >= 1',
	],
	['file_size integer', createDocument({ fileSize: 10.5 }), 'file_size must be an integer >= 1'],
	[
		'number at most 100',
		createDocument({ additionalFields: { number: repeat(101, '9') } }),
		'number must be at most 100 characters',
	],
	[
		'expires_at ISO 8601',
		createDocument({ additionalFields: { expiresAt: '31/12/2030' } }),
		'expires_at must be an ISO 8601 date or date-time',
	],
	[
		'expires_at a real calendar date',
		createDocument({ additionalFields: { expiresAt: '2030-02-30' } }),
		'expires_at must be an ISO 8601 date or date-time',
	],
	[
		'submerchant id UUID (document create)',
		createDocument({ submerchantId: byId(expr('doc')) }),
		'submerchant_id must be a UUID',
	],
	[
		'binary field missing',
		binaryDocument({ binaryPropertyName: 'attachment' }),
		'binaryPropertyName must name a binary field of the input item (no "attachment" found)',
		withBinary('%PDF', 'application/pdf', 'a.pdf'),
	],
	[
		'binary file format',
		binaryDocument(),
		'file_name must have an accepted extension: PNG, JPG, JPEG or PDF',
		withBinary('GIF89a', 'image/gif', 'front.gif'),
	],
	[
		'binary MIME type',
		binaryDocument(),
		'mime_type must be an accepted format: image/png, image/jpeg, image/jpg, application/pdf',
		withBinary('GIF89a', 'image/gif', 'front.png'),
	],
	[
		'binary file_size >= 1 (empty file)',
		binaryDocument(),
		'file_size must be an integer >= 1',
		withBinary('', 'application/pdf', 'empty.pdf'),
	],

	// Submerchant Document → Get Many
	[
		'submerchant id UUID (documents)',
		{
			resource: 'submerchantDocument',
			operation: 'getAll',
			submerchantId: byId(expr('nope')),
			returnAll: true,
		},
		'submerchant_id must be a UUID',
	],
	[
		'limit >= 1 (documents)',
		{
			resource: 'submerchantDocument',
			operation: 'getAll',
			submerchantId: byId(S.active),
			returnAll: false,
			limit: 0,
		},
		'limit must be an integer >= 1',
	],
];

describe('invalid inputs are rejected before any request, naming field, rule and item', () => {
	// A rest parameter, so that jest does not take a 4th parameter for a `done` callback.
	it.each(rows)('%s', async (...row: Row) => {
		const [, parameters, message, inputItems] = row;
		await expectRejectedBeforeSending(sandbox(), parameters, message, inputItems);
	});
});

describe('without Continue On Fail', () => {
	it('the node fails with a NodeOperationError carrying the item index', async () => {
		sandbox().clearRequests();
		const { error, output } = await runAction(sandbox(), updateSubmerchant({ mcc: '12' }), {
			inputItems: twoItems(),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('mcc must be exactly 4 digits [item 0]');
		expect(error?.description).toBe('Fix "mcc" in item 0; nothing was sent to the API.');
		expect(sandbox().requests).toEqual([]);
	});

	it('a bad second item fails at index 1 after the first one was sent', async () => {
		sandbox().clearRequests();
		const { error } = await runAction(
			sandbox(),
			updateSubmerchant({ mcc: '={{ $itemIndex === 0 ? "5651" : "56" }}' }),
			{ inputItems: twoItems() },
		);
		expect(error?.message).toBe('mcc must be exactly 4 digits [item 1]');
		expect(sandbox().requests).toHaveLength(1);
		expect(sandbox().requests[0].body).toEqual({ mcc: '5651' });
	});
});

describe("n8n's own parameter check runs first for literal values", () => {
	it.each([
		['an empty required field', createAddress({ street: '' }), 'Parameter "Street" is required'],
		[
			'a malformed id typed By ID',
			createAddress({ submerchantId: byId('abc') }),
			'Not a valid submerchant ID (UUID)',
		],
		[
			'a partner document without legal representative',
			createDocument({ documentType: 'partner_front_id' }),
			'Parameter "Legal Representative ID" is required',
		],
	])('%s', async (_case, parameters, message) => {
		sandbox().clearRequests();
		await expect(runAction(sandbox(), parameters)).rejects.toThrow(message);
		expect(sandbox().requests).toEqual([]);
	});
});
