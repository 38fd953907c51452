import * as path from 'path';
import * as ts from 'typescript';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { PaymentPlatform } from '../nodes/PaymentPlatform/PaymentPlatform.node';
import { isNodeOperation, resources } from '../nodes/PaymentPlatform/actions/operations';
import { runAction } from './harness';

const ROOT = path.resolve(__dirname, '..');
const NODE_TYPE = path.join(ROOT, 'nodes/PaymentPlatform/actions/node.type.ts');
const PROBE = path.join(ROOT, 'nodes/PaymentPlatform/actions/registryProbe.ts');

const { properties } = new PaymentPlatform().description;
const optionValues = (property: INodeProperties | undefined) =>
	((property?.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value));
const operationField = (resource: string) =>
	properties.find(
		(property) =>
			property.name === 'operation' && property.displayOptions?.show?.resource?.[0] === resource,
	);

describe('one registry for the description and the dispatch', () => {
	it('the Resource options are the registry', () => {
		const resourceField = properties.find((property) => property.name === 'resource');
		expect(optionValues(resourceField).sort()).toEqual(Object.keys(resources).sort());
	});

	it.each(Object.keys(resources))(
		'%s: its Operation options are the operations it dispatches',
		(resource) => {
			const dispatched = Object.keys(resources[resource as keyof typeof resources]).filter((name) =>
				isNodeOperation({ resource, operation: name }),
			);
			expect(optionValues(operationField(resource)).sort()).toEqual(dispatched.sort());
		},
	);

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
});

/** The last program built: the next one reuses its unchanged files, as `tsc --watch` does. */
let previous: ts.Program | undefined;

/** Type-checks the package with some files replaced or added, as `npm run build` would. */
function typeErrors(replaced: Record<string, string>): string[] {
	const config = ts.getParsedCommandLineOfConfigFile(
		path.join(ROOT, 'tsconfig.json'),
		{},
		{
			...ts.sys,
			onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
				throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
			},
		},
	);
	if (!config) throw new Error('tsconfig.json could not be read');
	const options = { ...config.options, noEmit: true, incremental: false };
	const host = ts.createCompilerHost(options);
	const readFile = host.readFile.bind(host);
	host.readFile = (fileName) => replaced[path.resolve(fileName)] ?? readFile(fileName);
	const fileExists = host.fileExists.bind(host);
	host.fileExists = (fileName) => path.resolve(fileName) in replaced || fileExists(fileName);
	const program = ts.createProgram({
		rootNames: [...config.fileNames, ...Object.keys(replaced)],
		options,
		host,
		oldProgram: previous,
	});
	previous = program;
	return ts
		.getPreEmitDiagnostics(program)
		.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the NodeMap type check is real (it would fail `npm run build`)', () => {
	const nodeType = ts.sys.readFile(NODE_TYPE) ?? '';

	it('the package as it is type-checks', () => {
		expect(typeErrors({})).toEqual([]);
	}, 60_000);

	it('an operation named in NodeMap without its module does not compile', () => {
		const withRefund = nodeType.replace(
			"charge: 'create' | 'get' | 'getAll';",
			"charge: 'create' | 'get' | 'getAll' | 'refund';",
		);
		expect(withRefund).not.toBe(nodeType);
		expect(typeErrors({ [NODE_TYPE]: withRefund }).join('\n')).toMatch(
			/Property 'refund' is missing/,
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
