/** Receivable → Get against the sandbox, beyond its case file (test/cases): an unknown receivable. */

import { onlyRequest, runAction, useSandbox } from '../../harness/actions';

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
