/** Anticipation → Create against the sandbox, beyond its case file (test/cases): ids as an array, the API's refusal. */
import type { INodeParameters } from 'n8n-workflow';
import { onlyRequest, runAction, runOk, SEED, useSandbox } from '../../harness/actions';

const api = useSandbox();
const R = SEED.receivables;

const createAnticipation = (parameters: INodeParameters): INodeParameters => ({
	resource: 'anticipation',
	operation: 'create',
	...parameters,
});

describe('Anticipation → Create', () => {
	beforeEach(() => api().reset());

	it('takes the ids as an array from an expression', async () => {
		const sandbox = api();
		await runOk(sandbox, createAnticipation({ receivableIds: '={{ $json.receivables }}' }), {
			inputItems: [{ json: { receivables: [R.capturedInstallment3] } }],
		});
		expect(onlyRequest(sandbox).body).toEqual({ receivable_ids: [R.capturedInstallment3] });
	});

	it('a POST the API rejects is sent once and reported with the API message', async () => {
		const sandbox = api();
		const { error } = await runAction(
			sandbox,
			createAnticipation({ receivableIds: R.anticipated }),
		);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe(
			'Validation failed: receivable_ids[0] must reference a pending receivable (it is anticipated)',
		);
		expect(error?.description).toBe('VALIDATION_ERROR (HTTP 422)');
		expect(onlyRequest(sandbox).method).toBe('POST');
	});
});
