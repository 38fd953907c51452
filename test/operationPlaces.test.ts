/**
 * An operation lives in five places: its operation file (actions/<resource>/<operation>.operation.ts), its resource
 * index (actions/<resource>/index.ts: the export and the Operation option), NodeMap (actions/node.type.ts), the
 * sandbox route that answers it (sandbox/routes/) and its case file (test/cases/<resource>/<operation>.case.js).
 * Everything else is derived from them; this test fails while one place lacks an operation the others have.
 */
import { CASES } from './cases';
import { OPERATION_ROUTES, routeAnswering } from './harness/operationRoutes';
import { indexOperations, nodeMapOperations, operationFiles } from './harness/operationPlaces';
import { OPERATIONS } from './harness/registry';

const PLACES: Record<string, string[]> = {
	'Operation option of the node': OPERATIONS.map((operation) => operation.name),
	'operation file (actions/<resource>/<operation>.operation.ts)': operationFiles(),
	'export of the resource index (actions/<resource>/index.ts)': indexOperations(),
	'NodeMap (actions/node.type.ts)': nodeMapOperations(),
	'case file (test/cases/<resource>/<operation>.case.js)': CASES.map((c) => c.name),
	"sandbox route answering the case file's request (sandbox/routes/)": Object.keys(
		OPERATION_ROUTES,
	).filter((name) => OPERATION_ROUTES[name] !== undefined),
};

const EVERY_NAME = [...new Set(Object.values(PLACES).flat())].sort();

describe('an operation lives in five places, and in all of them', () => {
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

describe('the readers of the places can tell an operation missing', () => {
	it('NodeMap without an operation lacks it', () => {
		const fromFile = nodeMapOperations();
		const source = "type NodeMap = {\n\twallet: 'get';\n\tcharge: 'create' | 'get';\n};";
		expect(fromFile).toContain('wallet.getStatement');
		expect(nodeMapOperations(source)).toEqual(['wallet.get', 'charge.create', 'charge.get']);
	});

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
