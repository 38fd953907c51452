/**
 * Number fields given as text by an expression ("150.50", "2048") are read the same way in every operation
 * (the rule tables' conversion, fields/fieldRules.ts): number text in any form JavaScript reads ("2048", "1e3",
 * "+5") becomes the number sent, except in a cents field, which takes digits only; text with more than one reading
 * ("1.000"), other text, and integers beyond 2^53 - 1 are refused before anything is sent.
 */
import type { INodeParameters } from 'n8n-workflow';
import { runAction } from '../harness';
import { SEED } from '../../sandbox';
import { byId, onlyRequest, useSandbox, type Sandbox } from '../harness/actions';
import { expr } from '../harness/parameters';

const api = useSandbox();

interface NumberField {
	label: string;
	/** The API field named in errors. */
	field: string;
	integer: boolean;
	/** A money amount: whole cents only. */
	cents?: boolean;
	parameters(value: string): INodeParameters;
	/** The value the request carried (query values travel as text). */
	sent(sandbox: Sandbox): unknown;
}

const bodyOf = (sandbox: Sandbox) => onlyRequest(sandbox).body as Record<string, unknown>;

// prettier-ignore
const FIELDS: NumberField[] = [
	{ label: 'Charge → Create amount', field: 'amount', integer: true, cents: true, parameters: (value) => ({ resource: 'charge', operation: 'create', paymentMethod: 'pix', amount: value }), sent: (sandbox) => bodyOf(sandbox).amount },
	{ label: 'Charge → Get Many min amount', field: 'min_amount', integer: true, cents: true, parameters: (value) => ({ resource: 'charge', operation: 'getAll', limit: 1, filters: { minAmount: value } }), sent: (sandbox) => Number(onlyRequest(sandbox).query.min_amount) },
	{ label: 'Submerchant → Update average ticket', field: 'average_ticket', integer: false, parameters: (value) => ({ resource: 'submerchant', operation: 'update', submerchantId: byId(SEED.submerchants.active), updateFields: { averageTicket: value } }), sent: (sandbox) => bodyOf(sandbox).average_ticket },
	{ label: 'Submerchant → Update monthly revenue', field: 'monthly_revenue', integer: false, parameters: (value) => ({ resource: 'submerchant', operation: 'update', submerchantId: byId(SEED.submerchants.active), updateFields: { monthlyRevenue: value } }), sent: (sandbox) => bodyOf(sandbox).monthly_revenue },
	{ label: 'Submerchant Document → Create file size', field: 'file_size', integer: true, parameters: (value) => ({ resource: 'submerchantDocument', operation: 'create', submerchantId: byId(SEED.submerchants.active), documentType: 'cnpj_card', fileUrl: 'https://files.example.com/cnpj.pdf', fileSize: value }), sent: (sandbox) => bodyOf(sandbox).file_size },
	{ label: 'Withdrawal → Get Fee amount', field: 'amount', integer: true, cents: true, parameters: (value) => ({ resource: 'withdrawal', operation: 'getFee', amount: value }), sent: (sandbox) => Number(onlyRequest(sandbox).query.amount) },
];

describe.each(FIELDS)('$label', ({ field, integer, cents, parameters, sent }) => {
	it('numeric text "2048" is sent as the number 2048', async () => {
		const sandbox = api();
		const { error } = await runAction(sandbox, parameters(expr(' 2048 ')));
		expect(error).toBeUndefined();
		expect(sent(sandbox)).toBe(2048);
	});

	it(`"150.50" is ${integer ? 'refused (an integer field)' : 'sent as 150.5'}`, async () => {
		const sandbox = api();
		const { error } = await runAction(sandbox, parameters(expr('150.50')));
		if (integer) {
			expect(error?.message).toContain(
				cents
					? `${field} must be whole cents: "150.50" could be R$ 150,50 = 15050 cents`
					: `${field} must be an integer`,
			);
			expect(sandbox.requests).toHaveLength(0);
		} else {
			expect(error).toBeUndefined();
			expect(sent(sandbox)).toBe(150.5);
		}
	});

	it('"1.000" (1 to JavaScript, one thousand as Brazilians write it) is refused with both readings', async () => {
		const sandbox = api();
		const { error } = await runAction(sandbox, parameters(expr('1.000')));
		expect(error?.message).toContain(
			cents
				? `${field} must be whole cents: "1.000" could be 1 cent or 1000 cents`
				: `${field} must be ${integer ? 'an integer' : 'a number'} without a thousands separator: "1.000" could be 1 or 1000`,
		);
		expect(sandbox.requests).toHaveLength(0);
	});

	it.each(
		cents
			? [['+5', 5]]
			: [
					['1e3', 1000],
					['+5', 5],
				],
	)('number text in any form JavaScript reads exactly (%j) is sent as %j', async (text, number) => {
		const sandbox = api();
		const { error } = await runAction(sandbox, parameters(expr(text)));
		expect(error).toBeUndefined();
		expect(sent(sandbox)).toBe(number);
	});

	it('an integer beyond 2^53 - 1 is refused, never rounded', async () => {
		const sandbox = api();
		const { error } = await runAction(sandbox, parameters(expr('9007199254740993')));
		expect(error?.message).toContain(
			`${field} must be an integer from -9007199254740991 to 9007199254740991`,
		);
		expect(sandbox.requests).toHaveLength(0);
	});

	it.each(cents ? ['12,50', 'R$ 10', '1e3x', '1e3'] : ['12,50', 'R$ 10', '1e3x'])(
		'text that is not a number (%j) is refused before sending',
		async (text) => {
			const sandbox = api();
			const { error } = await runAction(sandbox, parameters(expr(text)));
			expect(error?.message).toMatch(
				new RegExp(`^${field} must be ${cents ? 'whole cents' : 'an? (integer|number)'}`),
			);
			expect(sandbox.requests).toHaveLength(0);
		},
	);
});

it('the Limit of a list operation reads numeric text the same way', async () => {
	const sandbox = api();
	const { output, error } = await runAction(sandbox, {
		resource: 'submerchant',
		operation: 'getAll',
		limit: expr('3'),
	});
	expect(error).toBeUndefined();
	expect(output).toHaveLength(3);
});
