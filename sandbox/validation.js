'use strict';
/**
 * Rule helpers shared by the routes. Each failed rule becomes `{field, rule, message}`, where the message names the
 * field and the rule in English (`zip_code must be 8 to 10 characters`). One issue per field: the first rule a field
 * breaks is the one reported.
 */
const { PATTERNS } = require('./fromPackage');
const { invalid, ValidationError } = require('./errors');

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

function describeLength(limit) {
	if (limit.exact !== undefined) return `exactly ${limit.exact} characters`;
	if (limit.min !== undefined && limit.max !== undefined)
		return `${limit.min} to ${limit.max} characters`;
	if (limit.max !== undefined) return `at most ${limit.max} characters`;
	return `at least ${limit.min ?? 0} characters`;
}

/** Length in characters (code points), not UTF-16 units. */
function charLength(value) {
	return Array.from(value).length;
}

function withinLength(value, limit) {
	const length = charLength(value);
	if (limit.exact !== undefined) return length === limit.exact;
	if (limit.min !== undefined && length < limit.min) return false;
	if (limit.max !== undefined && length > limit.max) return false;
	return true;
}

function describeIntegerRange(min, max) {
	if (min !== undefined && max !== undefined) return `must be an integer from ${min} to ${max}`;
	if (min === 1) return 'must be an integer greater than 0';
	if (min !== undefined) return `must be an integer greater than or equal to ${min}`;
	if (max !== undefined) return `must be an integer less than or equal to ${max}`;
	return 'must be an integer';
}

function isPlainObject(value) {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOwn(source, key) {
	return Object.prototype.hasOwnProperty.call(source, key);
}

function isUuid(value) {
	return typeof value === 'string' && PATTERNS.uuid.test(value);
}

const ISO_TIMESTAMP =
	/^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function daysInMonth(year, month) {
	return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isCalendarDate(year, month, day) {
	return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Parses an ISO 8601 date or date-time; undefined when the text is not one or names an impossible date. */
function parseIsoTimestamp(value) {
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
class Issues {
	list = [];

	add(field, rule, text) {
		this.list.push({ field, rule, message: `${field} ${text}` });
	}

	has(field) {
		return this.list.some((issue) => issue.field === field);
	}

	throwIfAny() {
		if (this.list.length > 0) throw new ValidationError(this.list);
	}
}

/** Rules over a JSON object (a request body or a nested object of it); nested rules share the issue list. */
class BodyRules {
	source;
	issues;
	prefix;

	constructor(source, issues = new Issues(), prefix = '') {
		this.source = source;
		this.issues = issues;
		this.prefix = prefix;
	}

	path(field) {
		return this.prefix ? `${this.prefix}.${field}` : field;
	}

	present(field) {
		return hasOwn(this.source, field) && this.source[field] !== undefined;
	}

	fail(field, rule, text) {
		this.issues.add(this.path(field), rule, text);
	}

	value(field, presence) {
		if (this.present(field)) return this.source[field];
		if (presence.required) this.fail(field, RULES.required, 'is required');
		return undefined;
	}

	string(field, rule = {}) {
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

	integer(field, rule = {}) {
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

	number(field, rule = {}) {
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

	boolean(field, rule = {}) {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		if (typeof value !== 'boolean') {
			this.fail(field, RULES.boolean, 'must be a boolean');
			return undefined;
		}
		return value;
	}

	uuid(field, rule = {}) {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		if (!isUuid(value)) {
			this.fail(field, RULES.uuid, 'must be a UUID');
			return undefined;
		}
		return value;
	}

	/** An ISO 8601 date or date-time; returns the text as sent. */
	isoTimestamp(field, rule = {}) {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		if (typeof value !== 'string' || !parseIsoTimestamp(value)) {
			this.fail(field, RULES.iso8601, 'must be an ISO 8601 date-time');
			return undefined;
		}
		return value;
	}

	object(field, rule = {}) {
		const value = this.value(field, rule);
		if (value === undefined) return undefined;
		if (!isPlainObject(value)) {
			this.fail(field, RULES.object, 'must be an object');
			return undefined;
		}
		return value;
	}

	array(field, rule = {}) {
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
	nested(field, value) {
		return new BodyRules(value, this.issues, this.path(field));
	}

	/** Every key outside `allowed` is an `unknown_field` issue. */
	onlyFields(allowed) {
		for (const key of Object.keys(this.source)) {
			if (!allowed.includes(key)) this.fail(key, RULES.unknownField, 'is not an allowed field');
		}
	}
}

/** A JSON body as an object: absent means `{}`; anything that is not an object is a validation error. */
function objectBody(body) {
	if (body === undefined) return {};
	if (!isPlainObject(body)) throw invalid('body', RULES.object, 'body must be a JSON object');
	return body;
}

/** Rules over query parameters (always text). */
class QueryRules {
	query;
	issues;

	constructor(query, issues = new Issues()) {
		this.query = query;
		this.issues = issues;
	}

	single(name) {
		const value = this.query[name];
		if (value === undefined) return undefined;
		if (Array.isArray(value)) {
			this.issues.add(name, RULES.single, 'must be given only once');
			return undefined;
		}
		return value;
	}

	text(name) {
		return this.single(name);
	}

	integer(name, rule = {}) {
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

	oneOf(name, values) {
		const value = this.single(name);
		if (value === undefined) return undefined;
		if (!values.includes(value)) {
			this.issues.add(name, RULES.enum, `must be one of ${values.join(', ')}`);
			return undefined;
		}
		return value;
	}

	isoTimestamp(name) {
		const value = this.single(name);
		if (value === undefined) return undefined;
		const parsed = parseIsoTimestamp(value);
		if (!parsed) this.issues.add(name, RULES.iso8601, 'must be an ISO 8601 date or date-time');
		return parsed;
	}

	uuid(name) {
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
function inDateRange(timestamp, start, end) {
	const ms = Date.parse(timestamp);
	if (start && ms < start.ms) return false;
	if (end) {
		const endExclusive = end.ms + (end.dateOnly ? 86_400_000 : 1);
		if (ms >= endExclusive) return false;
	}
	return true;
}

/** Validates a path id: a malformed id is a validation error, a well-formed unknown id is the route's 404. */
function pathUuid(params, name) {
	const value = params[name];
	if (!isUuid(value)) throw invalid(name, RULES.uuid, `${name} must be a UUID`);
	return value.toLowerCase();
}

module.exports = {
	RULES,
	describeLength,
	charLength,
	isPlainObject,
	hasOwn,
	isUuid,
	isCalendarDate,
	parseIsoTimestamp,
	Issues,
	BodyRules,
	objectBody,
	QueryRules,
	inDateRange,
	pathUuid,
};
