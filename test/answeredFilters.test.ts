/**
 * Filters the API ignored: for each filter whose field the records show, a sandbox that drops that query parameter
 * (as a platform reading another name would) makes the node stop, naming the filter, the query name sent and where
 * to change it; Options → Output Records Outside the Filters outputs them with a warning hint. No request is made
 * only to check. A sandbox that applies the filter passes without a word.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SEED } from '../sandbox';
import { runAction } from './harness';
import { useSandbox } from './harness/sandbox';

const NODE = 'Payment Platform';

interface Case {
	filter: string;
	query: string;
	parameters: INodeParameters;
}

/** Get Many of `resource`, every page, with `filters`. */
const listOf =
	(resource: string) =>
	(filters: INodeParameters): INodeParameters => ({
		resource,
		operation: 'getAll',
		returnAll: true,
		filters,
	});
const charges = listOf('charge');
const submerchants = listOf('submerchant');
const statement = (filters: INodeParameters): INodeParameters => ({
	resource: 'wallet',
	operation: 'getStatement',
	walletId: SEED.walletId,
	filters,
	options: { splitEntries: true },
});

/** Filter (display name), query name sent, parameters of the operation with that filter set. */
const CASES: Case[] = (
	[
		['Status', 'status', charges({ status: 'captured' })],
		['Payment Method', 'payment_method', charges({ paymentMethod: 'pix' })],
		['Start Date', 'start_date', charges({ startDate: '2025-03-15T00:00:00Z' })],
		['End Date', 'end_date', charges({ endDate: '2025-03-15T00:00:00Z' })],
		['Min Amount (in Cents)', 'min_amount', charges({ minAmount: 20000 })],
		['Max Amount (in Cents)', 'max_amount', charges({ maxAmount: 20000 })],
		['Status', 'status', submerchants({ status: 'active' })],
		['Start Date', 'start_date', statement({ startDate: '2025-03-01T00:00:00Z' })],
		['End Date', 'end_date', statement({ endDate: '2025-02-01T00:00:00Z' })],
	] as const
).map(([filter, query, parameters]) => ({ filter, query, parameters }));

const label = ({ parameters, filter }: Case) => `${String(parameters.resource)} → ${filter}`;

describe.each(CASES)('$query', (check) => {
	const ignoring = useSandbox({ ignoredQuery: [check.query] });

	it(`${label(check)}: ignored by the API, the node stops naming the filter, the name sent and where to change it`, async () => {
		const { error, output } = await runAction(ignoring(), check.parameters);
		expect(error?.message).toMatch(
			new RegExp(
				`^The Payment Platform API returned \\d+ of \\d+ .+ outside the filter "Filters → ${escape(check.filter)}"`,
			),
		);
		expect(error?.description).toContain(`query parameter "${check.query}"`);
		expect(error?.description).toContain('credential, field "API Names"');
		expect(error?.description).toContain('Output Records Outside the Filters');
		expect(output).toEqual([]);
		expect(ignoring().requests).toHaveLength(1);
	});

	it(`${label(check)}: with the option, the records as answered and a warning hint`, async () => {
		const parameters = {
			...check.parameters,
			options: { ...(check.parameters.options as object), outputRecordsOutsideFilters: true },
		};
		const { error, output, run } = await runAction(ignoring(), parameters);
		expect(error).toBeUndefined();
		expect(output.length).toBeGreaterThan(1);
		const hints = (run.data.resultData.runData[NODE]?.[0]?.hints ?? []).map((h) => h.message);
		expect(hints).toHaveLength(1);
		expect(hints[0]).toContain(`outside the filter "Filters → ${check.filter}"`);
		expect(hints[0]).toContain('The records are output as the API answered them.');
	});
});

describe('filters the API applied', () => {
	const applying = useSandbox();
	it.each(CASES)('$query passes without a word', async ({ parameters }) => {
		const { error, run } = await runAction(applying(), parameters);
		expect(error).toBeUndefined();
		expect(run.data.resultData.runData[NODE]?.[0]?.hints ?? []).toEqual([]);
	});
});

describe('a renamed filter the API still ignores', () => {
	const ignoring = useSandbox({ ignoredQuery: ['state'] });
	it('names the query name actually sent', async () => {
		const { error } = await runAction(
			{ ...ignoring(), apiNames: '{"status": "state"}' },
			charges({ status: 'captured' }),
		);
		expect(error?.description).toContain('query parameter "state"');
		expect(ignoring().requests[0].query).toMatchObject({ state: 'captured' });
	});
});

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
