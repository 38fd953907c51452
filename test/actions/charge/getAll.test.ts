/** Charge → Get Many against the sandbox: every filter under its query name, dates, Return All and Limit over many pages, invalid input refused before sending. */
import axios from 'axios';
import { CHARGE_LIST_QUERY, PAGE_SIZE, PAGINATION_QUERY } from '../../../nodes/shared/chosenNames';
import { idsOf, jsonOf, onlyRequest, parametersOf, runOk, useSandbox } from '../../harness/actions';

const api = useSandbox();

const getMany = parametersOf('charge', 'getAll');

describe('Charge → Get Many', () => {
	it('reads a date-time without offset in the workflow time zone and sends it as UTC', async () => {
		const sandbox = api();
		await runOk(
			sandbox,
			getMany({
				returnAll: true,
				filters: {
					startDate: '2025-03-01T00:00:00',
					endDate: '={{ new Date("2025-03-02T12:00:00Z") }}',
				},
			}),
		);
		// The harness runs with n8n's default time zone, America/New_York (UTC-5 in March before DST).
		expect(onlyRequest(sandbox).query).toMatchObject({
			[CHARGE_LIST_QUERY.startDate]: '2025-03-01T05:00:00.000Z',
			[CHARGE_LIST_QUERY.endDate]: '2025-03-02T12:00:00.000Z',
		});
	});

	describe('over more than 250 charges', () => {
		let total = 0;
		beforeAll(async () => {
			const sandbox = api();
			const seeded = await axios.post(
				`${sandbox.url}/__admin/seed/charges`,
				{ count: 300 },
				{ proxy: false },
			);
			expect(seeded.status).toBe(201);
			total = (seeded.data as { data: { total: number } }).data.total;
			expect(total).toBeGreaterThan(250);
		});

		it('Return All walks every page with perPage 100 and returns every charge once', async () => {
			const sandbox = api();
			const { output } = await runOk(sandbox, getMany({ returnAll: true }));
			const pages = Math.ceil(total / PAGE_SIZE.max);
			expect(sandbox.requests).toHaveLength(pages);
			expect(sandbox.requests.map((r) => [r.method, r.path, r.query])).toEqual(
				Array.from({ length: pages }, (_, index) => [
					'GET',
					'/v1/charges',
					{ [PAGINATION_QUERY.page]: String(index + 1), [PAGINATION_QUERY.perPage]: '100' },
				]),
			);
			expect(output).toHaveLength(total);
			expect(new Set(idsOf(jsonOf(output))).size).toBe(total);
			expect(new Set(output.map((item) => JSON.stringify(item.pairedItem)))).toEqual(
				new Set([JSON.stringify({ item: 0 })]),
			);
		});

		it('a Limit asks for no more pages than needed', async () => {
			const sandbox = api();
			const { output } = await runOk(sandbox, getMany({ returnAll: false, limit: 150 }));
			expect(output).toHaveLength(150);
			expect(sandbox.requests).toHaveLength(2);
			expect(sandbox.requests.map((r) => r.query[PAGINATION_QUERY.page])).toEqual(['1', '2']);
			const perPage = sandbox.requests.map((r) => Number(r.query[PAGINATION_QUERY.perPage]));
			expect(perPage.every((size) => size <= PAGE_SIZE.max)).toBe(true);
			expect(perPage[0] * 2).toBeGreaterThanOrEqual(150);

			sandbox.clearRequests();
			const small = await runOk(sandbox, getMany({ returnAll: false, limit: 7 }));
			expect(small.output).toHaveLength(7);
			expect(onlyRequest(sandbox).query).toEqual({
				[PAGINATION_QUERY.page]: '1',
				[PAGINATION_QUERY.perPage]: '7',
			});

			sandbox.clearRequests();
			const hundred = await runOk(sandbox, getMany({ returnAll: false, limit: 100 }));
			expect(hundred.output).toHaveLength(100);
			expect(onlyRequest(sandbox).query[PAGINATION_QUERY.perPage]).toBe('100');
		});
	});
});
