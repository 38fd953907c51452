/**
 * Rule helpers shared by the routes. Each failed rule becomes `{field, rule, message}`, where the message names the
 * field and the rule in English (`zip_code must be 8 to 10 characters`). One issue per field: the first rule a field
 * breaks is the one reported.
 */
import { PATTERNS } from '../nodes/PaymentPlatform/shared/apiValues';
import { invalid, ValidationError, type ValidationIssue } from './errors';
import type { Json } from './types';

/** Rule names used in `details[].rule`. */
export const RULES = {
	required: 'required',
	string: 'string',
	integer: 'integer',
	number: 'number',
	boolean: 'boolean',
	object: 'object',
	array: 'array',
	length: 'length',
	enum: 'enum',
	pattern: 'pattern',
	date: 'date',
	uuid: 'uuid',
	url: 'url',
	iso8601: 'iso8601',
	min: 'min',
	max: 'max',
	minItems: 'min_items',
	unique: 'unique',
	unknownField: 'unknown_field',
	immutable: 'immutable',
	format: 'format',
	extension: 'extension',
	forbidden: 'forbidden',
	exists: 'exists',
	status: 'status',
	single: 'single',
	file: 'file',
	image: 'image',
	notEmpty: 'not_empty',
} as const;

export interface LengthLimit {
	readonly min?: number;
	readonly max?: number;
	readonly exact?: number;
}

export function describeLength(limit: LengthLimit): string {
	if (limit.exact !== undefined) return `exactly ${limit.exact} characters`;
	if (limit.min !== undefined && limit.max !== undefined)
		return `${limit.min} to ${limit.max} characters`;
	if (limit.max !== undefined) return `at most ${limit.max} characters`;
	return `at least ${limit.min ?? 0} characters`;
}

/** Length in characters (code points), not UTF-16 units. */
export function charLength(value: string): number {
	return Array.from(value).length;
}

function withinLength(value: string, limit: LengthLimit): boolean {
	const length = charLength(value);
	if (limit.exact !== undefined) return length === limit.exact;
	if (limit.min !== undefined && length < limit.min) return false;
	if (limit.max !== undefined && length > limit.max) return false;
	return true;
}

function describeIntegerRange(min?: number, max?: number): string {
	if (min !== undefined && max !== undefined) return `must be an integer from ${min} to ${max}`;
	if (min === 1) return 'must be an integer greater than 0';
	if (min !== undefined) return `must be an integer greater than or equal to ${min}`;
	if (max !== undefined) return `must be an integer less than or equal to ${max}`;
	return 'must be an integer';
}

export function isPlainObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasOwn(source: object, key: string): boolean {
	return Object.prototype.hasOwnProperty.call(source, key);
}

export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && PATTERNS.uuid.test(value);
}

