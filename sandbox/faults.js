'use strict';
/**
 * Fault mode: makes chosen /v1 requests fail the way a real API or its gateway can (admin routes never). The rule
 * (FaultSpec in index.js, validated by faultRules.js) and what each kind answers: sandbox/README.md, Fault mode.
 */
const { ERROR_CODES } = require('./api/names');
const { FAULT_KINDS, faultsFromEnv, parseRoute, validateFaults } = require('./faultRules');
const { mulberry32 } = require('./random');

/** Error answers of the status faults: status, `error` code, message (codes beyond ERROR_CODES are the sandbox's). */
const STATUS_FAULTS = {
	rate_limit: { status: 429, code: ERROR_CODES.rateLimited, message: 'Too many requests' },
	error_500: { status: 500, code: ERROR_CODES.internal, message: 'Internal server error' },
	bad_gateway_502: { status: 502, code: 'BAD_GATEWAY', message: 'Bad gateway' },
	unavailable_503: { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' },
	gateway_timeout_504: { status: 504, code: 'GATEWAY_TIMEOUT', message: 'Gateway timeout' },
};

const SUCCESS_FALSE = {
	code: 'SANDBOX_FAULT',
	message: 'The request was refused (sandbox fault success_false)',
};
const NON_JSON_BODY =
	'<html><body><h1>502 Bad Gateway</h1><p>sandbox fault non_json</p></body></html>';

const DEFAULT_RETRY_AFTER_SECONDS = 1;
const DEFAULT_DELAY_MS = 5_000;
const DEFAULT_SEED = 1;

/** One configured rule with its counters and PRNG. */
class FaultRule {
	constructor(spec) {
		this.route = spec.route;
		this.method = spec.parsedRoute?.method ?? '*';
		this.pattern = spec.parsedRoute?.pattern ?? /^\/v1(?:\/.*)?$/;
		this.kinds = spec.kinds;
		this.count = spec.count;
		this.probability = spec.probability;
		this.seed = spec.seed ?? DEFAULT_SEED;
		this.options = spec.options;
		this.random = mulberry32(this.seed);
		this.matched = 0;
		this.applied = 0;
	}

	matches(method, path) {
		return (this.method === '*' || this.method === method) && this.pattern.test(path);
	}

	/** The kind to apply to this matching request, or undefined to pass it on. */
	draw() {
		this.matched++;
		if (this.count !== undefined && this.applied >= this.count) return undefined;
		if (this.probability !== undefined && this.random() >= this.probability) return undefined;
		this.applied++;
		const kind =
			this.kinds.length === 1
				? this.kinds[0]
				: this.kinds[Math.floor(this.random() * this.kinds.length)];
		return {
			kind,
			retryAfter: this.options.retryAfter,
			delayMs: this.options.delayMs ?? DEFAULT_DELAY_MS,
			status: this.options.status ?? 200,
		};
	}

	view() {
		const view = { route: this.route, kind: this.kinds.length === 1 ? this.kinds[0] : this.kinds };
		if (this.count !== undefined) view.count = this.count;
		if (this.probability !== undefined) {
			view.probability = this.probability;
			view.seed = this.seed;
		}
		for (const [option, value] of Object.entries(this.options)) {
			if (value !== undefined) view[option] = value;
		}
		view.matched = this.matched;
		view.applied = this.applied;
		view.remaining = this.count === undefined ? null : this.count - this.applied;
		return view;
	}
}

/** The sandbox's fault rules; `pick` decides per request. */
class FaultInjector {
	rules = [];
	waits = new Set();

	/** Replaces the rules (validated first: an invalid list changes nothing). */
	set(list) {
		this.rules = validateFaults(list).map((spec) => new FaultRule(spec));
	}

	clear() {
		this.rules = [];
	}

	list() {
		return this.rules.map((rule) => rule.view());
	}

	/** The fault for this /v1 request, if any: `{ kind, retryAfter, delayMs, status }`. */
	pick(method, path) {
		for (const rule of this.rules) {
			if (!rule.matches(method, path)) continue;
			const fault = rule.draw();
			if (fault) return fault;
		}
		return undefined;
	}

	/** Waits `ms` (slow faults); `cancelWaits` ends every wait early with an error (on stop). */
	wait(ms) {
		return /** @type {Promise<void>} */ (
			new Promise((resolve, reject) => {
				const entry = {
					timer: setTimeout(() => {
						this.waits.delete(entry);
						resolve();
					}, ms),
					reject,
				};
				this.waits.add(entry);
			})
		);
	}

	cancelWaits() {
		for (const entry of this.waits) {
			clearTimeout(entry.timer);
			entry.reject(new Error('sandbox stopped'));
		}
		this.waits.clear();
	}
}

/** What applied_then_503 answers in place of the handler's success (the operation was applied). */
const APPLIED_THEN_503 = STATUS_FAULTS.unavailable_503;

/** The answer of a fault that does not reach the handler; undefined for slow, missing_data and applied_then_503. */
function shortCircuitAnswer(fault) {
	const statusFault = STATUS_FAULTS[fault.kind];
	if (statusFault) {
		// rate_limit always says when to come back (default 1 s); unavailable_503 only when retryAfter is set.
		const retryAfter =
			fault.kind === 'rate_limit'
				? (fault.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS)
				: fault.kind === 'unavailable_503'
					? fault.retryAfter
					: undefined;
		const headers = retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) };
		return {
			status: statusFault.status,
			json: { success: false, message: statusFault.message, error: statusFault.code },
			headers,
		};
	}
	if (fault.kind === 'success_false') {
		return {
			status: fault.status,
			json: { success: false, message: SUCCESS_FALSE.message, error: SUCCESS_FALSE.code },
			headers: {},
		};
	}
	if (fault.kind === 'non_json') {
		return { status: fault.status, text: NON_JSON_BODY, contentType: 'text/html; charset=utf-8' };
	}
	return undefined;
}

module.exports = {
	FAULT_KINDS,
	APPLIED_THEN_503,
	FaultInjector,
	faultsFromEnv,
	parseRoute,
	shortCircuitAnswer,
	validateFaults,
};
