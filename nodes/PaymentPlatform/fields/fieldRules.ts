/**
 * A field's rule: one row per API field (the parameter that feeds it, the reference's type, requiredness, limits,
 * pattern, allowed values), from the operation's field declarations; how a rule is said (the descriptions' limits,
 * the refusals), the checks of a text against it, and the refusal itself, naming field, rule and item. The conversion
 * to the reference's type is convertFields.ts.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { PATTERNS } from '../documentedValues';
import type { DateBound } from './dates';

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

type Range = { min?: number; max?: number };

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

export const NUMBER_KINDS: Partial<Record<ApiType, string>> = {
	cents: 'an integer',
	integer: 'an integer',
	number: 'a number',
};

export function isOutside(value: number, { min, max }: Range = {}): boolean {
	return (min !== undefined && value < min) || (max !== undefined && value > max);
}

export function describeRange(kind: string, { min, max }: Range = {}): string {
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

/** As the descriptions and the refusals say it. */
export function limitText(rule: FieldRule): string | undefined {
	if (rule.length) return describeLength(rule.length);
	if (rule.pattern) return rule.pattern.rule.replace(/^must be /, '');
	const kind = NUMBER_KINDS[rule.type];
	if (rule.range && kind) return describeRange(kind, rule.range);
	if (rule.minItems) return atLeast(rule.minItems).replace(/^must /, '');
	return undefined;
}

export function atLeast(count: number): string {
	return count === 1 ? 'must contain at least one entry' : `must contain at least ${count} entries`;
}

export function expected(rule: FieldRule): string {
	if (rule.type === 'uuid') return 'a UUID';
	return `one of: ${(rule.values ?? []).join(', ')}`;
}

export function checkText(
	rule: FieldRule,
	field: string,
	text: string,
	validate: InputValidator,
): void {
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
