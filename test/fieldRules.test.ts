/**
 * The rule engine on its own (fields/fieldRules.ts, fields/dates.ts): conversions, refusals, the one date rule; and
 * the declarations (fields/fields.ts): the limit text the descriptions get from the same rules.
 */
import type { INode, INodeProperties } from 'n8n-workflow';
import type { FieldRule } from '../nodes/PaymentPlatform/fields/fieldRules';
import { limitText, InputValidator } from '../nodes/PaymentPlatform/fields/fieldRules';
import { convertValues } from '../nodes/PaymentPlatform/fields/convertFields';
import { clearableFields } from '../nodes/PaymentPlatform/fields/clearedFields';
import { declareFields } from '../nodes/PaymentPlatform/fields/fields';
import { PATTERNS } from '../nodes/PaymentPlatform/documentedValues';
import { toUtcDateTime } from '../nodes/PaymentPlatform/fields/dates';
import * as addressCreate from '../nodes/PaymentPlatform/actions/submerchantAddress/create.operation';

const node = { name: 'Payment Platform' } as INode;
/** Integers from 2^53 on arrive already rounded: refused, never sent. */
const SAFE =
	'must be an integer from -9007199254740991 to 9007199254740991: larger ones cannot be read without rounding (give a larger value as text where the field is text) [item 3]';
const one = (rule: Omit<FieldRule, 'parameter' | 'field'>, value: unknown, timeZone = 'UTC') =>
	convertValues(
		[{ parameter: 'v', field: 'v', ...rule }],
		{ v: value },
		new InputValidator(node, 3),
		timeZone,
	).v;
const refusal = (rule: Omit<FieldRule, 'parameter' | 'field'>, value: unknown) => {
	try {
		one(rule, value);
	} catch (error) {
		return (error as Error).message;
	}
	return undefined;
};

describe('conversions where nothing is lost', () => {
	it.each<[string, Omit<FieldRule, 'parameter' | 'field'>, unknown, unknown]>([
		['a number in a string field becomes its decimal text', { type: 'string' }, 1310100, '1310100'],
		['a fraction keeps its digits', { type: 'string' }, 12.5, '12.5'],
		['text is trimmed', { type: 'string' }, '  Rua  ', 'Rua'],
		['"TRUE" is true', { type: 'boolean' }, 'TRUE', true],
		['" false " is false', { type: 'boolean' }, ' false ', false],
		['numeric text is an integer', { type: 'cents' }, '150', 150],
		['numeric text with decimals is a number', { type: 'number' }, '150.50', 150.5],
		['JSON text is an object', { type: 'object' }, '{"a": 1}', { a: 1 }],
		['a comma list is an array', { type: 'array' }, 'a, b,,c', ['a', 'b', 'c']],
		['a JSON array text is an array', { type: 'array' }, '["a", 2]', ['a', '2']],
		['exponent text is a number', { type: 'integer' }, '1e3', 1000],
		['a plus sign on whole cents is read', { type: 'cents' }, ' +5 ', 5],
		['a decimal point that can only be one is read', { type: 'integer' }, '2.0', 2],
		['a plus sign is read', { type: 'integer' }, '+5', 5],
		['the largest exact integer is kept', { type: 'cents' }, '9007199254740991', 9007199254740991],
		['a small fraction into text is plain decimal', { type: 'string' }, 1e-7, '0.0000001'],
		['a negative fraction into text', { type: 'string' }, -1.5e-10, '-0.00000000015'],
		[
			'a large exact integer into text keeps its digits',
			{ type: 'string' },
			123456789012345,
			'123456789012345',
		],
		['any currency code is text', { type: 'string' }, 'USD', 'USD'],
		[
			'an address without a dot in its domain',
			{ type: 'string', pattern: { regex: PATTERNS.email, rule: 'e' } },
			'ops@localhost',
			'ops@localhost',
		],
	])('%s', (_label, rule, given, sent) => {
		expect(one(rule, given)).toEqual(sent);
	});

	it.each([[''], ['   '], [null], [undefined], [[]], [{}]])('%j is left out', (empty) => {
		expect(one({ type: 'string' }, empty)).toBeUndefined();
		expect(one({ type: 'array' }, empty)).toBeUndefined();
		expect(one({ type: 'object' }, empty)).toBeUndefined();
	});

	it('an empty JSON object or array text is left out', () => {
		expect(one({ type: 'object' }, '{}')).toBeUndefined();
		expect(one({ type: 'object' }, ' { } ')).toBeUndefined();
		expect(one({ type: 'array' }, '[]')).toBeUndefined();
	});

	it('a Date is not an empty object', () => {
		expect(one({ type: 'dateTime' }, new Date('2025-03-01T12:00:00Z'))).toBe(
			'2025-03-01T12:00:00.000Z',
		);
	});
});

