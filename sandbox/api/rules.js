'use strict';
/**
 * The building blocks of the sandbox's zod statement of the API (schemas.js). Each check carries its rule name and
 * its text in zod's `message`, as `rule|text` (`says`); issues.js turns them into the error envelope's details.
 * Lengths count characters as Unicode code points (an emoji is one character), as JSON Schema's maxLength does:
 * the reference says "characters", and the nodes count the same way (nodes/PaymentPlatform/fields/fieldRules.ts).
 */
const { z } = require('zod');
const { parseIsoTimestamp } = require('./dates');
const { PATTERNS } = require('./values');

/** Rule names used in `details[].rule`. */
const RULES = {
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
};

const SEPARATOR = '|';

/** A zod message carrying `rule` and `text`. */
const says = (rule, text) => `${rule}${SEPARATOR}${text}`;

/** @param {string} rule @param {string} text The text when the value has the wrong JSON type. */
const typed = (rule, text) => ({
	required_error: says(RULES.required, 'is required'),
	invalid_type_error: says(rule, text),
});

/** @param {string} value */
const charLength = (value) => Array.from(value).length;

/** @typedef {{ min?: number, max?: number, exact?: number }} Length */

/** @param {Length} limit */
function describeLength(limit) {
	if (limit.exact !== undefined) return `exactly ${limit.exact} characters`;
	if (limit.min !== undefined && limit.max !== undefined)
		return `${limit.min} to ${limit.max} characters`;
	if (limit.max !== undefined) return `at most ${limit.max} characters`;
	return `at least ${limit.min ?? 0} characters`;
}

/** @param {string} value @param {Length} limit */
function withinLength(value, limit) {
	const length = charLength(value);
	if (limit.exact !== undefined) return length === limit.exact;
	return length >= (limit.min ?? 0) && length <= (limit.max ?? Infinity);
}

/** @param {number} [min] @param {number} [max] */
function describeIntegerRange(min, max) {
	if (min !== undefined && max !== undefined) return `must be an integer from ${min} to ${max}`;
	if (min === 1) return 'must be an integer greater than 0';
	if (min !== undefined) return `must be an integer greater than or equal to ${min}`;
	if (max !== undefined) return `must be an integer less than or equal to ${max}`;
	return 'must be an integer';
}

/** @param {z.RefinementCtx} ctx @param {string} rule @param {string} text */
function addIssue(ctx, rule, text) {
	ctx.addIssue({ code: z.ZodIssueCode.custom, message: says(rule, text) });
}

// ---- body fields ---------------------------------------------------------------------------------------------------

/** A string, optionally of `limit` characters. */
function text(/** @type {Length} */ limit = {}) {
	return z.string(typed(RULES.string, 'must be a string')).superRefine((value, ctx) => {
		if (!withinLength(value, limit))
			addIssue(ctx, RULES.length, `must be ${describeLength(limit)}`);
	});
}

/** A string matching `pattern`; `rule` names the rule broken otherwise. */
function matching(/** @type {RegExp} */ pattern, /** @type {string} */ ruleText) {
	return z
		.string(typed(RULES.string, 'must be a string'))
		.regex(pattern, says(RULES.pattern, ruleText));
}

/** One of `values`; anything else, a non-string included, breaks the enum rule. */
function oneOf(/** @type {readonly string[]} */ values) {
	const [first, ...rest] = values;
	return z.enum([first, ...rest], {
		errorMap: (_issue, ctx) =>
			ctx.data === undefined
				? { message: says(RULES.required, 'is required') }
				: { message: says(RULES.enum, `must be one of ${values.join(', ')}`) },
	});
}

/** An integer (a JSON number without fraction), optionally within `min`..`max`. */
function integer(/** @type {{ min?: number, max?: number }} */ { min, max } = {}) {
	const rule = describeIntegerRange(min, max);
	let schema = z
		.number(typed(RULES.integer, rule))
		.int(says(RULES.integer, rule))
		.safe(says(RULES.integer, rule));
	if (min !== undefined) schema = schema.min(min, says(RULES.min, rule));
	if (max !== undefined) schema = schema.max(max, says(RULES.max, rule));
	return schema;
}

