/** Submerchant Address → Create against the sandbox: the request pinned, the address type only when picked, characters counted as code points. */
import { byId, onlyRequest, runAction, SEED, useSandbox } from '../../harness/actions';
import { ADDRESS, ADDRESS_SENT } from '../../cases/values';

const S = SEED.submerchants;
const sandbox = useSandbox({}, { resetBeforeEach: true });

const address = ADDRESS;
const addressWithoutCountry = Object.fromEntries(
	Object.entries(ADDRESS).filter(([name]) => name !== 'country'),
);

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
			...ADDRESS_SENT,
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
