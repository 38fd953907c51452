/**
 * The rule engine: one row per API field (the parameter that feeds it, the reference's type, requiredness, limits,
 * pattern, allowed values), from the operation's field declarations. Values are converted to the reference's type
 * where that loses nothing; an integer beyond 2^53 - 1 is refused, never rounded; empty optional values are left
 * out; anything else is refused before any request, naming field, rule and item.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { PATTERNS } from '../documentedValues';
import { type DateBound, toUtcDateTime } from './dates';
import {
	REAIS_TO_CENTS_HINT,
	centsReadings,
	couldBe,
	isWholeCentsText,
	thousandsReadings,
} from './amounts';

/** Values are never echoed back: some (card numbers, CVV) are sensitive. */
export class InputValidator {
	constructor(
		private readonly node: INode,
		private readonly itemIndex: number,
	) {}

	/** `hint` ends the description: how to give the value instead. */
	fail(field: string, rule: string, hint?: string): never {
		const fix = `Fix "${field}" in item ${this.itemIndex}; nothing was sent to the API.`;
		throw new NodeOperationError(this.node, `${field} ${rule} [item ${this.itemIndex}]`, {
			itemIndex: this.itemIndex,
			description: hint ? `${fix} ${hint}` : fix,
		});
	}

	required(field: string, value: unknown): void {
		if (value === undefined || value === null || value === '') this.fail(field, 'is required');
	}
}

type TextType = 'string' | 'uuid' | 'enum';
/** `cents` is an integer (money in cents); `number` allows fractions. */
type NumberType = 'cents' | 'integer' | 'number';
type ApiType = TextType | NumberType | 'boolean' | 'dateTime' | 'array' | 'rows' | 'object';

export interface Length extends Range {
	exact?: number;
}

export interface FieldRule {
	/** A dot path into a collection, or a key of a row for `rows`' sub-tables. */
	parameter: string;
	/** A dot path nests it (`payment_details.number`). */
	field: string;
	type: ApiType;
	/** What the reference requires, or a chosen default (then `chosen` says so). */
	required?: boolean;
	/** Read (and required) only when another parameter's value starts with a text. */
	when?: { parameter: string; startsWith: string };
	length?: Length;
	range?: Range;
	pattern?: { regex: RegExp; rule: string };
	/** Of an `enum`, or of each entry of an `array`. */
	values?: readonly string[];
	entries?: TextType;
	minItems?: number;
	/** Keeps the first of entries equal up to letter case. */
	distinct?: boolean;
	rows?: FieldRule[];
	/** A row whose every cell holds its default (or nothing) is not sent. */
	default?: unknown;
	/** Dropped before the value is checked and sent (a card number's spaces and dashes). */
	remove?: RegExp;
	/** Of a `dateTime`: `end` reads a date alone as the last moment of that day (an end filter, an expiry). */
	bound?: DateBound;
	/** Text whose leading zeros count (a tax id, a ZIP code): a number is refused, never turned into text. */
	code?: boolean;
	/** Why a rule the reference does not state is kept (docs/chosen-defaults.md). */
	chosen?: string;
	/** A list filter the records show: the record field it narrows and how (common.answeredFilters.ts). */
	answered?: { field: string; holds: 'equal' | 'atLeast' | 'atMost' | 'notBefore' | 'notAfter' };
}

function isEmpty(value: unknown): boolean {
	if (value === undefined || value === null) return true;
	if (typeof value === 'string') return value.trim() === '';
	if (Array.isArray(value)) return value.length === 0;
	return isPlainObject(value) && Object.keys(value).length === 0;
}

/** Not a Date, a Luxon DateTime or another class's instance. */
function isPlainObject(value: unknown): value is IDataObject {
	if (value === null || typeof value !== 'object') return false;
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
}

/**
 * Decimal digits only, with an optional sign, fraction and exponent ("150.50", "+5", "1e3"): JavaScript's other forms
 * ("0b11", "0o17", "0x1F", "5.") are not what a person typing a number means, and are refused.
 */
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?$/i;

function numberFromText(value: unknown): unknown {
	if (typeof value !== 'string' || !DECIMAL_TEXT.test(value.trim())) return value;
	const number = Number(value);
	return Number.isFinite(number) ? number : value;
}

/** A number has no leading zeros: a code (CPF, CEP) read from one may already have lost them. */
const CODE_FROM_NUMBER_RULE =
	'must be text: a number cannot keep leading zeros (0123 arrives as 123). Give the value as text, e.g. from a text column';

/** Beyond it, integers arrive already rounded. */
const SAFE_INTEGER_RULE = `must be an integer from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}: larger ones cannot be read without rounding (give a larger value as text where the field is text)`;

function isUnsafeInteger(value: unknown): boolean {
	return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);
}

