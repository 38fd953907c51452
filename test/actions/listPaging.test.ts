/**
 * Every record once, against the sandbox: Return All and Limit never output a record twice while the platform's list
 * gains charges at its head (new charges listed first, as the sandbox lists them); a list answer whose paging cannot
 * be read (no pagination data on a full page, `data` not a list) stops with an error naming what was missing and the
 * API Names entry that fixes it, never a silent first page or an empty list.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { byId, idsOf, jsonOf, runAction, SEED, useSandbox } from '../harness/actions';

const api = useSandbox({}, { resetBeforeEach: true });
const chargesAll: INodeParameters = {
	resource: 'charge',
	operation: 'getAll',
	returnAll: true,
	simplify: false,
};
const distinct = (records: IDataObject[]) => new Set(idsOf(records)).size;

describe('every record once while new charges arrive', () => {
	it('Return All over 230 charges, one new charge before each page: no charge twice, none of the first missing', async () => {
		api().seedCharges(230 - api().store.chargesNewestFirst().length);
		const before = new Set(
			api()
				.store.chargesNewestFirst()
				.map((charge: { id: string }) => charge.id),
		);
		api().setFaults([{ route: 'GET /v1/charges', kind: 'grows_at_head' }]);
		const { output, error } = await runAction(api(), chargesAll);
		expect(error).toBeUndefined();
		const records = jsonOf(output);
		expect(distinct(records)).toBe(records.length);
		for (const id of before) expect(idsOf(records)).toContain(id);
	});

	it('Limit 150 while new charges arrive: 150 distinct charges', async () => {
		api().seedCharges(230 - api().store.chargesNewestFirst().length);
		api().setFaults([{ route: 'GET /v1/charges', kind: 'grows_at_head' }]);
		const { output, error } = await runAction(api(), {
			...chargesAll,
			returnAll: false,
			limit: 150,
		});
		expect(error).toBeUndefined();
		const records = jsonOf(output);
		expect(records).toHaveLength(150);
		expect(distinct(records)).toBe(150);
	});
});

describe('a list answer whose paging cannot be read stops the node', () => {
	it('a full page without pagination data: names what was missing and the API Names entry', async () => {
		api().seedCharges(150);
		api().setFaults([{ route: 'GET /v1/charges', kind: 'no_pagination' }]);
		const { error } = await runAction(api(), chargesAll);
		expect(error?.message).toMatch(/without pagination/);
		expect(String(error?.description)).toMatch(/"page"/);
		expect(String(error?.description)).toMatch(/API Names/);
	});

	it('a short page without pagination data is the whole list', async () => {
		api().setFaults([{ route: 'GET /v1/submerchants', kind: 'no_pagination' }]);
		const { output, error } = await runAction(api(), {
			resource: 'submerchant',
			operation: 'getAll',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(output.length).toBeGreaterThan(0);
	});

	// prettier-ignore
	it.each([
		['Charge → Get Many', 'GET /v1/charges', chargesAll],
		['Submerchant Document → Get Many', 'GET /v1/submerchants/*/documents', { resource: 'submerchantDocument', operation: 'getAll', submerchantId: byId(SEED.submerchants.active), returnAll: true }],
	])(
		'%s: data that is not a list stops the node rather than output nothing',
		async (_name, route, parameters) => {
			api().setFaults([{ route, kind: 'data_not_list' }]);
			const { error, output } = await runAction(api(), parameters as INodeParameters);
			expect(output).toEqual([]);
			expect(error?.message).toMatch(/"data" that is not a list/);
		},
	);
});