describe('refusals name field, rule and item', () => {
	it.each<[Omit<FieldRule, 'parameter' | 'field'>, unknown, string]>([
		[{ type: 'string' }, true, 'v must be text [item 3]'],
		[{ type: 'string' }, { a: 1 }, 'v must be text [item 3]'],
		[{ type: 'boolean' }, 'yes', 'v must be true or false [item 3]'],
		[
			{ type: 'cents' },
			'12.5',
			'v must be whole cents: "12.5" could be R$ 12,50 = 1250 cents [item 3]',
		],
		[
			{ type: 'cents' },
			'99.00',
			'v must be whole cents: "99.00" could be 99 cents or R$ 99,00 = 9900 cents [item 3]',
		],
		[
			{ type: 'cents' },
			'1.000',
			'v must be whole cents: "1.000" could be 1 cent or 1000 cents [item 3]',
		],
		[
			{ type: 'cents' },
			'99,00',
			'v must be whole cents: "99,00" could be 99 cents or R$ 99,00 = 9900 cents [item 3]',
		],
		[
			{ type: 'cents' },
			'1,000',
			'v must be whole cents: "1,000" could be 1 cent or 1000 cents [item 3]',
		],
		[
			{ type: 'cents' },
			'1.234,56',
			'v must be whole cents: "1.234,56" could be R$ 1.234,56 = 123456 cents [item 3]',
		],
		[
			{ type: 'cents' },
			99.5,
			'v must be whole cents: 99.5 could be R$ 99,50 = 9950 cents or 99.5 cents, which is not a whole number of cents [item 3]',
		],
		[
			{ type: 'cents' },
			'1e3',
			'v must be whole cents, an integer such as 9900 for R$ 99,00 [item 3]',
		],
		[
			{ type: 'cents' },
			'0x',
			'v must be whole cents, an integer such as 9900 for R$ 99,00 [item 3]',
		],
		[
			{ type: 'cents' },
			'Infinity',
			'v must be whole cents, an integer such as 9900 for R$ 99,00 [item 3]',
		],
		[
			{ type: 'integer' },
			'1.000',
			'v must be an integer without a thousands separator: "1.000" could be 1 or 1000 [item 3]',
		],
		[
			{ type: 'number' },
			'1,500',
			'v must be a number without a thousands separator: "1,500" could be 1.5 or 1500 [item 3]',
		],
		[{ type: 'cents' }, '9007199254740992', `v ${SAFE}`],
		[{ type: 'integer' }, 2 ** 53, `v ${SAFE}`],
		[{ type: 'number' }, '1e21', `v ${SAFE}`],
		[{ type: 'string' }, 1e20, `v ${SAFE}`],
		[
			{ type: 'string', pattern: { regex: PATTERNS.email, rule: 'must be an e-mail address' } },
			'a b@c',
			'v must be an e-mail address [item 3]',
		],
		[{ type: 'object', required: true }, '{}', 'v is required [item 3]'],
		[
			{ type: 'integer', range: { min: 1, max: 12 } },
			13,
			'v must be an integer from 1 to 12 [item 3]',
		],
		[{ type: 'string', length: { exact: 2 } }, 'SPX', 'v must be exactly 2 characters [item 3]'],
		[{ type: 'enum', values: ['a', 'b'] }, 'c', 'v must be one of: a, b [item 3]'],
		[{ type: 'uuid' }, 'abc', 'v must be a UUID [item 3]'],
		[{ type: 'string', required: true }, ' ', 'v is required [item 3]'],
		[
			{ type: 'array', required: true, minItems: 1 },
			' , ',
			'v must contain at least one entry [item 3]',
		],
		[{ type: 'dateTime' }, '2025-02-30', 'v must be an ISO 8601 date or date-time [item 3]'],
		[{ type: 'integer' }, '0x10', 'v must be an integer [item 3]'],
		[{ type: 'integer' }, '0b11', 'v must be an integer [item 3]'],
		[
			{ type: 'string', code: true },
			123,
			'v must be text: a number cannot keep leading zeros (0123 arrives as 123). Give the value as text, e.g. from a text column [item 3]',
		],
	])('%j with %j', (rule, given, message) => {
		expect(refusal(rule, given)).toBe(message);
	});
});

