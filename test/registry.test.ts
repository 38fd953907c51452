import { PaymentPlatform } from '../nodes/PaymentPlatform/PaymentPlatform.node';
import { isNodeOperation } from '../nodes/PaymentPlatform/actions/operations';
import { runAction } from './harness';
import { OPERATIONS, RESOURCES } from './harness/registry';
import { readSource, typeErrors } from './harness/typeCheck';

const CHARGE_INDEX = 'nodes/PaymentPlatform/actions/charge/index.ts';
const PROBE = 'nodes/PaymentPlatform/actions/registryProbe.ts';

const { properties } = new PaymentPlatform().description;

describe('one registry for the description and the dispatch', () => {
	it('every Operation option of every Resource dispatches to a module whose fields the node shows', () => {
		expect(RESOURCES.length).toBeGreaterThan(0);
		for (const { name, module } of OPERATIONS) {
			const shown = module.description.every((property) => properties.includes(property));
			expect({ name, shown }).toEqual({ name, shown: true });
		}
	});

	it('names outside the registry are refused at run time (a saved workflow can hold any text)', () => {
		expect(isNodeOperation({ resource: 'charge', operation: 'get' })).toBe(true);
		expect(isNodeOperation({ resource: 'charge', operation: 'description' })).toBe(false);
		expect(isNodeOperation({ resource: 'charge', operation: 'toString' })).toBe(false);
		expect(isNodeOperation({ resource: 'charge', operation: 'cancel' })).toBe(false);
		expect(isNodeOperation({ resource: 'constructor', operation: 'get' })).toBe(false);
	});

	it('a saved workflow naming an unknown operation fails with a clear error, before any request', async () => {
		const nowhere = { url: 'http://127.0.0.1:9', publicKey: 'pk_test', secretKey: 'sk_test' };
		const { error, output } = await runAction(nowhere, { resource: 'charge', operation: 'refund' });
		expect(output).toEqual([]);
		expect(error?.message).toBe('The operation "refund" is not supported for resource "charge"');
	});

	it.each([
		['charge', '__CUSTOM_API_CALL__'],
		['__CUSTOM_API_CALL__', '__CUSTOM_API_CALL__'],
	])(
		'Custom API Call (resource %s, operation %s) points to the HTTP Request node, before any request',
		async (resource, operation) => {
			const nowhere = { url: 'http://127.0.0.1:9', publicKey: 'pk_test', secretKey: 'sk_test' };
			const { error, output } = await runAction(nowhere, { resource, operation });
			expect(output).toEqual([]);
			expect(error?.message).toBe(
				"Custom API Call is made with n8n's HTTP Request node, not with this node",
			);
			expect(error?.description).toContain('Predefined Credential Type');
		},
	);
});

describe('the NodeMap type check is real (it would fail `npm run build`)', () => {
	const chargeIndex = readSource(CHARGE_INDEX);

	it('the package as it is type-checks', () => {
		expect(typeErrors({})).toEqual([]);
	}, 60_000);

	it('a resource index exporting what is not an operation module does not compile', () => {
		const withRefund = `${chargeIndex}export const refund = { option: 'Refund' };\n`;
		expect(typeErrors({ [CHARGE_INDEX]: withRefund }).join('\n')).toMatch(
			/property 'refund' are incompatible/,
		);
	}, 60_000);

	it('a default operation the resource lacks does not compile', () => {
		const withRefund = chargeIndex.replace(
			"export const defaultOperation = 'get';",
			"export const defaultOperation = 'refund';",
		);
		expect(withRefund).not.toBe(chargeIndex);
		expect(typeErrors({ [CHARGE_INDEX]: withRefund }).join('\n')).toMatch(
			/property 'defaultOperation' are incompatible/,
		);
	}, 60_000);

	it('dispatching to an operation another resource has does not compile', () => {
		const probe = [
			"import { operationModule } from './operations';",
			"export const ok = operationModule('anticipation', 'cancel');",
			"export const wrong = operationModule('charge', 'cancel');",
		].join('\n');
		const errors = typeErrors({ [PROBE]: probe });
		expect(errors).toHaveLength(1);
		expect(errors[0]).toMatch(/Argument of type '"cancel"' is not assignable/);
	}, 60_000);
});
