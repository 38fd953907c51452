/** Receivable → Get against the sandbox: the request pinned, invalid input refused before sending. */
import type { INodeParameters } from 'n8n-workflow';
import { runAction } from '../../harness';
import { expectRejectedBeforeSending, onlyRequest, useSandbox } from '../../harness/actions';

const api = useSandbox();

describe('Receivable → Get', () => {
	it('surfaces an unknown receivable as the API error, asked once (a 404 is not retried)', async () => {
		const sandbox = api();
		const unknown = '59999999-0000-4000-8000-000000000009';
		const { error } = await runAction(sandbox, {
			resource: 'receivable',
			operation: 'get',
			receivableId: unknown,
		});
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe('Receivable not found');
		expect(error?.description).toBe('NOT_FOUND (HTTP 404)');
		expect(onlyRequest(sandbox).path).toBe(`/v1/receivables/${unknown}`);
	});
});

describe('Receivable: invalid input is rejected before any request', () => {
	const rows: Array<[rule: string, parameters: INodeParameters, message: string]> = [
		[
			'receivable id UUID',
			{ resource: 'receivable', operation: 'get', receivableId: 'rcv_1' },
			'receivable_id must be a UUID',
		],
		[
			'receivable id required',
			{ resource: 'receivable', operation: 'get', receivableId: '={{ "  " }}' },
			'receivable_id is required',
		],
	];

	it.each(rows)('%s', async (_rule, parameters, message) => {
		await expectRejectedBeforeSending(api(), parameters, message);
	});
});
