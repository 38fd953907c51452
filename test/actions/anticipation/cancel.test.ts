/** Anticipation → Cancel against the sandbox, beyond its case file (test/cases): the API's refusal, Continue On Fail. */
import type { INodeParameters } from 'n8n-workflow';
import { onlyRequest, runAction, runOk, SEED, useSandbox } from '../../harness/actions';

const api = useSandbox();

const cancelAnticipation = (anticipationId: string): INodeParameters => ({
	resource: 'anticipation',
	operation: 'cancel',
	anticipationId,
});

describe('Anticipation → Cancel', () => {
	beforeEach(() => api().reset());

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
});
