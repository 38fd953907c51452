/** Wallet → Get against the sandbox: the request pinned, invalid input refused before sending. */
import type { INodeParameters } from 'n8n-workflow';
import { expectRejectedBeforeSending, useSandbox } from '../../harness/actions';

const api = useSandbox();


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
