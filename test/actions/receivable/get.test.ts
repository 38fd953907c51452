/** Receivable → Get against the sandbox: the request pinned, invalid input refused before sending. */
import type { INodeParameters } from 'n8n-workflow';
import { runAction } from '../../harness';
import { SEED } from '../../../sandbox';
import { expectRejectedBeforeSending, onlyRequest, runOk, useSandbox } from '../../harness/actions';

const api = useSandbox();
const R = SEED.receivables;

describe('Receivable → Get', () => {
	it('reads one receivable by id', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, {
			resource: 'receivable',
			operation: 'get',
			receivableId: R.capturedInstallment2,
		});
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query]).toEqual([
			'GET',
			`/v1/receivables/${R.capturedInstallment2}`,
			{},
		]);
		expect(output).toHaveLength(1);
		expect(output[0].json).toEqual({
			id: R.capturedInstallment2,
			charge_id: SEED.charges.captured,
			merchant_id: SEED.merchantId,
			gross_amount: 30000,
			net_amount: 29100,
			fee_amount: 900,
			status: 'pending',
			payment_method: 'credit_card',
			installment: 2,
			settlement_date: '2025-05-09T00:00:00.000Z',
			created_at: '2025-03-10T12:00:05.000Z',
		});
	});

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
