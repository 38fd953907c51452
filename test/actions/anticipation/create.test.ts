/** Anticipation → Create against the sandbox: the request pinned, ids from text or an array, invalid input refused before sending. */
import type { INodeParameters } from 'n8n-workflow';
import { runAction } from '../../harness';
import { SEED } from '../../../sandbox';
import { expectRejectedBeforeSending, onlyRequest, runOk, useSandbox } from '../../harness/actions';

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

describe('Anticipation: invalid input is rejected before any request', () => {
	const rows: Array<[rule: string, parameters: INodeParameters, message: string]> = [
		[
			'receivable ids not empty',
			createAnticipation({ receivableIds: '={{ "" }}' }),
			'receivable_ids is required',
		],

		[
			'receivable ids not only separators',
			createAnticipation({ receivableIds: ' , ,' }),
			'receivable_ids is required',
		],

		[
			'receivable ids empty array',
			createAnticipation({ receivableIds: '={{ [] }}' }),
			'receivable_ids is required',
		],

		[
			'receivable id UUID (first)',
			createAnticipation({ receivableIds: 'rcv_1' }),
			'receivable_ids[0] must be a UUID',
		],

		[
			'receivable id UUID (second)',
			createAnticipation({ receivableIds: `${R.capturedInstallment1}, 12345` }),
			'receivable_ids[1] must be a UUID',
		],

		[
			'metadata JSON object',
			createAnticipation({
				receivableIds: R.capturedInstallment1,
				additionalFields: { metadata: '"just text"' },
			}),
			'metadata must be a JSON object',
		],

		[
			'metadata valid JSON',
			createAnticipation({
				receivableIds: R.capturedInstallment1,
				additionalFields: { metadata: '{reason: cash}' },
			}),
			'metadata must be valid JSON',
		],
	];

	it.each(rows)('%s', async (_rule, parameters, message) => {
		await expectRejectedBeforeSending(api(), parameters, message);
	});
});
