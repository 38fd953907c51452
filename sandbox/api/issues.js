'use strict';
/**
 * From zod's issues to the API's error envelope: every failed rule becomes `{field, rule, message}`, the message
 * naming the field and the rule in English (`zip_code must be 8 to 10 characters`). One detail per field: the first
 * rule it breaks. Messages written with `says` (rules.js) carry their rule; zod's own ones get one from the issue code.
 */
const { z } = require('zod');
const { invalid, ValidationError } = require('../errors');
const { RULES, SEPARATOR } = require('./rules');
const { PATTERNS } = require('./values');

/** @typedef {{ field: string, rule: string, message: string }} Detail */

/** @param {(string | number)[]} path @param {string} root */
function fieldName(path, root) {
	let name = path.length === 0 || typeof path[0] === 'number' ? root : '';
	for (const part of path) {
		if (typeof part === 'number') name = `${name}[${part}]`;
		else name = name ? `${name}.${part}` : part;
	}
	return name;
}

/** The rule and text of an issue whose message was not written with `says` (zod's own wording). */
function untaggedRule(/** @type {z.ZodIssue} */ issue) {
	if (issue.code === z.ZodIssueCode.invalid_type)
		return issue.received === 'undefined' ? RULES.required : issue.expected;
	if (issue.code === z.ZodIssueCode.too_small) return RULES.min;
	if (issue.code === z.ZodIssueCode.too_big) return RULES.max;
	if (issue.code === z.ZodIssueCode.invalid_enum_value) return RULES.enum;
	return issue.code;
}

/**
 * @param {z.ZodError} error
 * @param {string} root The name of the whole input: `body`, `query` or an admin input's name.
 * @returns {Detail[]}
 */
function toDetails(error, root) {
	/** @type {Detail[]} */
	const details = [];
	const add = (
		/** @type {(string | number)[]} */ path,
		/** @type {string} */ rule,
		/** @type {string} */ ruleText,
	) => {
		const field = fieldName(path, root);
		if (!details.some((detail) => detail.field === field))
			details.push({ field, rule, message: `${field} ${ruleText}` });
	};
	for (const issue of error.issues) {
		if (issue.code === z.ZodIssueCode.unrecognized_keys) {
			for (const key of issue.keys)
				add(
					[...issue.path, key],
					RULES.unknownField,
					root === 'query'
						? 'is not a query parameter of this operation'
						: 'is not an allowed field',
				);
			continue;
		}
		const cut = issue.message.indexOf(SEPARATOR);
		if (cut > 0) add(issue.path, issue.message.slice(0, cut), issue.message.slice(cut + 1));
		else add(issue.path, untaggedRule(issue), issue.message.toLowerCase());
	}
	return details;
}

/** Collects the details of a request; throws one ValidationError carrying all of them. */
class Issues {
	/** @type {Detail[]} */
	list = [];

	/** @param {string} field @param {string} rule @param {string} ruleText */
	add(field, rule, ruleText) {
		this.list.push({ field, rule, message: `${field} ${ruleText}` });
	}

	throwIfAny() {
		if (this.list.length > 0) throw new ValidationError(this.list);
	}
}

/**
 * Reads `input` with `schema`: the parsed value, or a ValidationError with every broken rule.
 * @template {z.ZodTypeAny} S
 * @param {S} schema
 * @param {unknown} input
 * @param {string} [root]
 * @returns {z.output<S>}
 */
function parse(schema, input, root = 'body') {
	const result = schema.safeParse(input);
	if (result.success) return result.data;
	throw new ValidationError(toDetails(result.error, root));
}

/** A path id: a malformed id is a validation error, a well-formed unknown one is the route's 404. */
function pathUuid(/** @type {Record<string, string>} */ params, /** @type {string} */ name) {
	const value = params[name];
	if (!PATTERNS.uuid.test(value)) throw invalid(name, RULES.uuid, `${name} must be a UUID`);
	return value.toLowerCase();
}

module.exports = { Issues, parse, pathUuid };