const ISO_TIMESTAMP =
	/^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
	return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isCalendarDate(year: number, month: number, day: number): boolean {
	return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export interface ParsedTimestamp {
	/** Milliseconds since the epoch (UTC when the value has no offset). */
	ms: number;
	/** True for a bare date (`2025-03-31`), which a range end covers up to the end of that day. */
	dateOnly: boolean;
}

/** Parses an ISO 8601 date or date-time; undefined when the text is not one or names an impossible date. */
export function parseIsoTimestamp(value: string): ParsedTimestamp | undefined {
	const match = ISO_TIMESTAMP.exec(value);
	if (!match) return undefined;
	const [, y, mo, d, h, mi, s, fraction, zone] = match;
	const year = Number(y);
	const month = Number(mo);
	const day = Number(d);
	if (!isCalendarDate(year, month, day)) return undefined;
	const hour = Number(h ?? 0);
	const minute = Number(mi ?? 0);
	const second = Number(s ?? 0);
	if (hour > 23 || minute > 59 || second > 59) return undefined;
	const millis = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
	let ms = Date.UTC(year, month - 1, day, hour, minute, second, millis);
	if (zone && zone !== 'Z') {
		const sign = zone.startsWith('-') ? -1 : 1;
		const digits = zone.slice(1).replace(':', '');
		const offsetHours = Number(digits.slice(0, 2));
		const offsetMinutes = Number(digits.slice(2, 4));
		if (offsetHours > 23 || offsetMinutes > 59) return undefined;
		ms -= sign * (offsetHours * 60 + offsetMinutes) * 60_000;
	}
	return { ms, dateOnly: h === undefined };
}

/** Collects issues; throws one ValidationError carrying all of them. */
export class Issues {
	readonly list: ValidationIssue[] = [];

	add(field: string, rule: string, text: string): void {
		this.list.push({ field, rule, message: `${field} ${text}` });
	}

	has(field: string): boolean {
		return this.list.some((issue) => issue.field === field);
	}

	throwIfAny(): void {
		if (this.list.length > 0) throw new ValidationError(this.list);
	}
}

interface Presence {
	required?: boolean;
}

export interface StringRule extends Presence {
	length?: LengthLimit;
	oneOf?: readonly string[];
	pattern?: RegExp;
	/** Completes "<field> ..." when the pattern fails, e.g. `must be exactly 4 digits`. */
	patternText?: string;
}

/** Rules over a JSON object (a request body or a nested object of it); nested rules share the issue list. */
export class BodyRules {
	constructor(
		readonly source: Json,
		readonly issues: Issues = new Issues(),
		private readonly prefix = '',
	) {}

	path(field: string): string {
		return this.prefix ? `${this.prefix}.${field}` : field;
	}

	present(field: string): boolean {
		return hasOwn(this.source, field) && this.source[field] !== undefined;
	}

	fail(field: string, rule: string, text: string): void {
		this.issues.add(this.path(field), rule, text);
	}

	private value(field: string, presence: Presence): unknown {
		if (this.present(field)) return this.source[field];
		if (presence.required) this.fail(field, RULES.required, 'is required');
		return undefined;
	}

	string(field: string, rule: StringRule = {}): string | undefined {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		if (typeof value !== 'string') {
			this.fail(field, RULES.string, 'must be a string');
			return undefined;
		}
		if (rule.length && !withinLength(value, rule.length)) {
			this.fail(field, RULES.length, `must be ${describeLength(rule.length)}`);
			return undefined;
		}
		if (rule.oneOf && !rule.oneOf.includes(value)) {
			this.fail(field, RULES.enum, `must be one of ${rule.oneOf.join(', ')}`);
			return undefined;
		}
		if (rule.pattern && !rule.pattern.test(value)) {
			this.fail(field, RULES.pattern, rule.patternText ?? `must match ${String(rule.pattern)}`);
			return undefined;
		}
		return value;
	}

	integer(field: string, rule: Presence & { min?: number; max?: number } = {}): number | undefined {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		const text = describeIntegerRange(rule.min, rule.max);
		if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
			this.fail(field, RULES.integer, text);
			return undefined;
		}
		if (rule.min !== undefined && value < rule.min) {
			this.fail(field, RULES.min, text);
			return undefined;
		}
		if (rule.max !== undefined && value > rule.max) {
			this.fail(field, RULES.max, text);
			return undefined;
		}
		return value;
	}

	number(field: string, rule: Presence & { min?: number } = {}): number | undefined {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		const text =
			rule.min !== undefined
				? `must be a number greater than or equal to ${rule.min}`
				: 'must be a number';
		if (typeof value !== 'number' || !Number.isFinite(value)) {
			this.fail(field, RULES.number, text);
			return undefined;
		}
		if (rule.min !== undefined && value < rule.min) {
			this.fail(field, RULES.min, text);
			return undefined;
		}
		return value;
	}

	boolean(field: string, rule: Presence = {}): boolean | undefined {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		if (typeof value !== 'boolean') {
			this.fail(field, RULES.boolean, 'must be a boolean');
			return undefined;
		}
		return value;
	}

	uuid(field: string, rule: Presence = {}): string | undefined {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		if (!isUuid(value)) {
			this.fail(field, RULES.uuid, 'must be a UUID');
			return undefined;
		}
		return value;
	}

	/** An ISO 8601 date or date-time; returns the text as sent. */
	isoTimestamp(field: string, rule: Presence = {}): string | undefined {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		if (typeof value !== 'string' || !parseIsoTimestamp(value)) {
			this.fail(field, RULES.iso8601, 'must be an ISO 8601 date-time');
			return undefined;
		}
		return value;
	}

	object(field: string, rule: Presence = {}): Json | undefined {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		if (!isPlainObject(value)) {
			this.fail(field, RULES.object, 'must be an object');
			return undefined;
		}
		return value;
	}

	array(field: string, rule: Presence & { minItems?: number } = {}): unknown[] | undefined {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		if (!Array.isArray(value)) {
			this.fail(field, RULES.array, 'must be an array');
			return undefined;
		}
		if (rule.minItems !== undefined && value.length < rule.minItems) {
			const noun = rule.minItems === 1 ? 'item' : 'items';
			this.fail(field, RULES.minItems, `must contain at least ${rule.minItems} ${noun}`);
			return undefined;
		}
		return value;
	}

	/** Rules over `value` (an object found at `field`), reporting fields as `field.sub`. */
	nested(field: string, value: Json): BodyRules {
		return new BodyRules(value, this.issues, this.path(field));
	}

	/** Every key outside `allowed` is an `unknown_field` issue. */
	onlyFields(allowed: readonly string[]): void {
		for (const key of Object.keys(this.source)) {
			if (!allowed.includes(key)) this.fail(key, RULES.unknownField, 'is not an allowed field');
		}
	}
}

