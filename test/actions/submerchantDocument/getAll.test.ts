/** Submerchant Document → Get Many against the sandbox, beyond its case file (test/cases): the limit on the client, a submerchant without documents. */
import { byId, onlyRequest, runAction, SEED, useSandbox } from '../../harness/actions';

const S = SEED.submerchants;
const D = SEED.documents;
const sandbox = useSandbox({}, { resetBeforeEach: true });

describe('Submerchant Document → Get Many', () => {
	it('applies the limit on the client', async () => {
		const { output } = await runAction(sandbox(), {
			resource: 'submerchantDocument',
			operation: 'getAll',
			submerchantId: byId(S.active),
			returnAll: false,
			limit: 1,
		});
		expect(onlyRequest(sandbox()).query).toEqual({});
		expect(output).toHaveLength(1);
		expect([D.activeSocialContract, D.activePartnerFrontId]).toContain(output[0].json.id);
	});

	it('emits no item for a submerchant without documents', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchantDocument',
			operation: 'getAll',
			submerchantId: byId(S.pfReadyForReview),
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(output).toEqual([]);
		expect(sandbox().requests).toHaveLength(1);
	});
});
