/** Submerchant → Get against the sandbox, beyond its case file (test/cases): another merchant's submerchant. */
import { byId, onlyRequest, runAction, SEED, useSandbox } from '../../harness/actions';

const S = SEED.submerchants;

const sandbox = useSandbox({}, { resetBeforeEach: true });

describe('Submerchant → Get', () => {
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