/** A JSON body as an object: absent means `{}`; anything that is not an object is a validation error. */
export function objectBody(body: unknown): Json {
	if (body === undefined) return {};
	if (!isPlainObject(body)) throw invalid('body', RULES.object, 'body must be a JSON object');
	return body;
}

export type QueryObject = Record<string, string | string[]>;

/** Rules over query parameters (always text). */
export class QueryRules {
	constructor(
		readonly query: QueryObject,
		readonly issues: Issues = new Issues(),
	) {}

	private single(name: string): string | undefined {
		const value = this.query[name];
		if (value === undefined) return undefined;
		if (Array.isArray(value)) {
			this.issues.add(name, RULES.single, 'must be given only once');
			return undefined;
		}
		return value;
	}

	text(name: string): string | undefined {
		return this.single(name);
	}

	integer(name: string, rule: { min?: number; max?: number } = {}): number | undefined {
		const value = this.single(name);
		if (value === undefined) return undefined;
		const text = describeIntegerRange(rule.min, rule.max);
		const parsed = Number(value);
		if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(parsed)) {
			this.issues.add(name, RULES.integer, text);
			return undefined;
		}
		if (rule.min !== undefined && parsed < rule.min) {
			this.issues.add(name, RULES.min, text);
			return undefined;
		}
		if (rule.max !== undefined && parsed > rule.max) {
			this.issues.add(name, RULES.max, text);
			return undefined;
		}
		return parsed;
	}

	oneOf(name: string, values: readonly string[]): string | undefined {
		const value = this.single(name);
		if (value === undefined) return undefined;
		if (!values.includes(value)) {
			this.issues.add(name, RULES.enum, `must be one of ${values.join(', ')}`);
			return undefined;
		}
		return value;
	}

	isoTimestamp(name: string): ParsedTimestamp | undefined {
		const value = this.single(name);
		if (value === undefined) return undefined;
		const parsed = parseIsoTimestamp(value);
		if (!parsed) this.issues.add(name, RULES.iso8601, 'must be an ISO 8601 date or date-time');
		return parsed;
	}

	uuid(name: string): string | undefined {
		const value = this.single(name);
		if (value === undefined) return undefined;
		if (!isUuid(value)) {
			this.issues.add(name, RULES.uuid, 'must be a UUID');
			return undefined;
		}
		return value;
	}
}

/** Inclusive range test for a `start`/`end` filter pair; a bare end date covers that whole day. */
export function inDateRange(
	timestamp: string,
	start: ParsedTimestamp | undefined,
	end: ParsedTimestamp | undefined,
): boolean {
	const ms = Date.parse(timestamp);
	if (start && ms < start.ms) return false;
	if (end) {
		const endExclusive = end.ms + (end.dateOnly ? 86_400_000 : 1);
		if (ms >= endExclusive) return false;
	}
	return true;
}

/** Validates a path id: a malformed id is a validation error, a well-formed unknown id is the route's 404. */
export function pathUuid(params: Record<string, string>, name: string): string {
	const value = params[name];
	if (!isUuid(value)) throw invalid(name, RULES.uuid, `${name} must be a UUID`);
	return value.toLowerCase();
}
