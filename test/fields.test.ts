/**
 * One declaration per field (fields/fields.ts): every parameter an operation shows either feeds the API through its
 * declared rule or is one of the node's own parameters listed here, so a field added without a rule fails here
 * instead of being silently never sent.
 */
import type {
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
} from 'n8n-workflow';
import type { OperationModule } from '../nodes/PaymentPlatform/actions/node.type';
import { OPERATIONS } from './harness/registry';
import { CASES } from './cases';
import type { FieldRule } from '../nodes/PaymentPlatform/fields/fieldRules';
import { InputValidator } from '../nodes/PaymentPlatform/fields/fieldRules';
import { convertValues } from '../nodes/PaymentPlatform/fields/convertFields';
import * as documentCreate from '../nodes/PaymentPlatform/actions/submerchantDocument/create.operation';

/**
 * The node's own parameters: they shape the run or the output, and no API body, query or path field takes them (the
 * Idempotency Key goes in a header, checked by actions/common.idempotency.ts; Card Data decides whether Card Number and
 * CVV are read).
 */
const NODE_OWN = new Set([
	'idempotencyKey',
	'returnAll',
	'limit',
	'simplify',
	'options',
	'fieldsToClear',
	'fileSource',
	'binaryPropertyName',
	'cardData',
]);

/** A property shown only to nodes saved before a field moved (a `@version` display condition, .agents/versioning.md). */
const savedOnly = (property: INodeProperties) =>
	JSON.stringify(property.displayOptions?.show?.['@version'] ?? []).includes('"lt"');

/** The parameter paths a description lets a user set, as getNodeParameter names them. */
function parameterPaths(properties: INodeProperties[], rules: FieldRule[], prefix = ''): string[] {
	return properties.flatMap((property) => {
		const path = prefix + property.name;
		if (property.type === 'notice' || property.type === 'hidden' || savedOnly(property)) return [];
		if (prefix === '' && NODE_OWN.has(property.name)) return [];
		if (property.type === 'collection') {
			return parameterPaths(property.options as INodeProperties[], rules, `${path}.`);
		}
		if (property.type === 'fixedCollection') {
			return (property.options as INodePropertyCollection[]).flatMap((group) => {
				const rows = rules.find((rule) => rule.parameter === `${path}.${group.name}`);
				return rows
					? [
							`${path}.${group.name}`,
							...parameterPaths(group.values, rows.rows ?? []).map(
								(row) => `${path}.${group.name}[].${row}`,
							),
						]
					: parameterPaths(group.values, rules, `${path}.${group.name}.`);
			});
		}
		return [path];
	});
}

/** The parameter paths the declared rules read, rows included. */
function declaredPaths(rules: FieldRule[]): string[] {
	return rules.flatMap((rule) => [
		rule.parameter,
		...(rule.rows ?? []).map((row) => `${rule.parameter}[].${row.parameter}`),
	]);
}

const operations = OPERATIONS.map(({ name, module }) => [name, module] as const);

describe('every field an operation shows has a declared rule', () => {
	it('covers every operation: one for each case file', () => {
		expect(operations.map(([name]) => name).sort()).toEqual(CASES.map((c) => c.name).sort());
	});

	it.each(operations)('%s', (_name, module) => {
		const rules = [...(module.fields?.rules ?? []), ...(module.fields?.path ?? [])];
		const shown = parameterPaths(module.description, rules);
		expect(shown.filter((path) => !declaredPaths(rules).includes(path))).toEqual([]);
	});

	it('finds a field declared without a rule', () => {
		const withoutRule: INodeProperties = {
			displayName: 'Forgotten',
			name: 'forgotten',
			type: 'string',
			default: '',
		};
		const module = operations.find(([name]) => name === 'charge.create')?.[1] as OperationModule;
		const rules = module.fields?.rules ?? [];
		const shown = parameterPaths([...module.description, withoutRule], rules);
		expect(shown.filter((path) => !declaredPaths(rules).includes(path))).toEqual(['forgotten']);
	});
});

describe('a dropdown offers exactly the values its rule accepts', () => {
	const enumFields = operations.flatMap(([name, module]) => {
		const found: Array<[string, string, string[], readonly string[]]> = [];
		const visit = (properties: INodeProperties[], rules: FieldRule[], prefix: string) => {
			for (const property of properties) {
				const path = prefix + property.name;
				const rule = rules.find((candidate) => candidate.parameter === path);
				if (rule?.values && (property.type === 'options' || property.type === 'multiOptions')) {
					const offered = (property.options as INodePropertyOptions[]).map(({ value }) =>
						String(value),
					);
					found.push([name, path, offered.sort(), [...rule.values].sort()]);
				}
				if (property.type === 'collection') {
					visit(property.options as INodeProperties[], rules, `${path}.`);
				}
			}
		};
		visit(module.description, module.fields?.rules ?? [], '');
		return found;
	});

	it('finds the dropdowns', () => {
		expect(enumFields.length).toBeGreaterThan(8);
	});

	it.each(enumFields)('%s: %s', (_name, _path, offered, accepted) => {
		expect(offered).toEqual(accepted);
	});
});

describe('a conditional rule: Legal Representative ID of partner documents', () => {
	const rules = documentCreate.fields.rules.filter((rule) =>
		['type', 'legal_representative_id'].includes(rule.field),
	);
	const node = { name: 'Payment Platform' } as INode;
	const convert = (parameters: Record<string, unknown>) =>
		convertValues(rules, parameters, new InputValidator(node, 2));

	it('is required when the type starts with partner_', () => {
		expect(() => convert({ documentType: 'partner_front_id' })).toThrow(
			'legal_representative_id is required [item 2]',
		);
		expect(
			convert({
				documentType: 'partner_front_id',
				legalRepresentativeId: '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
			}),
		).toEqual({
			type: 'partner_front_id',
			legal_representative_id: '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
		});
	});

	it('is not read for any other type', () => {
		expect(convert({ documentType: 'front_id', legalRepresentativeId: 'not even a uuid' })).toEqual(
			{ type: 'front_id' },
		);
	});
});
