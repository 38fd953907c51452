import type { INodeParameters } from 'n8n-workflow';
import { runAction } from '../harness';
import { SEED } from '../../sandbox';
import { expectRejectedBeforeSending, onlyRequest, runOk, useSandbox } from './payments.helpers';

const api = useSandbox();
const R = SEED.receivables;

const createAnticipation = (parameters: INodeParameters): INodeParameters => ({
	resource: 'anticipation',
	operation: 'create',
	...parameters,
});
const cancelAnticipation = (anticipationId: string): INodeParameters => ({
	resource: 'anticipation',
	operation: 'cancel',
	anticipationId,
});

describe('Anticipation → Create and Cancel', () => {
	beforeEach(() => api().reset());

	it('sends a comma-separated list of receivable ids and the metadata in one POST', async () => {
		const sandbox = api();
		const { output } = await runOk(
			sandbox,
			createAnticipation({
				receivableIds: ` ${R.capturedInstallment1},${R.capturedInstallment2} ,\n${R.capturedInstallment1.toUpperCase()}`,
				additionalFields: { metadata: '{"reason": "cash flow", "batch": 7}' },
			}),
		);
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query]).toEqual([
			'POST',
			'/v1/anticipations',
			{},
		]);
		// The upper-case repeat of the first id is the same UUID: it is sent once.
		expect(request.body).toEqual({
			receivable_ids: [R.capturedInstallment1, R.capturedInstallment2],
			metadata: { reason: 'cash flow', batch: 7 },
		});
		expect(output).toHaveLength(1);
		// Gross is the receivables' net amounts (2 × 29100); the sandbox's fee is 2.5% of it.
		expect(output[0].json).toMatchObject({
			status: 'pending',
			anticipation_type: 'spot',
			total_gross_amount: 58200,
			total_fee_amount: 1455,
			total_net_amount: 56745,
			receivable_ids: [R.capturedInstallment1, R.capturedInstallment2],
			metadata: { reason: 'cash flow', batch: 7 },
		});
		expect(sandbox.store.receivables.get(R.capturedInstallment1)?.status).toBe('anticipated');
	});

	it('takes the ids as an array from an expression', async () => {
		const sandbox = api();
		await runOk(sandbox, createAnticipation({ receivableIds: '={{ $json.receivables }}' }), {
			inputItems: [{ json: { receivables: [R.capturedInstallment3] } }],
		});
		expect(onlyRequest(sandbox).body).toEqual({ receivable_ids: [R.capturedInstallment3] });
	});

	it('cancels a pending anticipation with one DELETE and outputs success and the message', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, cancelAnticipation(SEED.anticipationId));
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query, request.body]).toEqual([
			'DELETE',
			`/v1/anticipations/${SEED.anticipationId}`,
			{},
			undefined,
		]);
		expect(output.map((item) => item.json)).toEqual([
			{ success: true, message: 'Anticipation canceled' },
		]);
		expect(sandbox.store.anticipations.get(SEED.anticipationId)?.status).toBe('canceled');
		expect(sandbox.store.receivables.get(R.anticipated)?.status).toBe('pending');
	});

	it('cancelling an already cancelled anticipation is a NodeApiError with the API message and code', async () => {
		const sandbox = api();
		await runOk(sandbox, cancelAnticipation(SEED.anticipationId));
		sandbox.clearRequests();

		const { error, output } = await runAction(sandbox, cancelAnticipation(SEED.anticipationId));
		expect(output).toEqual([]);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe(
			'Anticipation status is canceled: only a pending anticipation can be canceled',
		);
		expect(error?.description).toBe('CONFLICT (HTTP 409)');
		expect((error as unknown as { httpCode: string }).httpCode).toBe('409');
		// A DELETE is never retried.
		expect(onlyRequest(sandbox).method).toBe('DELETE');
	});

	it('with Continue On Fail, the API error becomes an error item paired with its input', async () => {
		const sandbox = api();
		const { output, error } = await runAction(
			sandbox,
			{ resource: 'anticipation', operation: 'cancel', anticipationId: '={{ $json.id }}' },
			{
				inputItems: [{ json: { id: SEED.anticipationId } }, { json: { id: SEED.anticipationId } }],
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		expect(output.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ success: true, message: 'Anticipation canceled' }, { item: 0 }],
			[
				{
					error: 'Anticipation status is canceled: only a pending anticipation can be canceled',
					description: 'CONFLICT (HTTP 409)',
				},
				{ item: 1 },
			],
		]);
		expect(sandbox.requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
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
		['anticipation id UUID', cancelAnticipation('ant_1'), 'anticipation_id must be a UUID'],
		['anticipation id required', cancelAnticipation('={{ "" }}'), 'anticipation_id is required'],
	];

	it.each(rows)('%s', async (_rule, parameters, message) => {
		await expectRejectedBeforeSending(api(), parameters, message);
	});
});
