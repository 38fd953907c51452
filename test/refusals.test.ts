/**
 * Only the reference refuses. Every refusal of every rule table (required, length, range, pattern, allowed values,
 * UUID, entry count) must either be stated by the API reference, next to the field it is about, or be listed with its
 * reason in the chosen-defaults table of docs/chosen-defaults.md. A row of that table that no longer matches a refusal
 * fails too, so the table never lists a refusal the node does not make.
 */
import type { FieldRule } from '../nodes/PaymentPlatform/fields/fieldRules';
import { operationRules } from './harness/registry';
import { chosenDefaultsPage, referenceCopy, sharedReference } from './harness/reference';

const REFERENCE = referenceCopy();
const TABLE = chosenDefaultsPage();

type Kind = 'required' | 'length' | 'range' | 'pattern' | 'values' | 'uuid' | 'minItems';

interface Refusal {
	operation: string;
	field: string;
	kind: Kind;
	rule: FieldRule;
}

/** The query names the reference describes by meaning: the words it uses for each. */
const MEANING: Record<string, string> = {
	status: 'status',
	payment_method: 'payment method',
	start_date: 'start date',
	end_date: 'end date',
	search: 'search',
	min_amount: 'minimum amount',
	max_amount: 'maximum amount',
	installments: 'installments',
	amount: 'amount',
};

/** The reference cut into statements: table rows whole, other lines at each "; ". */
const STATEMENTS = REFERENCE.split('\n').flatMap((line) =>
	line.trimStart().startsWith('|') ? [line] : line.split('; '),
);

function refusalsOf(operation: string, rules: FieldRule[], prefix = ''): Refusal[] {
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
		const own = kinds.map((kind) => ({ operation, field, kind, rule }));
		return [...own, ...refusalsOf(operation, rule.rows ?? [], `${field}[].`)];
	});
}

/** Whether the reference states this refusal in a statement about the field. */
function stated({ field, kind, rule }: Refusal): boolean {
	const name =
		field
			.split(/[.[\]]+/)
			.filter(Boolean)
			.pop() ?? field;
	const term = MEANING[name] ?? name;
	const about = STATEMENTS.filter((statement) =>
		new RegExp(`(^|[^a-z_])${term.replace(/ /g, '[ _]')}([^a-z_]|$)`, 'i').test(statement),
	);
	const numbers = (values: Array<number | undefined>) =>
		about.some((statement) =>
			values
				.filter((value): value is number => value !== undefined)
				.every((value) => new RegExp(`(^|[^\\d])${value}([^\\d]|$)`).test(statement)),
		);
	switch (kind) {
		case 'required':
			return about.some((statement) => /\| yes \||required/i.test(statement));
		case 'length':
			return numbers([rule.length?.min, rule.length?.max, rule.length?.exact]);
		case 'range':
			return numbers([rule.range?.min, rule.range?.max]);
		case 'pattern': {
			const lastWord = (rule.pattern?.rule ?? '').split(' ').pop() ?? '';
			return about.some(
				(statement) => statement.includes('pattern') || statement.includes(lastWord),
			);
		}
		case 'values':
			return (rule.values ?? []).every((value) => REFERENCE.includes(`\`${value}\``));
		case 'uuid':
			// "Identifiers (`id` and every `*_id` field) are UUID strings."
			return name === 'id' || name.endsWith('_id') || about.some((s) => /uuid/i.test(s));
		case 'minItems':
			return about.some((statement) => /at least/i.test(statement));
	}
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
const UNSTATED = REFUSALS.filter((refusal) => isChosen(refusal) || !stated(refusal));

describe('only the reference refuses, or the chosen-defaults table says why', () => {
	it('finds the refusals of the rule tables', () => {
		expect(REFUSALS.length).toBeGreaterThan(50);
		expect(LISTED.length).toBeGreaterThan(0);
	});

	it.each(REFUSALS.map((refusal) => [key(refusal), refusal] as const))(
		'%s: stated by the reference or listed',
		(_key, refusal) => {
			if (UNSTATED.includes(refusal)) expect(LISTED).toContain(key(refusal));
		},
	);

	it('every row of the table is a refusal the node makes and the reference does not state', () => {
		expect(LISTED.filter((row) => !UNSTATED.map(key).includes(row))).toEqual([]);
	});

	it('the copy of the reference is the shared reference, where one is reachable', () => {
		const shared = sharedReference();
		if (shared !== undefined) expect(REFERENCE).toBe(shared);
	});

	it('a rule marked chosen is listed', () => {
		const chosen = REFUSALS.filter(isChosen);
		expect(chosen.length).toBeGreaterThan(0);
		for (const refusal of chosen) expect(LISTED).toContain(key(refusal));
	});
});
