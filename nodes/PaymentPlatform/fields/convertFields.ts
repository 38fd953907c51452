/**
 * The conversion of the parameters to the request, by the rule table (fieldRules.ts): values are converted to the
 * reference's type where that loses nothing (exactNumbers.ts); empty optional values are left out; anything else is
 * refused before any request, naming field, rule and item.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { toUtcDateTime } from './dates';
import {
	REAIS_TO_CENTS_HINT,
	centsReadings,
	couldBe,
	isWholeCentsText,
	thousandsReadings,
} from './amounts';
import {
	type FieldRule,
	InputValidator,
	NUMBER_KINDS,
	atLeast,
	checkText,
	describeRange,
	expected,
	isOutside,
} from './fieldRules';
import {
	SAFE_INTEGER_RULE,
	decimalText,
	isUnsafeInteger,
	jsonObject,
	numberFromText,
} from './exactNumbers';

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

/** A number has no leading zeros: a code (CPF, CEP) read from one may already have lost them. */
const CODE_FROM_NUMBER_RULE =
	'must be text: a number cannot keep leading zeros (0123 arrives as 123). Give the value as text, e.g. from a text column';

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
			checkText(rule, field, text, validate);
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
