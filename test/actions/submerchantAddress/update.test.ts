/** Submerchant Address → Update against the sandbox: only the fields given are sent; Fields to Clear. */
import * as update from '../../../nodes/PaymentPlatform/actions/submerchantAddress/update.operation';
import { runAction } from '../../harness';
import { SEED } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';
import {
	byId,
	jsonOf,
	onlyRequest,
	expectRejectedBeforeSending,
	repeat,
} from '../../harness/actions';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

const S = SEED.submerchants;
const sandbox = useSandbox({}, { resetBeforeEach: true });

async function addressesOf(submerchantId: string) {
	const { output } = await runAction(sandbox(), {
		resource: 'submerchant',
		operation: 'get',
		submerchantId: byId(submerchantId),
	});
	return output[0].json.addresses as Array<Record<string, unknown>>;
}

describe('Submerchant Address → Update', () => {
	it('clears the fields chosen in Fields to Clear (sent as ""), and refuses a field both given and cleared', async () => {
		const base = {
			resource: 'submerchantAddress',
			operation: 'update',
			submerchantId: byId(S.active),
			addressId: SEED.addresses.activeBilling,
		};
		const { error } = await runAction(sandbox(), {
			...base,
			updateFields: { city: 'Campinas', complement: '={{ "" }}' },
			fieldsToClear: ['complement'],
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toEqual({ city: 'Campinas', complement: '' });

		sandbox().clearRequests();
		const both = await runAction(sandbox(), {
			...base,
			updateFields: { complement: 'Sala 2' },
			fieldsToClear: ['complement'],
		});
		expect(both.error?.message).toBe('complement cannot be both given and cleared [item 0]');
		expect(sandbox().requests).toEqual([]);
	});

	it('offers to clear only the fields the reference lets be empty (no minimum length, no pattern)', () => {
		const property = update.description.find((p) => p.name === 'fieldsToClear');
		expect(property?.options?.map((o) => (o as { value: string }).value)).toEqual([
			'city',
			'complement',
			'country',
			'neighborhood',
			'number',
			'state',
			'street',
			'zip_code',
		]);
	});

	it('state and country are "at most 2" on update (the reference), so one character is sent and accepted', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchantAddress',
			operation: 'update',
			submerchantId: byId(S.active),
			addressId: SEED.addresses.activeBilling,
			updateFields: { state: 'S', country: 'B' },
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toEqual({ state: 'S', country: 'B' });
		expect(jsonOf(output)).toEqual([{ success: true, message: 'Address updated' }]);
		expect((await addressesOf(S.active))[0]).toMatchObject({ state: 'S', country: 'B' });
	});

	it("surfaces the API's not-found error for an address of another submerchant", async () => {
		const { error } = await runAction(sandbox(), {
			resource: 'submerchantAddress',
			operation: 'update',
			submerchantId: byId(S.pfReadyForReview),
			addressId: SEED.addresses.activeBilling,
			updateFields: { city: 'Campinas' },
		});
		expect(error?.message).toBe('Address not found');
		expect(error?.description).toContain('NOT_FOUND');
		expect(sandbox().requests).toHaveLength(1);
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

describe('invalid inputs are rejected before any request, naming field, rule and item', () => {
	const rows: Row[] = [
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

		[
			'city at most 100',
			updateAddress({ city: repeat(101) }),
			'city must be at most 100 characters',
		],

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
	];

	// A rest parameter, so that jest does not take a 4th parameter for a `done` callback.
	it.each(rows)('%s', async (...row: Row) => {
		const [, parameters, message, inputItems] = row;
		await expectRejectedBeforeSending(sandbox(), parameters, message, inputItems);
	});
});
