/** Anticipation → Create against the sandbox, beyond its case file (test/cases): ids as an array. */
import { onlyRequest, parametersOf, runOk, SEED, useSandbox } from '../../harness/actions';

const api = useSandbox();
const R = SEED.receivables;

const createAnticipation = parametersOf('anticipation', 'create');

describe('Anticipation → Create', () => {
	beforeEach(() => api().reset());

	it('takes the ids as an array from an expression', async () => {
		const sandbox = api();
		await runOk(sandbox, createAnticipation({ receivableIds: '={{ $json.receivables }}' }), {
			inputItems: [{ json: { receivables: [R.capturedInstallment3] } }],
		});
		expect(onlyRequest(sandbox).body).toEqual({ receivable_ids: [R.capturedInstallment3] });
	});
});