/** Never in exponent form (1e-7 → "0.0000001"). */
function decimalText(value: number): string {
	const text = String(value);
	const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
	if (!match) return text;
	const [, sign, whole, fraction = '', exponent] = match;
	const digits = whole + fraction;
	const point = whole.length + Number(exponent);
	if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
	if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
	return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

type Range = { min?: number; max?: number };

const NUMBER_KINDS: Partial<Record<ApiType, string>> = {
	cents: 'an integer',
	integer: 'an integer',
	number: 'a number',
};

function isOutside(value: number, { min, max }: Range = {}): boolean {
	return (min !== undefined && value < min) || (max !== undefined && value > max);
}

function describeRange(kind: string, { min, max }: Range = {}): string {
	if (min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`;
	if (min !== undefined) return `${kind} >= ${min}`;
	if (max !== undefined) return `${kind} <= ${max}`;
	return kind;
}

function describeLength({ min, max, exact }: Length): string | undefined {
	if (exact !== undefined) return `exactly ${exact} characters`;
	if (min !== undefined && max !== undefined) return `${min} to ${max} characters`;
	if (min !== undefined) return `at least ${min} characters`;
	if (max !== undefined) return `at most ${max} characters`;
	return undefined;
}

function asText(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number' && Number.isFinite(value)) return decimalText(value);
	return undefined;
}

function asBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
	return text === 'true' ? true : text === 'false' ? false : undefined;
}

function asList(value: unknown, fail: (rule: string) => never): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'string') {
		const text = value.trim();
		if (text.startsWith('[')) {
			try {
				const parsed: unknown = JSON.parse(text);
				if (Array.isArray(parsed)) return parsed;
			} catch {
				// refused below
			}
			fail('must be a comma-separated list or a JSON array');
		}
		return text.split(/[,\n]/);
	}
	return [value];
}

/** `value` = digits × 10^exponent, without leading or trailing zeros: "1.50" and "15e-1" read alike. */
function canonicalNumber(text: string): string {
	const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
	if (!match) return text;
	const [, sign, whole, fraction = '', exponent = '0'] = match;
	let digits = (whole + fraction).replace(/^0+/, '');
	if (digits === '') return '0';
	const trailing = digits.length - digits.replace(/0+$/, '').length;
	digits = digits.slice(0, digits.length - trailing);
	return `${sign}${digits}e${Number(exponent) - fraction.length + trailing}`;
}

/** The first number of the JSON text (outside its strings) that JavaScript cannot hold exactly. */
function inexactNumberIn(json: string): string | undefined {
	const token = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
	let inString = false;
	for (let at = 0; at < json.length; at++) {
		const char = json[at];
		if (inString) {
			if (char === '\\') at++;
			else if (char === '"') inString = false;
			continue;
		}
		if (char === '"') {
			inString = true;
			continue;
		}
		if (char !== '-' && (char < '0' || char > '9')) continue;
		token.lastIndex = at;
		const found = token.exec(json)?.[0];
		if (!found) continue;
		if (canonicalNumber(found) !== canonicalNumber(String(Number(found)))) return found;
		at += found.length - 1;
	}
	return undefined;
}

/** An object from an expression: its numbers were read already, so one beyond 2^53 may already be rounded. */
function unsafeIntegerIn(value: unknown): number | undefined {
	if (isUnsafeInteger(value)) return value as number;
	if (value === null || typeof value !== 'object') return undefined;
	for (const entry of Object.values(value as IDataObject)) {
		const found = unsafeIntegerIn(entry);
		if (found !== undefined) return found;
	}
	return undefined;
}

/** Numbers are kept exactly or refused: JSON.parse would round 9007199254740993 to …992 without a word. */
export function jsonObject(raw: unknown, fail: (rule: string) => never): IDataObject {
	let parsed: unknown = raw;
	if (typeof raw === 'string') {
		try {
			parsed = JSON.parse(raw);
		} catch {
			fail('must be valid JSON');
		}
		const inexact = inexactNumberIn(raw);
		if (inexact !== undefined) {
			fail(
				`must hold numbers JavaScript can keep exactly: ${inexact} would be sent as ${String(Number(inexact))}. Give it as text ("${inexact}")`,
			);
		}
	} else {
		const unsafe = unsafeIntegerIn(raw);
		if (unsafe !== undefined) {
			fail(
				`must hold integers from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}: ${unsafe} may already be rounded. Give it as text`,
			);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		fail('must be a JSON object');
	}
	return parsed as IDataObject;
}

interface Context {
	validate: InputValidator;
	timeZone: string;
}

function convert(rule: FieldRule, field: string, raw: unknown, context: Context): unknown {
	const { validate } = context;
	const fail = (text: string): never => validate.fail(field, text);
	if (isEmpty(raw)) {
		if (rule.required) fail(rule.minItems ? atLeast(rule.minItems) : 'is required');
		return undefined;
	}
	switch (rule.type) {
		case 'string':
		case 'uuid':
		case 'enum': {
			if (rule.code && typeof raw === 'number') return fail(CODE_FROM_NUMBER_RULE);
			if (isUnsafeInteger(raw)) return fail(SAFE_INTEGER_RULE);
			let text = asText(raw);
			if (text === undefined) {
				return fail(rule.type === 'string' ? 'must be text' : `must be ${expected(rule)}`);
			}
			if (rule.remove) text = text.replace(rule.remove, '');
			checkText(rule, field, text, context);
			return text;
		}
		case 'cents':
		case 'integer':
		case 'number': {
			refuseDoubtfulNumber(rule, raw, validate.fail.bind(validate, field));
			const number = numberFromText(raw);
			if (isUnsafeInteger(number)) fail(SAFE_INTEGER_RULE);
			const ok =
				typeof number === 'number' &&
				(rule.type === 'number' ? Number.isFinite(number) : Number.isInteger(number));
			if (!ok || isOutside(number, rule.range)) {
				fail(`must be ${describeRange(NUMBER_KINDS[rule.type] as string, rule.range)}`);
			}
			return number;
		}
		case 'boolean': {
			const flag = asBoolean(raw);
			if (flag === undefined) fail('must be true or false');
			return flag;
		}
		case 'dateTime': {
			const iso = toUtcDateTime(raw, context.timeZone, rule.bound);
			if (iso === undefined) fail('must be an ISO 8601 date or date-time');
			return iso;
		}
		case 'object': {
			const object = jsonObject(raw, fail);
			if (Object.keys(object).length > 0) return object;
			if (rule.required) fail('is required');
			return undefined;
		}
		case 'array': {
			const seen = new Set<string>();
			const list: string[] = [];
			asList(raw, fail).forEach((entry, index) => {
				if (isEmpty(entry)) return;
				const entryRule: FieldRule = {
					parameter: rule.parameter,
					field: `${field}[${index}]`,
					type: rule.entries ?? 'string',
					values: rule.values,
				};
				const text = convert(entryRule, entryRule.field, entry, context) as string;
				const key = text.toLowerCase();
				if (rule.distinct && seen.has(key)) return;
				seen.add(key);
				list.push(text);
			});
			return checkCount(rule, field, list, context);
		}
		case 'rows': {
			const table = rule.rows ?? [];
			const rows = (Array.isArray(raw) ? raw : [raw]) as Array<IDataObject | null | undefined>;
			const list = rows
				.map((row, index) =>
					isBlankRow(table, row)
						? {}
						: convertTable(table, (name) => row?.[name], context, `${field}[${index}].`),
				)
				.filter((row) => Object.keys(row).length > 0);
			return checkCount(rule, field, list, context);
		}
	}
}

/**
 * In a cents field anything but whole cents, showing what it could be; in any other number field text grouped by
 * threes ("1.000": 1 or 1000).
 */
function refuseDoubtfulNumber(
	rule: FieldRule,
	raw: unknown,
	fail: (rule: string, hint?: string) => never,
): void {
	if (rule.type === 'cents') {
		const whole =
			typeof raw === 'number'
				? !Number.isFinite(raw) || Number.isInteger(raw)
				: isWholeCentsText(String(raw));
		if (whole) return;
		// A number typed in the editor (99.9) has two readings too: a price in reais, or cents with a fraction.
		const readings =
			typeof raw === 'number'
				? [...centsReadings(raw), `${raw} cents, which is not a whole number of cents`]
				: typeof raw === 'string'
					? centsReadings(raw)
					: [];
		const shown = typeof raw === 'string' ? JSON.stringify(raw.trim()) : String(raw);
		fail(
			readings.length > 0
				? `must be whole cents: ${shown} ${couldBe(readings)}`
				: 'must be whole cents, an integer such as 9900 for R$ 99,00',
			REAIS_TO_CENTS_HINT,
		);
	}
	const readings = typeof raw === 'string' ? thousandsReadings(raw) : undefined;
	if (readings) {
		fail(
			`must be ${NUMBER_KINDS[rule.type]} without a thousands separator: ${JSON.stringify(String(raw).trim())} ${couldBe(readings)}`,
		);
	}
}

/**
 * A row left as the editor filled it in (n8n gives every cell its default) would send only defaults, and a list sent
 * replaces the record's list.
 */
function isBlankRow(table: FieldRule[], row: IDataObject | null | undefined): boolean {
	return table.every((cell) => {
		const value = row?.[cell.parameter];
		return isEmpty(value) || value === cell.default;
	});
}

function checkCount<T>(
	rule: FieldRule,
	field: string,
	list: T[],
	context: Context,
): T[] | undefined {
	if (list.length === 0 && !rule.required) return undefined;
	if (list.length === 0 || list.length < (rule.minItems ?? 0)) {
		context.validate.fail(field, rule.minItems ? atLeast(rule.minItems) : 'is required');
	}
	return list;
}

/** As the descriptions and the refusals say it. */
export function limitText(rule: FieldRule): string | undefined {
	if (rule.length) return describeLength(rule.length);
	if (rule.pattern) return rule.pattern.rule.replace(/^must be /, '');
	const kind = NUMBER_KINDS[rule.type];
	if (rule.range && kind) return describeRange(kind, rule.range);
	if (rule.minItems) return atLeast(rule.minItems).replace(/^must /, '');
	return undefined;
}

function atLeast(count: number): string {
	return count === 1 ? 'must contain at least one entry' : `must contain at least ${count} entries`;
}

function expected(rule: FieldRule): string {
	if (rule.type === 'uuid') return 'a UUID';
	return `one of: ${(rule.values ?? []).join(', ')}`;
}

function checkText(rule: FieldRule, field: string, text: string, { validate }: Context): void {
	if (rule.type === 'uuid' && !PATTERNS.uuid.test(text)) validate.fail(field, 'must be a UUID');
	if (rule.type === 'enum' && !(rule.values ?? []).includes(text)) {
		validate.fail(field, `must be ${expected(rule)}`);
	}
	if (rule.length) {
		// Unicode code points, as JSON Schema's maxLength counts and the sandbox does (sandbox/api/rules.js).
		const count = Array.from(text).length;
		if (count !== (rule.length.exact ?? count) || isOutside(count, rule.length)) {
			validate.fail(field, `must be ${describeLength(rule.length)}`);
		}
	}
	if (rule.pattern && !rule.pattern.regex.test(text)) validate.fail(field, rule.pattern.rule);
}

function setPath(target: IDataObject, path: string, value: unknown): void {
	const keys = path.split('.');
	let node = target;
	for (const key of keys.slice(0, -1)) {
		if (node[key] === undefined) node[key] = {};
		node = node[key] as IDataObject;
	}
	node[keys[keys.length - 1]] = value as IDataObject[string];
}

function convertTable(
	table: FieldRule[],
	read: (parameter: string) => unknown,
	context: Context,
	prefix = '',
): IDataObject {
	const result: IDataObject = {};
	for (const rule of table) {
		if (rule.when && !String(read(rule.when.parameter) ?? '').startsWith(rule.when.startsWith)) {
			continue;
		}
		const value = convert(rule, `${prefix}${rule.field}`, read(rule.parameter), context);
		if (value !== undefined) setPath(result, rule.field, value);
	}
	return result;
}

/** A parameter the editor hides reads as not given. */
export function buildRequest(this: IExecuteFunctions, i: number, table: FieldRule[]): IDataObject {
	const context: Context = {
		validate: new InputValidator(this.getNode(), i),
		timeZone: this.getTimezone(),
	};
	const read = (parameter: string) =>
		this.getNodeParameter(parameter, i, '', { extractValue: true }) as unknown;
	return convertTable(table, read, context);
}

export function convertValues(
	table: FieldRule[],
	parameters: Record<string, unknown>,
	validate: InputValidator,
	timeZone = 'UTC',
): IDataObject {
	return convertTable(table, (name) => parameters[name], { validate, timeZone });
}

export const CLEAR_PARAMETER = 'fieldsToClear';

/**
 * What the reference lets take the empty value: text without a minimum or pattern (""), lists without a minimum
 * count ([]).
 */
export function clearableFields(table: FieldRule[]): FieldRule[] {
	return table.filter(
		(rule) =>
			(rule.type === 'string' &&
				!rule.pattern &&
				rule.length?.min === undefined &&
				rule.length?.exact === undefined) ||
			((rule.type === 'array' || rule.type === 'rows') && !rule.minItems),
	);
}

export function withClearedFields(
	this: IExecuteFunctions,
	i: number,
	table: FieldRule[],
	values: IDataObject,
): IDataObject {
	const chosen = this.getNodeParameter(CLEAR_PARAMETER, i, []) as unknown;
	const names = new Set((Array.isArray(chosen) ? chosen : [chosen]).map(String));
	const validate = new InputValidator(this.getNode(), i);
	const result = { ...values };
	for (const rule of clearableFields(table)) {
		if (!names.has(rule.field)) continue;
		if (result[rule.field] !== undefined) {
			validate.fail(rule.field, 'cannot be both given and cleared');
		}
		result[rule.field] = rule.type === 'string' ? '' : [];
	}
	return result;
}