describe('one date rule for every date field', () => {
	it.each<[unknown, string]>([
		['2025-03-01T00:00:00', '2025-03-01T03:00:00.000Z'],
		['2025-03-01', '2025-03-01T03:00:00.000Z'],
		['2025-03-01T00:00:00Z', '2025-03-01T00:00:00.000Z'],
		['2025-03-01T00:00:00-05:00', '2025-03-01T05:00:00.000Z'],
		[new Date('2025-03-01T12:00:00Z'), '2025-03-01T12:00:00.000Z'],
	])('%j in America/Sao_Paulo → %s', (given, sent) => {
		expect(toUtcDateTime(given, 'America/Sao_Paulo')).toBe(sent);
	});

	it('refuses what is not a date', () => {
		expect(toUtcDateTime('yesterday', 'UTC')).toBeUndefined();
		expect(toUtcDateTime(42, 'UTC')).toBeUndefined();
	});
});

describe('limit text comes from the declarations', () => {
	it('the rule says its limit once, and the description carries it', () => {
		const street = addressCreate.fields.rules.find((rule) => rule.field === 'street') as FieldRule;
		expect(limitText(street)).toBe('1 to 255 characters');
		const property = addressCreate.description.find((p) => p.name === 'street');
		expect(property?.description).toBe('Street name (1 to 255 characters)');
	});

	it('reaches options of collections', () => {
		const { properties, rules } = declareFields([
			{
				displayName: 'Extra',
				name: 'extra',
				type: 'collection',
				default: {},
				options: [
					{
						displayName: 'Code',
						name: 'code',
						type: 'string',
						default: '',
						description: 'A code',
						api: { field: 'code', type: 'string', length: { max: 4 } },
					},
				],
			},
		]);
		expect((properties[0].options as INodeProperties[])[0]).toEqual({
			displayName: 'Code',
			name: 'code',
			type: 'string',
			default: '',
			description: 'A code (at most 4 characters)',
		});
		expect(rules).toEqual([
			{ parameter: 'extra.code', field: 'code', type: 'string', length: { max: 4 }, default: '' },
		]);
	});

	it('only fields the reference lets be empty can be cleared', () => {
		expect(
			clearableFields([
				{ parameter: 'a', field: 'a', type: 'string', length: { max: 5 } },
				{ parameter: 'b', field: 'b', type: 'string', length: { min: 3, max: 5 } },
				{ parameter: 'c', field: 'c', type: 'string', pattern: { regex: /^\d$/, rule: 'x' } },
				{ parameter: 'd', field: 'd', type: 'array' },
				{ parameter: 'e', field: 'e', type: 'boolean' },
			]).map((rule) => rule.field),
		).toEqual(['a', 'd']);
	});
});
