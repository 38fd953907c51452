/**
 * Only the API refuses. Every refusal of every rule table (required, length, range, pattern, allowed values, UUID,
 * entry count) must either be one the API makes, as the sandbox states it (sandbox/api/schemas.js, written from the
 * reference: a request that breaks the rule is refused at that field), or be listed with its reason in the
 * chosen-defaults table of docs/chosen-defaults.md. A row of that table that no longer matches a refusal fails too,
 * so the table never lists a refusal the node does not make.
 */
import type { FieldRule } from '../nodes/PaymentPlatform/fields/fieldRules';
import { operationRules } from './harness/registry';
import { requestSchemas } from './harness/operationRoutes';
import { readTracked } from './harness/repositoryFiles';

const TABLE = readTracked('docs/chosen-defaults.md');

type Kind = 'required' | 'length' | 'range' | 'pattern' | 'values' | 'uuid' | 'minItems';

interface Refusal {
	operation: string;
	field: string;
	kind: Kind;
	rule: FieldRule;
	/** The operation's rule table, for the condition a rule applies under (`when`). */
	table: FieldRule[];
}

/** The sandbox's schema of each operation's request: its body, or its query (every value a text there). */
const REQUESTS = requestSchemas();

function refusalsOf(
	operation: string,
	rules: FieldRule[],
	table: FieldRule[] = rules,
	prefix = '',
): Refusal[] {
	return rules.flatMap((rule) => {
		const field = `${prefix}${rule.field}`;
		const kinds: Kind[] = [];
		if (rule.required) kinds.push('required');
		if (rule.length) kinds.push('length');
		if (rule.range) kinds.push('range');
		if (rule.pattern) kinds.push('pattern');
		if (rule.type === 'enum' || rule.entries === 'enum') kinds.push('values');
		if (rule.type === 'uuid' || rule.entries === 'uuid') kinds.push('uuid');
		if (rule.minItems) kinds.push('minItems');
		const own = kinds.map((kind) => ({ operation, field, kind, rule, table }));
		return [...own, ...refusalsOf(operation, rule.rows ?? [], table, `${field}[].`)];
	});
}

/** Leaves the field out of the request. */
const MISSING = Symbol('missing');

/** Values that break the refusal's rule; the API refuses each when it makes the refusal. */
function breakingValues({ kind, rule }: Pick<Refusal, 'kind' | 'rule'>): unknown[] {
	const listed = (value: string) => (rule.entries ? [value] : value);
	switch (kind) {
		case 'required':
			return [MISSING];
		case 'length': {
			const { min, max, exact } = rule.length ?? {};
			const longest = max ?? exact;
			const shortest = min ?? exact;
			return [
				...(longest === undefined ? [] : ['a'.repeat(longest + 1)]),
				...(shortest === undefined || shortest === 0 ? [] : ['a'.repeat(shortest - 1)]),
			];
		}
		case 'range': {
			const { min, max } = rule.range ?? {};
			return [...(min === undefined ? [] : [min - 1]), ...(max === undefined ? [] : [max + 1])];
		}
		case 'pattern':
			return ['x y'];
		case 'values':
			return [listed('not-one-of-them')];
		case 'uuid':
			return [listed('not-a-uuid')];
		case 'minItems':
			return [[]];
	}
}

/** `value` placed at the field's path (`a.b` nests an object, `a[].b` a list of one object); its issue path. */
function placed(
	field: string,
	value: unknown,
): { request: Record<string, unknown>; at: unknown[] } {
	const request: Record<string, unknown> = {};
	const at: unknown[] = [];
	let node = request;
	const keys = field.split('.');
	keys.forEach((segment, index) => {
		const key = segment.replace(/\[\]$/, '');
		at.push(key);
		if (index === keys.length - 1) {
			if (value !== MISSING) node[key] = value;
			return;
		}
		const child: Record<string, unknown> = {};
		if (segment.endsWith('[]')) {
			node[key] = [child];
			at.push(0);
		} else node[key] = child;
		node = child;
	});
	return { request, at };
}

