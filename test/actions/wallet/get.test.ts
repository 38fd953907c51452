/** Wallet → Get against the sandbox: the request pinned, invalid input refused before sending. */
import type { INodeParameters } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import {
	expectRejectedBeforeSending,
	jsonOf,
	onlyRequest,
	runOk,
	useSandbox,
} from '../../harness/actions';

const api = useSandbox();

describe('Wallet → Get', () => {
	it('reads one wallet with its balance', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, {
			resource: 'wallet',
			operation: 'get',
			walletId: SEED.walletId,
		});
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query]).toEqual([
			'GET',
			`/v1/wallets/${SEED.walletId}`,
			{},
		]);
		// Seed entries: +50000 +29100 -20000 +4900 -12000.
		expect(jsonOf(output)).toEqual([
			expect.objectContaining({
				id: SEED.walletId,
				owner_type: 'merchant',
				owner_id: SEED.merchantId,
				wallet_type: 'available',
				currency_code: 'BRL',
				balance: 52000,
				is_active: true,
			}),
		]);
	});
});

describe('Wallet: invalid input is rejected before any request', () => {
	const rows: Array<[rule: string, parameters: INodeParameters, message: string]> = [
		[
			'wallet id UUID (get)',
			{ resource: 'wallet', operation: 'get', walletId: 'wallet-1' },
			'wallet_id must be a UUID',
		],
	];

	it.each(rows)('%s', async (_rule, parameters, message) => {
		await expectRejectedBeforeSending(api(), parameters, message);
	});
});
