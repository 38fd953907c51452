/** Withdrawal → Get Fee against the sandbox, beyond its case file (test/cases): a percentage fee, zero. */
import type { INodeParameters } from 'n8n-workflow';
import { WITHDRAWAL_FEE_QUERY } from '../../../nodes/shared/chosenNames';
import { onlyRequest, runOk, useSandbox } from '../../harness/actions';

const api = useSandbox();
const fee = (amount: unknown): INodeParameters => ({
	resource: 'withdrawal',
	operation: 'getFee',
	amount: amount as number,
});

describe('Withdrawal → Get Fee', () => {
	it('follows the configured fee: a percentage in basis points of the amount', async () => {
		const sandbox = api();
		sandbox.store.withdrawalFee = { fee_type: 'percentage', value: 150 };
		try {
			const { output } = await runOk(sandbox, fee(20000));
			expect(onlyRequest(sandbox).query).toEqual({ [WITHDRAWAL_FEE_QUERY.amount]: '20000' });
			expect(output.map((item) => item.json)).toEqual([{ fee: 300, fee_type: 'percentage' }]);
		} finally {
			sandbox.store.withdrawalFee = { fee_type: 'fixed', value: 367 };
		}
	});

	it('accepts 0', async () => {
		const sandbox = api();
		await runOk(sandbox, fee(0));
		expect(onlyRequest(sandbox).query).toEqual({ [WITHDRAWAL_FEE_QUERY.amount]: '0' });
	});
});
