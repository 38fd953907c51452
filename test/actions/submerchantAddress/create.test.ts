/** Submerchant Address → Create against the sandbox: the request pinned, the address type only when picked, characters counted as code points. */
import { actionWorkflow, credentialsFor, runAction, runWorkflow } from '../../harness';
import { SEED } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';
import { byId, onlyRequest, expectRejectedBeforeSending, repeat } from '../../harness/actions';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

const S = SEED.submerchants;
const sandbox = useSandbox({}, { resetBeforeEach: true });

const addressWithoutCountry = {
	street: 'Rua Augusta',
	number: '1500',
	neighborhood: 'Consolacao',
	city: 'Sao Paulo',
	state: 'SP',
	zipCode: '01304-001',
};
const address = { ...addressWithoutCountry, country: 'BR' };

describe('Submerchant Address → Create', () => {
	it('sends the default country BR and no optional field, not even the address type, when none is given', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchantAddress',
			operation: 'create',
			submerchantId: byId(S.active),
			...addressWithoutCountry,
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toEqual({
			street: 'Rua Augusta',
			number: '1500',
			neighborhood: 'Consolacao',
			city: 'Sao Paulo',
			state: 'SP',
			zip_code: '01304-001',
			country: 'BR',
		});
		expect(output[0].json).toMatchObject({ country: 'BR', is_primary: false });
	});

	it('counts characters as code points on both sides: a 2-character astral state passes the node and the sandbox', async () => {
		const twoAstral = '\u{1D538}\u{1D539}'; // 2 code points, 4 UTF-16 units
		const { error } = await runAction(sandbox(), {
			resource: 'submerchantAddress',
			operation: 'create',
			submerchantId: byId(S.active),
			...address,
			state: twoAstral,
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toMatchObject({ state: twoAstral });
		const tooLong = await runAction(sandbox(), {
			resource: 'submerchantAddress',
			operation: 'create',
			submerchantId: byId(S.active),
			...address,
			state: `${twoAstral}A`,
		});
		expect(tooLong.error?.message).toContain('state must be exactly 2 characters');
	});
});

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

describe('invalid inputs are rejected before any request, naming field, rule and item', () => {
	const rows: Row[] = [
		['street required', createAddress({ street: expr('') }), 'street is required'],

		['street 1-255', createAddress({ street: repeat(256) }), 'street must be 1 to 255 characters'],

		['number required', createAddress({ number: expr('') }), 'number is required'],

		[
			'number 1-20',
			createAddress({ number: repeat(21, '1') }),
			'number must be 1 to 20 characters',
		],

		[
			'neighborhood required',
			createAddress({ neighborhood: expr('') }),
			'neighborhood is required',
		],

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

		[
			'country exactly 2',
			createAddress({ country: 'BRA' }),
			'country must be exactly 2 characters',
		],

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
	];

	// A rest parameter, so that jest does not take a 4th parameter for a `done` callback.
	it.each(rows)('%s', async (...row: Row) => {
		const [, parameters, message, inputItems] = row;
		await expectRejectedBeforeSending(sandbox(), parameters, message, inputItems);
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

/** A workflow saved when Address Type was a top-level field (typeVersion 1.1) sends the same type as before. */
describe('Submerchant Address → Create: workflows saved with the old top-level Address Type', () => {
	async function runSaved(parameters: INodeParameters) {
		const workflow = actionWorkflow({
			resource: 'submerchantAddress',
			operation: 'create',
			submerchantId: byId(S.active),
			...address,
			...parameters,
		});
		workflow.nodes[1].typeVersion = 1.1;
		const result = await runWorkflow(workflow, { credentials: credentialsFor(sandbox()) });
		expect(result.error).toBeUndefined();
		return result.outputOf('Payment Platform');
	}

	it('sends the old Address Type as type', async () => {
		const output = await runSaved({
			addressType: 'shipping',
			additionalFields: { complement: 'Loja 3' },
		});
		expect(onlyRequest(sandbox()).body).toEqual({
			street: 'Rua Augusta',
			number: '1500',
			neighborhood: 'Consolacao',
			city: 'Sao Paulo',
			state: 'SP',
			zip_code: '01304-001',
			country: 'BR',
			type: 'shipping',
			complement: 'Loja 3',
		});
		expect(output[0].json.type).toBe('shipping');
	});

	it('resolves an old expression, and lets Additional Fields → Address Type win when both are set', async () => {
		await runSaved({ addressType: "={{ 'both' }}" });
		expect(onlyRequest(sandbox()).body).toMatchObject({ type: 'both' });
		sandbox().clearRequests();
		await runSaved({ addressType: 'shipping', additionalFields: { addressType: 'billing' } });
		expect(onlyRequest(sandbox()).body).toMatchObject({ type: 'billing' });
	});
});
