/** Submerchant → Submit for Review against the sandbox, beyond its case file (test/cases): the API's own refusals. */
import { byId, onlyRequest, runAction, SEED, useSandbox } from '../../harness/actions';

const S = SEED.submerchants;

const sandbox = useSandbox({}, { resetBeforeEach: true });

describe('Submerchant → Submit for Review', () => {
	it("fails with the API's message and code when a PF lacks mother_name", async () => {
		const { error, output } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'submitForReview',
			submerchantId: byId(S.pfMissingMotherName),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('Validation failed: mother_name is required for a pf submerchant');
		expect(error?.description).toBe('VALIDATION_ERROR (HTTP 422)');
		expect(onlyRequest(sandbox()).path).toBe(
			`/v1/submerchants/${S.pfMissingMotherName}/submit-for-review`,
		);
	});

	it('fails for a PJ without a legal representative, and the submerchant stays pending', async () => {
		const { error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'submitForReview',
			submerchantId: byId(S.pjWithoutLegalRepresentative),
		});
		expect(error?.message).toBe(
			'Validation failed: legal_representative is required for a pj submerchant',
		);
		expect(error?.description).toBe('VALIDATION_ERROR (HTTP 422)');
		const after = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'get',
			submerchantId: byId(S.pjWithoutLegalRepresentative),
		});
		expect(after.output[0].json.status).toBe('pending');
	});

	it('with Continue On Fail, the API error becomes an item paired with its input', async () => {
		const { output, error } = await runAction(
			sandbox(),
			{
				resource: 'submerchant',
				operation: 'submitForReview',
				submerchantId: byId(S.pfMissingMotherName),
			},
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(output).toEqual([
			{
				json: {
					error: 'Validation failed: mother_name is required for a pf submerchant',
					description: 'VALIDATION_ERROR (HTTP 422)',
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
