/**
 * Return All and Limit over a scripted list API that answers each page by its query, in whatever order the parallel
 * requests arrive: page order, request counts, limits, empty pages, retries, a 429 that holds the other pages, a page
 * parameter the API ignores, and filters it ignores.
 */
import { PAGE_CONCURRENCY } from '../nodes/PaymentPlatform/chosenNames';
import { PAGINATION_QUERY } from '../nodes/shared/chosenNames';
import { runAction } from './harness';
import { scriptedApiForThisFile, type Answer, type Received } from './harness/scriptedSuite';

const KEYS = { publicKey: 'pk_test_pages', secretKey: 'sk_test_pages' };
/** Charge → Get Many with the raw records (Simplify off), as the scripted API answers them. */
const getManyCharges = (extra: object) => ({
	resource: 'charge',
	operation: 'getAll',
	simplify: false,
	...extra,
});

const suite = scriptedApiForThisFile(KEYS);
const { target } = suite;

interface ListOptions {
	total: number;
	/** Answer delay per page (default none). */
	delayMs?: (page: number) => number;
	/** Overrides the answer to a request (e.g. a fault on one attempt); undefined: the normal page. */
	override?: (page: number, request: Received) => Answer | undefined;
	/** Records for a page, when they should differ from `{ id: c<n> }`. */
	record?: (n: number) => object;
}

const pageOf = (request: Received) => Number(request.query[PAGINATION_QUERY.page]);

/** A list of `total` records `c0`, `c1`, ... paginated by the query's page and perPage, as the reference describes. */
function listApi({ total, delayMs, override, record = (n) => ({ id: `c${n}` }) }: ListOptions) {
	return (request: Received): Answer => {
		const page = pageOf(request);
		const perPage = Number(request.query[PAGINATION_QUERY.perPage]);
		const faulted = override?.(page, request);
		if (faulted) return faulted;
		const first = (page - 1) * perPage;
		const count = Math.max(0, Math.min(perPage, total - first));
		return {
			delayMs: delayMs?.(page),
			body: {
				success: true,
				message: 'OK',
				data: Array.from({ length: count }, (_, k) => record(first + k)),
				pagination: { page, perPage, total, totalPages: Math.ceil(total / perPage) },
			},
		};
	};
}

const ids = (count: number) => Array.from({ length: count }, (_, n) => ({ id: `c${n}` }));

