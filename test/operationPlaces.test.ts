/**
 * An operation lives in three places: its operation file (actions/<resource>/<operation>.operation.ts: its option,
 * fields, description and execute or prepare), the sandbox route that answers it (sandbox/routes/) and its case file
 * (test/cases/<resource>/<operation>.case.js). The resource index exports the files beside it, and the Operation
 * option and NodeMap are derived from those exports; this test fails while one place lacks an operation the others
 * have, or the node does not offer an operation file.
 */
import { CASES } from './cases';
import { OPERATION_ROUTES, routeAnswering } from './harness/operationRoutes';
import { operationFiles } from './harness/operationPlaces';
import { OPERATIONS } from './harness/registry';

const PLACES: Record<string, string[]> = {
	'operation file (actions/<resource>/<operation>.operation.ts)': operationFiles(),
	'case file (test/cases/<resource>/<operation>.case.js)': CASES.map((c) => c.name),
	"sandbox route answering the case file's request (sandbox/routes/)": Object.keys(
		OPERATION_ROUTES,
	).filter((name) => OPERATION_ROUTES[name] !== undefined),
};

const EVERY_NAME = [...new Set(Object.values(PLACES).flat())].sort();

describe('an operation lives in three places, and in all of them', () => {
	it.each(Object.entries(PLACES))('finds operations in the place "%s"', (_place, names) => {
		expect(names.length).toBeGreaterThan(0);
	});

	it.each(EVERY_NAME)('%s: in every place', (name) => {
		const missing = Object.entries(PLACES)
			.filter(([, names]) => !names.includes(name))
			.map(([place]) => place);
		expect({ name, missing }).toEqual({ name, missing: [] });
	});
});

describe('the node offers what the places state', () => {
	it('every operation file is an Operation option of its resource, and nothing else is', () => {
		expect(OPERATIONS.map((operation) => operation.name).sort()).toEqual(operationFiles().sort());
	});

	it.each(OPERATIONS.map((operation) => [operation.name, operation] as const))(
		'%s shows its fields under its own resource and operation',
		(_name, { resource, operation, module }) => {
			const elsewhere = module.description.filter(
				(property) =>
					property.displayOptions?.show?.resource?.[0] !== resource ||
					property.displayOptions?.show?.operation?.[0] !== operation,
			);
			expect(elsewhere.map((property) => property.name)).toEqual([]);
		},
	);

	it('a route answers only its own method and path', () => {
		expect(routeAnswering({ method: 'GET', path: '/v1/withdrawals/fee' })?.url).toBe(
			'/v1/withdrawals/fee',
		);
		expect(routeAnswering({ method: 'PUT', path: '/v1/withdrawals/fee' })).toBeUndefined();
		expect(routeAnswering({ method: 'GET', path: '/v1/withdrawals/fee/x' })).toBeUndefined();
		expect(
			routeAnswering({ method: 'DELETE', path: /^\/v1\/anticipations\/[0-9a-f-]{36}$/ })?.url,
		).toBe('/v1/anticipations/:id');
	});
});
