/** Wallet → Get Statement against the sandbox, beyond its case file (test/cases): no period, one date rule, split entries. */
import {
	idsOf,
	jsonOf,
	onlyRequest,
	parametersOf,
	runOk,
	SEED,
	useSandbox,
} from '../../harness/actions';
import { WALLET_STATEMENT_QUERY } from '../../../nodes/shared/chosenNames';

const api = useSandbox();
const W = SEED.walletEntries;
const Q = WALLET_STATEMENT_QUERY;

const statement = parametersOf('wallet', 'getStatement', { walletId: SEED.walletId });

describe('Wallet → Get Statement', () => {
	it('without a period sends no query and outputs {entries, summary} as one item', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, statement());
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query]).toEqual([
			'GET',
			`/v1/wallets/${SEED.walletId}/statement`,
			{},
		]);
		expect(output).toHaveLength(1);
		expect(Object.keys(output[0].json).sort()).toEqual(['entries', 'summary']);
		expect(idsOf(output[0].json.entries as [])).toEqual([...W]);
		expect(output[0].json.summary).toEqual({
			opening_balance: 0,
			closing_balance: 52000,
			total_credits: 84000,
			total_debits: 32000,
		});
	});

	it('with "Split Entries Into Items", outputs one item per entry', async () => {
		const sandbox = api();
		const { output } = await runOk(
			sandbox,
			statement({ filters: { startDate: '2025-03-01' }, options: { splitEntries: true } }),
		);
		// A bare date is the start of that day in the workflow's time zone (America/New_York in the harness).
		expect(onlyRequest(sandbox).query).toEqual({ [Q.startDate]: '2025-03-01T05:00:00.000Z' });
		expect(idsOf(jsonOf(output))).toEqual([W[3], W[4]]);
		expect(output[0].json).toMatchObject({
			wallet_id: SEED.walletId,
			direction: 'credit',
			amount: 4900,
			balance_after: 64000,
		});
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
	});
});