/** The request fields that make a conditional rule apply: for `when`, a value of the field it names that starts so. */
function conditionOf(rule: FieldRule, table: FieldRule[]): Record<string, unknown> {
	if (!rule.when) return {};
	const { parameter, startsWith } = rule.when;
	const named = table.find((row) => row.parameter === parameter);
	const value = named?.values?.find((candidate) => candidate.startsWith(startsWith));
	if (!named || value === undefined)
		throw new Error(`no value of ${parameter} starts with ${startsWith}`);
	return { [named.field]: value };
}

/** Whether the API, as the sandbox states it, refuses every value that breaks the rule, at the rule's field. */
function madeByTheApi(refusal: Pick<Refusal, 'operation' | 'field' | 'kind' | 'rule' | 'table'>) {
	const { schema, query } = REQUESTS[refusal.operation];
	const values = breakingValues(refusal);
	return (
		values.length > 0 &&
		values.every((value) => {
			const sent = query && typeof value === 'number' ? String(value) : value;
			const { request, at } = placed(refusal.field, sent);
			const result = schema.safeParse({ ...conditionOf(refusal.rule, refusal.table), ...request });
			return (
				!result.success &&
				result.error.issues.some((issue) => at.every((key, index) => issue.path[index] === key))
			);
		})
	);
}

/** The chosen-defaults table: its rows' operation, field and refusal kind. */
const LISTED = TABLE.split('\n')
	.filter((line) => /^\| `[a-zA-Z]+\.[a-zA-Z]+` \|/.test(line))
	.map((line) => {
		const [operation, field, kind] = line
			.split('|')
			.slice(1, 4)
			.map((cell) => cell.trim().replace(/`/g, ''));
		return `${operation} ${field} ${kind}`;
	});

const REFUSALS = Object.entries(operationRules()).flatMap(([operation, rules]) =>
	refusalsOf(operation, rules),
);
const key = ({ operation, field, kind }: Refusal) => `${operation} ${field} ${kind}`;
/** A row marked `chosen` is a chosen default in what it requires; its other refusals are judged like any other. */
const isChosen = ({ rule, kind }: Refusal) =>
	rule.chosen !== undefined && (kind === 'required' || kind === 'minItems');
const UNSTATED = REFUSALS.filter((refusal) => isChosen(refusal) || !madeByTheApi(refusal));

describe('only the API refuses, or the chosen-defaults table says why', () => {
	it('finds the refusals of the rule tables, and most are the API’s', () => {
		expect(REFUSALS.length).toBeGreaterThan(50);
		expect(REFUSALS.length - UNSTATED.length).toBeGreaterThan(40);
		expect(LISTED.length).toBeGreaterThan(0);
	});

	it('knows the request schema of every operation that refuses', () => {
		const operations = new Set(REFUSALS.map((refusal) => refusal.operation));
		expect([...operations].filter((operation) => !(operation in REQUESTS))).toEqual([]);
	});

	it('a refusal stricter than the API’s, or of a field the API does not rule, is not the API’s', () => {
		const street = REFUSALS.find((r) => key(r) === 'submerchantAddress.create street length');
		expect(street && madeByTheApi(street)).toBe(true);
		const stricter = { ...street!, rule: { ...street!.rule, length: { min: 1, max: 10 } } };
		expect(madeByTheApi(stricter)).toBe(false);
		const unruled = { ...street!, field: 'complement', kind: 'required' as const };
		expect(madeByTheApi(unruled)).toBe(false);
	});

	it.each(REFUSALS.map((refusal) => [key(refusal), refusal] as const))(
		'%s: made by the API or listed',
		(_key, refusal) => {
			if (UNSTATED.includes(refusal)) expect(LISTED).toContain(key(refusal));
		},
	);

	it('every row of the table is a refusal the node makes and the API does not', () => {
		expect(LISTED.filter((row) => !UNSTATED.map(key).includes(row))).toEqual([]);
	});

	it('a rule marked chosen is listed', () => {
		const chosen = REFUSALS.filter(isChosen);
		expect(chosen.length).toBeGreaterThan(0);
		for (const refusal of chosen) expect(LISTED).toContain(key(refusal));
	});
});
