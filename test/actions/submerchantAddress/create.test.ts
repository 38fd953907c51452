/** Submerchant Address → Create against the sandbox: the request pinned, the address type only when picked, characters counted as code points. */
import { runAction } from '../../harness';
import { SEED } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';
import { byId, onlyRequest } from '../payments.helpers';

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

async function addressesOf(submerchantId: string) {
	const { output } = await runAction(sandbox(), {
		resource: 'submerchant',
		operation: 'get',
		submerchantId: byId(submerchantId),
	});
	return output[0].json.addresses as Array<Record<string, unknown>>;
}

describe('Submerchant Address → Create', () => {
	it('POSTs the address with its type and additional fields and outputs the created address', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchantAddress',
			operation: 'create',
			submerchantId: byId(S.pfReadyForReview),
			...address,
			additionalFields: { addressType: 'shipping', complement: 'Loja 3', isPrimary: true },
		});
		expect(error).toBeUndefined();
		const request = onlyRequest(sandbox());
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`/v1/submerchants/${S.pfReadyForReview}/addresses`);
		expect(request.body).toEqual({
			street: 'Rua Augusta',
			number: '1500',
			neighborhood: 'Consolacao',
			city: 'Sao Paulo',
			state: 'SP',
			zip_code: '01304-001',
			country: 'BR',
			type: 'shipping',
			complement: 'Loja 3',
			is_primary: true,
		});
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			submerchant_id: S.pfReadyForReview,
			type: 'shipping',
			street: 'Rua Augusta',
			zip_code: '01304-001',
			complement: 'Loja 3',
			is_primary: true,
		});
		expect(output[0].json.id).toMatch(/^[0-9a-f-]{36}$/);
		expect((await addressesOf(S.pfReadyForReview)).map((a) => a.id)).toEqual([output[0].json.id]);
	});

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
