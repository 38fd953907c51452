'use strict';
/**
 * Fault rules (their shape: FaultSpec in index.js, and sandbox/README.md, Fault mode): the kinds, the route patterns,
 * and the zod schema that checks a list of rules before any of it is applied.
 */
const { z } = require('zod');
const { parse } = require('./api/issues');
const { integer, number, RULES, says, strictObject, text } = require('./api/rules');

const FAULT_KINDS = [
	'rate_limit',
	'error_500',
	'bad_gateway_502',
	'unavailable_503',
	'gateway_timeout_504',
	'slow',
	'reset',
	'non_json',
	'success_false',
	'missing_data',
	'applied_then_503',
	'grows_at_head',
	'no_pagination',
	'data_not_list',
];

const MAX_DELAY_MS = 600_000;

/** Options and the kinds they apply to. */
const OPTION_KINDS = {
	retryAfter: ['rate_limit', 'unavailable_503'],
	delayMs: ['slow'],
	status: ['non_json', 'success_false'],
};

/** `GET /v1/charges/*` → { method: 'GET', pattern }; a lone path means any method. */
function parseRoute(route) {
	const parts = route.trim().split(/\s+/);
	const [method, path] = parts.length === 1 ? ['*', parts[0]] : parts;
	if (parts.length > 2 || !path.startsWith('/') || !/^([A-Za-z]+|\*)$/.test(method))
		return undefined;
	const source = path
		.replace(/\/+$/, '')
		.split('/')
		.map((segment) => {
			if (segment === '**') return '.*';
			return segment
				.split('*')
				.map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
				.join('[^/]*');
		})
		.join('/')
		.replace(/\/\.\*$/, '(?:/.*)?');
	return { method: method.toUpperCase(), pattern: new RegExp(`^${source || '/'}$`) };
}

const KINDS_TEXT = `must be one of ${FAULT_KINDS.join(', ')}, or a non-empty list of them`;
const kindSchema = z
	.union([z.string(), z.array(z.string())], {
		errorMap: (_issue, ctx) =>
			ctx.data === undefined
				? { message: says(RULES.required, 'is required') }
				: { message: says(RULES.enum, KINDS_TEXT) },
	})
	.transform((value, ctx) => {
		const kinds = Array.isArray(value) ? value : [value];
		if (kinds.length > 0 && kinds.every((kind) => FAULT_KINDS.includes(kind))) return kinds;
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: says(RULES.enum, KINDS_TEXT) });
		return z.NEVER;
	});

/** One fault rule (see the top of this file); options that do not apply to its kinds are refused. */
const faultSchema = strictObject({
	route: text({ min: 1, max: 500 }).optional(),
	kind: kindSchema,
	count: integer({ min: 1 }).optional(),
	probability: number({ min: 0 })
		.max(1, says(RULES.max, 'must be a number from 0 to 1'))
		.optional(),
	seed: integer().optional(),
	retryAfter: integer({ min: 0, max: 86_400 }).optional(),
	delayMs: integer({ min: 0, max: MAX_DELAY_MS }).optional(),
	status: integer({ min: 100, max: 599 }).optional(),
}).superRefine((rule, ctx) => {
	const fail = (
		/** @type {string} */ field,
		/** @type {string} */ name,
		/** @type {string} */ ruleText,
	) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: says(name, ruleText) });
	if (rule.route !== undefined && !parseRoute(rule.route))
		fail(
			'route',
			RULES.format,
			'must be "METHOD /path" (METHOD may be *; * and ** match path segments)',
		);
	if (rule.seed !== undefined && rule.probability === undefined && rule.kind.length < 2)
		fail('seed', RULES.forbidden, 'is only used with probability or a list of kinds');
	for (const [option, forKinds] of Object.entries(OPTION_KINDS)) {
		if (rule[option] !== undefined && !rule.kind.some((kind) => forKinds.includes(kind)))
			fail(option, RULES.forbidden, `only applies to ${forKinds.join(', ')}`);
	}
});

const faultListSchema = z.array(faultSchema, {
	invalid_type_error: says(RULES.array, 'must be an array of fault rules'),
	required_error: says(RULES.array, 'must be an array of fault rules'),
});

/** Checks a list of rules; throws a ValidationError naming every problem (`faults[0].kind must be one of ...`). */
function validateFaults(list) {
	return parse(faultListSchema, list, 'faults').map((rule) => ({
		route: rule.route ?? '* /v1/**',
		parsedRoute: rule.route === undefined ? undefined : parseRoute(rule.route),
		kinds: rule.kind,
		count: rule.count,
		probability: rule.probability,
		seed: rule.seed,
		options: { retryAfter: rule.retryAfter, delayMs: rule.delayMs, status: rule.status },
	}));
}

/** Parses SANDBOX_FAULTS (a JSON list of rules); empty or unset means none. */
function faultsFromEnv(value) {
	if (value === undefined || value.trim() === '') return [];
	let parsed;
	try {
		parsed = JSON.parse(value);
	} catch {
		throw new Error('SANDBOX_FAULTS must be a JSON list of fault rules');
	}
	validateFaults(parsed);
	return parsed;
}

module.exports = { FAULT_KINDS, parseRoute, validateFaults, faultsFromEnv };
