import type { INodeParameters } from 'n8n-workflow';
import { runAction } from '../harness';
import { SEED } from '../../sandbox';
import { WITHDRAWAL_FEE_QUERY } from '../../nodes/PaymentPlatform/transport/chosenNames';
import { expectRejectedBeforeSending, onlyRequest, runOk, useSandbox } from './payments.helpers';

const api = useSandbox();
const summary = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'withdrawal',
	operation: 'getSummary',
	...parameters,
});
const fee = (amount: unknown): INodeParameters => ({
	resource: 'withdrawal',
	operation: 'getFee',
	amount: amount as number,
});

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

	it('sends submerchant_id and returns that submerchant summary', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, summary({ submerchantId: SEED.submerchants.active }));
		expect(onlyRequest(sandbox).query).toEqual({ submerchant_id: SEED.submerchants.active });
		expect(output.map((item) => item.json)).toEqual([
			{
				available_balance: 42000,
				pending_count: 1,
				today_amount: 15000,
				total_withdrawals: 23000,
				total_completed: 8000,
			},
		]);
	});

	it('an unknown submerchant is the API error, asked once', async () => {
		const sandbox = api();
		const unknown = '29999999-0000-4000-8000-000000000001';
		const { error } = await runAction(sandbox, summary({ submerchantId: unknown }));
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe('Submerchant not found');
		expect(error?.description).toBe('NOT_FOUND (HTTP 404)');
		expect(onlyRequest(sandbox).query).toEqual({ submerchant_id: unknown });
	});
});

describe('Withdrawal → Get Fee', () => {
	it('sends the amount in cents and outputs the fee and its type', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, fee(10000));
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query]).toEqual([
			'GET',
			'/v1/withdrawals/fee',
			{ [WITHDRAWAL_FEE_QUERY.amount]: '10000' },
		]);
		// The sandbox's default fee configuration is a fixed 367 cents.
		expect(output.map((item) => item.json)).toEqual([{ fee: 367, fee_type: 'fixed' }]);
	});

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

describe('Withdrawal: invalid input is rejected before any request', () => {
	const rows: Array<[rule: string, parameters: INodeParameters, message: string]> = [
		[
			'summary submerchant id UUID',
			summary({ submerchantId: 'store-1' }),
			'submerchant_id must be a UUID',
		],
		['fee amount integer', fee(10.5), 'amount must be an integer'],
		['fee amount a number', fee('={{ "ten" }}'), 'amount must be an integer'],
	];

	it.each(rows)('%s', async (_rule, parameters, message) => {
		await expectRejectedBeforeSending(api(), parameters, message);
	});
});
