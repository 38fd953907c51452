/**
 * Limit tests generated from the field declarations (fields/fields.ts): for every declared limit of every operation
 * (length, range, pattern, allowed values, entry count, path ids), the node run through n8n sends a value at the edge
 * and refuses one just past it before any request, naming field, rule and item; and the editor's description of the
 * field states that limit. A limit added to a declaration gets its tests here without a line written.
 */
import type { INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import type { OperationModule } from '../../nodes/PaymentPlatform/actions/node.type';
import type { FieldRule } from '../../nodes/PaymentPlatform/fields/fieldRules';
import { limitText } from '../../nodes/PaymentPlatform/fields/fieldRules';
import { moduleOf, OPERATIONS } from '../harness/registry';
import { runAction } from '../harness';
import {
	BASE,
	byId,
	expectRejectedBeforeSending,
	repeat,
	useSandbox,
	withParameter,
} from '../harness/actions';

const api = useSandbox({}, { resetBeforeEach: true });

interface LimitCase {
	label: string;
	parameters: INodeParameters;
	/** The refusal before sending, or undefined when the value must be sent. */
	refusal?: string;
}

/** The property a parameter path names in an operation's description (collections and fixedCollections walked). */
function propertyAt(properties: INodeProperties[], path: string): INodeProperties | undefined {
	const [name, ...rest] = path.split('.');
	const property = properties.find((candidate) => candidate.name === name);
	if (!property || rest.length === 0) return property;
	if (property.type === 'collection') {
		return propertyAt(property.options as INodeProperties[], rest.join('.'));
	}
	const group = (property.options as INodePropertyCollection[]).find(
		({ name: groupName }) => groupName === rest[0],
	);
	return group && rest.length > 1 ? propertyAt(group.values, rest.slice(1).join('.')) : property;
}

/** The values at and just past each limit of `rule`, as [label, value, refused]. */
function edges(rule: FieldRule): Array<[string, unknown, boolean]> {
	const found: Array<[string, unknown, boolean]> = [];
	const { min, max, exact } = rule.length ?? {};
	if (rule.length && !rule.pattern && rule.type === 'string') {
		for (const size of [exact, max].filter((n): n is number => n !== undefined)) {
			found.push([`${size} characters`, repeat(size), false]);
			found.push([`${size + 1} characters`, repeat(size + 1), true]);
		}
		if (min !== undefined && min > 1) found.push([`${min - 1} characters`, repeat(min - 1), true]);
	}
	if (rule.range?.min !== undefined) {
		found.push([`${rule.range.min}`, rule.range.min, false]);
		found.push([`${rule.range.min - 1}`, rule.range.min - 1, true]);
	}
	if (rule.range?.max !== undefined) {
		found.push([`${rule.range.max}`, rule.range.max, false]);
		found.push([`${rule.range.max + 1}`, rule.range.max + 1, true]);
	}
	if (rule.pattern) found.push(['"x y"', 'x y', true]);
	if (rule.type === 'enum') found.push(['a value not offered', 'not_offered', true]);
	if (rule.minItems) found.push([`${rule.minItems - 1} entries`, ' , ', true]);
	if (rule.type === 'uuid') found.push(['not a UUID', 'not-a-uuid', true]);
	return found;
}

/** The refusal text of `rule` as the node words it. */
function refusalOf(rule: FieldRule): string {
	if (rule.type === 'uuid') return `${rule.field} must be a UUID`;
	if (rule.type === 'enum')
		return `${rule.field} must be one of: ${(rule.values ?? []).join(', ')}`;
	if (rule.pattern) return `${rule.field} ${rule.pattern.rule}`;
	return `${rule.field} must ${/^contain/.test(limitText(rule) ?? '') ? '' : 'be '}${limitText(rule)}`;
}

const operations = OPERATIONS.filter(({ module }) => module.fields).map(
	({ resource, operation, module }) => [resource, operation, module] as const,
);

/** Edges not probed, and why. */
const NOT_PROBED = new Map([
	[
		'submerchantDocument.create file_size: 0',
		'0, the field\'s default, means "not given" (a chosen default)',
	],
]);

const cases: LimitCase[] = [];
const described: Array<[string, string, string]> = [];
for (const [resource, operation, module] of operations) {
	const name = `${resource}.${operation}`;
	const base: INodeParameters = { resource, operation, ...(BASE[name] ?? {}) };
	const fields = module.fields as NonNullable<OperationModule['fields']>;
	const pathBase = Object.fromEntries(
		fields.path.map((rule) => [rule.parameter, byId('3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b')]),
	);
	for (const rule of [...fields.rules, ...fields.path]) {
		if (rule.when) continue; // conditional: test/fields.test.ts
		const given = { ...pathBase, ...base };
		for (const [what, value, refused] of edges(rule)) {
			if (NOT_PROBED.has(`${name} ${rule.field}: ${what}`)) continue;
			// A path id as a plain string (as saved before the locators): n8n itself refuses a "By ID" that is no UUID.
			cases.push({
				label: `${name} ${rule.field}: ${what} ${refused ? 'refused' : 'sent'}`,
				parameters: withParameter(given, rule.parameter, value),
				refusal: refused ? refusalOf(rule) : undefined,
			});
		}
		const limit = limitText(rule);
		if (limit) described.push([name, rule.parameter, limit]);
	}
}

describe('limits generated from the declarations', () => {
	it('finds the declared limits', () => {
		expect(cases.length).toBeGreaterThan(60);
		expect(described.length).toBeGreaterThan(20);
	});

	it.each(cases.map((limitCase) => [limitCase.label, limitCase] as const))(
		'%s',
		async (_label, { parameters, refusal }) => {
			const sandbox = api();
			if (refusal) {
				await expectRejectedBeforeSending(sandbox, parameters, refusal);
				return;
			}
			sandbox.clearRequests();
			const { output } = await runAction(sandbox, parameters, { continueOnFail: true });
			// Sent: whatever the API answers, the node let the value through.
			expect(sandbox.requests).toHaveLength(1);
			expect(String(output[0]?.json.error ?? '')).not.toMatch(/\[item 0\]$/);
		},
	);

	it.each(described)('%s %s: the editor says "%s"', (name, parameter, limit) => {
		const module = moduleOf(name);
		expect(propertyAt(module.description, parameter)?.description).toContain(`(${limit})`);
	});
});
