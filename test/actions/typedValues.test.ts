/**
 * Every row of every operation's rule table, run through n8n against the sandbox with what an expression can hand
 * over: a number for each string field, "true" for each boolean, numeric text for each integer, and "" for each
 * optional field. The request the sandbox received must carry the reference's type, and no empty optional value.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { FieldRule } from '../../nodes/PaymentPlatform/fields/fieldRules';
import { operationRules } from '../harness/registry';
import { BASE, onlyRequest, runOk, useSandbox, withParameter } from '../harness/actions';
import { expr } from '../harness/parameters';

const OPERATION_RULES = operationRules();
const api = useSandbox({}, { resetBeforeEach: true });

/**
 * Rows not probed with a number, and why: the sandbox records the card number and CVV masked; a file name needs an
 * extension and a MIME type an accepted format (rule 2 of documents), which no number has; the sandbox takes only
 * the currency the reference shows (BRL), while the node sends any code as given.
 */
const NOT_AS_NUMBER = new Set([
	'currency',
	'payment_details.number',
	'payment_details.cvv',
	'payment_details.token',
	'file_name',
	'mime_type',
]);

function valueAt(sent: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((node, key) => (node as IDataObject | undefined)?.[key], sent);
}

/** A number whose decimal text passes the row's length (and pattern) rules, or undefined when none does. */
function numberFor(rule: FieldRule): number | undefined {
	const { min, max, exact } = rule.length ?? {};
	const digits = exact ?? Math.min(Math.max(min ?? 1, 4), max ?? 4);
	const value = Number('5'.repeat(digits - 1) + '1');
	if (rule.pattern && !rule.pattern.regex.test(String(value))) return undefined;
	return value;
}

interface Probe {
	operation: string;
	rule: FieldRule;
	/** The parameter value an expression hands over, and the parameters it goes in. */
	parameters: INodeParameters;
	/** What the request must carry at the field: `undefined` for "left out". */
	expected: unknown;
	label: string;
}

const probes: Probe[] = [];
for (const [operation, table] of Object.entries(OPERATION_RULES)) {
	const [resource, name] = operation.split('.');
	const base = { resource, operation: name, ...BASE[operation] };
	for (const rule of table) {
		if (rule.type === 'rows') continue; // their rows are probed below
		const add = (given: unknown, expected: unknown, what: string) =>
			probes.push({
				operation,
				rule,
				parameters: withParameter(base, rule.parameter, expr(given)),
				expected,
				label: `${operation} ${rule.field}: ${what}`,
			});
		// A code (tax id, ZIP code) is refused from a number: test/actions/typedInputs.test.ts.
		if (rule.type === 'string' && !rule.code && !NOT_AS_NUMBER.has(rule.field)) {
			const number = numberFor(rule);
			if (number !== undefined) add(number, String(number), `the number ${number} is sent as text`);
		}
		if (rule.type === 'boolean') add('true', true, '"true" is sent as a boolean');
		if (rule.type === 'cents' || rule.type === 'integer') add('7', 7, '"7" is sent as an integer');
		// A conditional rule (`when`) is not read at all where its condition does not hold, as in BASE.
		if (!rule.required || rule.when) add('', undefined, '"" is left out');
	}
}
// n8n fills a row's cells left unset with their defaults: empty for a charge's item and split cells (not sent), is
// primary false for a CNAE.
// The rows of Charge → Create's items and split and Submerchant → Update's cnaes: a typed cell in one row.
// prettier-ignore
const ROW_PROBES: Array<
	[operation: string, parameter: string, row: IDataObject, path: string, expected: unknown]
> = [
	['charge.create', 'items.item', { name: expr(1234), quantity: expr('2') }, 'items', [{ name: '1234', quantity: 2 }]],
	['charge.create', 'items.item', { name: 'A', tangible: expr('false') }, 'items', [{ name: 'A', tangible: false }]],
	['charge.create', 'split.recipient', { amount: expr('100'), cross_company: expr('true') }, 'split', [{ amount: 100, cross_company: true }]],
	['submerchant.update', 'updateFields.cnaes.cnae', { code: expr(4711), isPrimary: expr('true') }, 'cnaes', [{ code: '4711', is_primary: true }]],
	// Every cell empty or at the default n8n fills in (is primary false): a blank row, not sent, since the list sent
	// would replace the submerchant's CNAEs with `[{"is_primary": false}]`.
	['submerchant.update', 'updateFields.cnaes.cnae', { code: '', description: expr('') }, 'cnaes', undefined],
];

describe('what an expression hands over reaches the API typed as the reference says', () => {
	it('probes every row of every operation (the tables are not empty)', () => {
		expect(Object.keys(OPERATION_RULES).filter((name) => !(name in BASE))).toEqual([]);
		expect(probes.length).toBeGreaterThan(80);
	});

	it.each(probes.map((probe) => [probe.label, probe] as const))('%s', async (_label, probe) => {
		const sandbox = api();
		await runOk(sandbox, probe.parameters);
		const request = onlyRequest(sandbox);
		const sent = request.method === 'GET' ? request.query : request.body;
		const field = probe.rule.field;
		if (probe.expected === undefined) {
			expect(valueAt(sent, field)).toBeUndefined();
		} else if (request.method === 'GET') {
			// A query carries text: the typed value's own text, never "" or a JSON-typed stand-in.
			expect(valueAt(sent, field)).toBe(String(probe.expected));
		} else {
			expect(valueAt(sent, field)).toStrictEqual(probe.expected);
		}
	});

	it.each(ROW_PROBES)('%s %s: a row with %j', async (operation, parameter, row, path, expected) => {
		const sandbox = api();
		const [resource, name] = operation.split('.');
		const base = { resource, operation: name, ...BASE[operation] };
		const last = parameter.split('.').slice(0, -1).join('.');
		const group = parameter.split('.').pop() as string;
		await runOk(sandbox, withParameter(base, last, { [group]: [row] }));
		// An update whose only field was a blank row sends no body at all.
		const body = (onlyRequest(sandbox).body ?? {}) as IDataObject;
		expect(body[path]).toStrictEqual(expected);
	});
});
