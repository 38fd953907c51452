/** Submerchant → Get Many against the sandbox, beyond its case file (test/cases): Limit, the filter after a state change. */
import { byId, onlyRequest, runAction, SEED, useSandbox } from '../../harness/actions';

const S = SEED.submerchants;
/** Every seeded submerchant the sandbox merchant owns (the other merchant's one is invisible). */
const OWN_SUBMERCHANTS = Object.values(S).filter((id) => id !== S.otherMerchants);

const sandbox = useSandbox({}, { resetBeforeEach: true });

describe('Submerchant → Get Many', () => {
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