/** A number (JSON number, fraction allowed) >= `min`. */
function number(/** @type {{ min?: number }} */ { min } = {}) {
	const rule =
		min === undefined ? 'must be a number' : `must be a number greater than or equal to ${min}`;
	const schema = z.number(typed(RULES.number, rule)).finite(says(RULES.number, rule));
	return min === undefined ? schema : schema.min(min, says(RULES.min, rule));
}

const boolean = () => z.boolean(typed(RULES.boolean, 'must be a boolean'));

const uuid = () =>
	z
		.string(typed(RULES.uuid, 'must be a UUID'))
		.regex(PATTERNS.uuid, says(RULES.uuid, 'must be a UUID'));

/** A free-form JSON object (metadata). */
const freeObject = () =>
	z.record(z.string(), z.unknown(), typed(RULES.object, 'must be an object'));

/** An array of `item`, with at least `minItems` items. */
function list(
	/** @type {z.ZodTypeAny} */ item,
	/** @type {{ minItems?: number }} */ { minItems } = {},
) {
	const schema = z.array(item, typed(RULES.array, 'must be an array'));
	if (minItems === undefined) return schema;
	const noun = minItems === 1 ? 'item' : 'items';
	return schema.min(minItems, says(RULES.minItems, `must contain at least ${minItems} ${noun}`));
}

const timestamp = () =>
	z
		.string(typed(RULES.iso8601, 'must be an ISO 8601 date-time'))
		.datetime({ offset: true, message: says(RULES.iso8601, 'must be an ISO 8601 date-time') });

/** A field that must be absent; its presence breaks `rule`. */
function absent(/** @type {string} */ rule, /** @type {string} */ ruleText) {
	return z.unknown().superRefine((value, ctx) => {
		if (value !== undefined) addIssue(ctx, rule, ruleText);
	});
}

/** An object with exactly these fields (`.strict()`: any other is an unknown_field). */
function strictObject(/** @type {z.ZodRawShape} */ shape) {
	return z.object(shape, typed(RULES.object, 'must be an object')).strict();
}

// ---- query parameters (text, or a list when repeated) ------------------------------------------------------------

/** A query parameter given once, then read by `schema`; optional. */
function once(/** @type {z.ZodTypeAny} */ schema) {
	return z
		.unknown()
		.superRefine((value, ctx) => {
			if (Array.isArray(value)) addIssue(ctx, RULES.single, 'must be given only once');
		})
		.pipe(schema)
		.optional();
}

const query = {
	text: () => once(z.string()),
	oneOf: (/** @type {readonly string[]} */ values) => once(oneOf(values)),
	uuid: () => once(uuid()),
	/** Decimal digits only, then the integer rules. */
	integer: (/** @type {{ min?: number, max?: number }} */ limits = {}) =>
		once(
			z
				.string()
				.regex(/^-?\d+$/, says(RULES.integer, describeIntegerRange(limits.min, limits.max)))
				.transform(Number)
				.pipe(integer(limits)),
		),
	/** An ISO 8601 date or date-time, read into an Instant (dates.js). */
	timestamp: () =>
		once(
			z.string().transform((value, ctx) => {
				const instant = parseIsoTimestamp(value);
				if (instant) return instant;
				addIssue(ctx, RULES.iso8601, 'must be an ISO 8601 date or date-time');
				return z.NEVER;
			}),
		),
};

/** The query of a list operation: only the named parameters (anything else is an unknown_field). */
function queryObject(/** @type {z.ZodRawShape} */ shape) {
	return z.object(shape).strict();
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isPlainObject = (value) =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

module.exports = {
	RULES,
	SEPARATOR,
	says,
	charLength,
	text,
	matching,
	oneOf,
	integer,
	number,
	boolean,
	uuid,
	freeObject,
	list,
	timestamp,
	absent,
	strictObject,
	query,
	queryObject,
	isPlainObject,
};
