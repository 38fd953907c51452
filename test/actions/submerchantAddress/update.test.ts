/** Submerchant Address → Update against the sandbox: only the fields given are sent; Fields to Clear. */
import * as update from '../../../nodes/PaymentPlatform/actions/submerchantAddress/update.operation';
import { byId, jsonOf, onlyRequest, runAction, SEED, useSandbox } from '../../harness/actions';

const S = SEED.submerchants;
const sandbox = useSandbox({}, { resetBeforeEach: true });

async function addressesOf(submerchantId: string) {
	const { output } = await runAction(sandbox(), {
		resource: 'submerchant',
		operation: 'get',
		submerchantId: byId(submerchantId),
		simplify: false,
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