describe('Return All', () => {
	it('asks for page 1 alone, then the other pages in parallel: exactly ceil(N/100) requests, output in page order', async () => {
		// Later pages answer first, so that arrival order and page order differ.
		suite
			.api()
			.answer(listApi({ total: 1050, delayMs: (page) => (page === 1 ? 0 : 5 * (12 - page)) }));
		const { output, error } = await runAction(target(), getManyCharges({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(suite.api().requests).toHaveLength(11);
		expect(pageOf(suite.api().requests[0])).toBe(1);
		expect(
			suite
				.api()
				.requests.map(pageOf)
				.sort((a, b) => a - b),
		).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
		expect(
			suite.api().requests.every((request) => request.query[PAGINATION_QUERY.perPage] === '100'),
		).toBe(true);
		expect(output.map((item) => item.json)).toEqual(ids(1050));
		expect(output.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	it(`has at most PAGE_CONCURRENCY (${PAGE_CONCURRENCY}) pages in flight, and uses them`, async () => {
		suite.api().answer(listApi({ total: 2000, delayMs: () => 30 }));
		const { output } = await runAction(target(), getManyCharges({ returnAll: true }));
		expect(output).toHaveLength(2000);
		expect(suite.api().load.maxInFlight).toBe(PAGE_CONCURRENCY);
	});

	it('one page: one request', async () => {
		suite.api().answer(listApi({ total: 40 }));
		const { output } = await runAction(target(), getManyCharges({ returnAll: true }));
		expect(suite.api().requests).toHaveLength(1);
		expect(output).toHaveLength(40);
	});

	it('ends the list before an empty page, even if totalPages says more', async () => {
		suite.api().answer(
			listApi({
				total: 1000,
				override: (page) =>
					page >= 3
						? {
								body: {
									success: true,
									message: 'OK',
									data: [],
									pagination: { page, perPage: 100, total: 1000, totalPages: 10 },
								},
							}
						: undefined,
			}),
		);
		const { output, error } = await runAction(target(), getManyCharges({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toEqual(ids(200));
	});

	it('retries a page answered 503 like any GET, and still outputs every page once, in order', async () => {
		let failed = false;
		suite.api().answer(
			listApi({
				total: 500,
				override: (page) => {
					if (page !== 3 || failed) return undefined;
					failed = true;
					return {
						status: 503,
						headers: { 'retry-after': '0' },
						body: { success: false, message: 'busy', error: 'UNAVAILABLE' },
					};
				},
			}),
		);
		const { output, error } = await runAction(target(), getManyCharges({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(
			suite
				.api()
				.requests.map(pageOf)
				.sort((a, b) => a - b),
		).toEqual([1, 2, 3, 3, 4, 5]);
		expect(output.map((item) => item.json)).toEqual(ids(500));
	});

	it('fails with the error of the first page that cannot be read', async () => {
		suite.api().answer(
			listApi({
				total: 800,
				override: (page) =>
					page === 4
						? {
								status: 400,
								body: { success: false, message: 'page 4 is broken', error: 'BAD_REQUEST' },
							}
						: undefined,
			}),
		);
		const { output, error } = await runAction(target(), getManyCharges({ returnAll: true }));
		expect(error?.message).toBe('page 4 is broken');
		expect(output).toEqual([]);
	});

	it('a 429 on one page holds the other pages for its Retry-After, not only its own retry', async () => {
		const received: Array<{ page: number; at: number }> = [];
		let rateLimitedAt = 0;
		let retriesAnswered = 0;
		suite.api().answer(
			listApi({
				total: 500,
				override: (page) => {
					received.push({ page, at: Date.now() });
					if (page === 2 && rateLimitedAt === 0) {
						rateLimitedAt = Date.now();
						return {
							status: 429,
							headers: { 'retry-after': '1' },
							body: { success: false, message: 'slow down', error: 'RATE_LIMITED' },
						};
					}
					// Pages 3 to 5 answer 503 after the 429 has arrived; their own backoff alone would retry at once.
					if (page > 2 && retriesAnswered < 3) {
						retriesAnswered++;
						return {
							status: 503,
							delayMs: 100,
							body: { success: false, message: 'busy', error: 'UNAVAILABLE' },
						};
					}
					return undefined;
				},
			}),
		);
		const { output, error } = await runAction(target(), getManyCharges({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toEqual(ids(500));
		const retriedLater = received.filter(
			(request, index) => index > 0 && request.at > rateLimitedAt + 50,
		);
		expect(retriedLater.map((request) => request.page).sort()).toEqual([2, 3, 4, 5]);
		for (const request of retriedLater)
			expect(request.at - rateLimitedAt).toBeGreaterThanOrEqual(950);
	});

	it('stops with an error naming the page parameter when the API answers another page than the one asked for', async () => {
		// An API that does not read the page parameter answers page 1 every time.
		suite.api().answer((request) =>
			listApi({ total: 300 })({
				...request,
				query: { ...request.query, [PAGINATION_QUERY.page]: '1' },
			}),
		);
		const { output, error } = await runAction(target(), getManyCharges({ returnAll: true }));
		expect(error?.message).toMatch(
			/^The Payment Platform API answered page 1 when asked for page [23]$/,
		);
		expect(String(error?.description)).toContain(`query parameter "${PAGINATION_QUERY.page}"`);
		expect(output).toEqual([]);
	});
});

describe('Limit', () => {
	it('asks for no more pages than needed, each no larger than needed', async () => {
		suite.api().answer(listApi({ total: 1000 }));
		const { output } = await runAction(target(), getManyCharges({ returnAll: false, limit: 250 }));
		expect(
			suite
				.api()
				.requests.map((r) => [pageOf(r), r.query.perPage])
				.sort(),
		).toEqual([
			[1, '84'],
			[2, '84'],
			[3, '84'],
		]);
		expect(output.map((item) => item.json)).toEqual(ids(250));
	});

	it.each([5, 100])('a limit of %i (at most a page) is one request of that size', async (limit) => {
		suite.api().answer(listApi({ total: 1000 }));
		const { output } = await runAction(target(), getManyCharges({ returnAll: false, limit }));
		expect(suite.api().requests.map((r) => r.query.perPage)).toEqual([String(limit)]);
		expect(output).toHaveLength(limit);
	});

	it('a limit above the total asks only for the pages that exist', async () => {
		suite.api().answer(listApi({ total: 120 }));
		const { output } = await runAction(target(), getManyCharges({ returnAll: false, limit: 500 }));
		expect(suite.api().requests.map(pageOf).sort()).toEqual([1, 2]);
		expect(output).toHaveLength(120);
	});
});
