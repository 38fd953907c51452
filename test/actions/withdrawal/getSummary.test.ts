/** Withdrawal → Get Summary against the sandbox, beyond its case file (test/cases): the whole merchant. */
import { onlyRequest, parametersOf, runOk, useSandbox } from '../../harness/actions';

const api = useSandbox();
const summary = parametersOf('withdrawal', 'getSummary');

describe('Withdrawal → Get Summary', () => {
	it('without a submerchant asks for the whole merchant', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, summary());
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query]).toEqual([
			'GET',
			'/v1/withdrawals/summary',
			{},
		]);
		// Seed: the wallet balance; withdrawals of 20000 (completed), 15000 (pending, today), 8000 (completed).
		expect(output.map((item) => item.json)).toEqual([
			{
				available_balance: 52000,
				pending_count: 1,
				today_amount: 15000,
				total_withdrawals: 43000,
				total_completed: 28000,
			},
		]);
	});
});
