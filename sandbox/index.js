'use strict';
/**
 * Programmatic entry point: `startSandbox(options)` runs the sandbox HTTP server and returns a handle to it.
 */
const { createApiNames } = require('./apiNames');
const { WEBHOOK_EVENTS } = require('./api/values');
const { createAuthenticator } = require('./auth');
const { applyChargeEvent } = require('./chargeEvents');
const { DeliverySender } = require('./deliveries');
const { retryProfile } = require('./retryProfiles');
const { FAULT_KINDS, FaultInjector } = require('./faults');
const { generateCharges, seedStore } = require('./seed');
const { createServer } = require('./server');
const { Store } = require('./store');
const { IdempotencyKeys } = require('./idempotency');
const { SEED } = require('./seedIds');
const { ADMIN_ROUTES } = require('./admin');

/**
 * @typedef {object} SandboxOptions
 * @property {number} [port] 0 (the default) picks a free port.
 * @property {string} [host] Default 127.0.0.1: the admin routes have no authentication.
 * @property {string} [publicKey]
 * @property {string} [secretKey]
 * @property {boolean} [seed] Load the seed records (default true); also what POST /__admin/reset goes back to.
 * @property {{ maxAttempts?: number, baseDelayMs?: number, maxDelayMs?: number, timeoutMs?: number,
 *   profile?: string, profileOf?: (endpoint: { id: string, url: string }) => string | undefined,
 *   pauseAfter?: number }} [delivery] Attempts per delivery, first included (default 5); wait before the first
 *   retry, doubled for each further one (default 500 ms); per-attempt timeout (default 10 s); the retry profile
 *   (retryProfiles.js; default resend-every-failure), per endpoint with profileOf; pause-endpoint's threshold.
 * @property {(line: string) => void} [log] One line per request (method, path, status, ms) and per delivery
 *   attempt; never headers, bodies or keys.
 * @property {FaultSpec[]} [faults] Fault rules (FaultSpec below); also what POST /__admin/reset goes back to.
 * @property {'raw-body' | 'timestamped' | 'timestamp-header' | 'standard-webhooks'} [signing] How deliveries are
 *   signed (signature.js; default raw-body).
 * @property {Record<string, string>} [apiNames] Other names for the names the reference leaves unshown (apiNames.js).
 * @property {string[]} [ignoredQuery] Query parameters dropped without a word, as a platform that ignores a filter.
 * @property {EndpointListStyle} [endpointList] How GET of the webhook endpoints writes them (routes/webhookEndpoints.js):
 *   'as-registered' (default) or 'rewritten', as a platform that writes URLs and events its own way.
 */

/** @typedef {'as-registered' | 'rewritten'} EndpointListStyle */

/**
 * A fault rule: which /v1 requests fail, how, and how often.
 * @typedef {object} FaultSpec
 * @property {string} [route] `METHOD /path`, METHOD may be `*`; in the path `*` matches one segment, `**` the rest.
 *   Default: every /v1 request.
 * @property {FaultKind | FaultKind[]} kind A list: each faulted request picks one with the rule's PRNG.
 * @property {number} [count] Fault the next N matching requests, then pass through.
 * @property {number} [probability] 0..1: fault each matching request with this probability.
 * @property {number} [seed] Seed of the rule's PRNG (mulberry32), default 1.
 * @property {number} [retryAfter] rate_limit (default 1) and unavailable_503 (default none): Retry-After seconds.
 * @property {number} [delayMs] slow: how long the answer is held back (default 5000).
 * @property {number} [status] non_json, success_false: HTTP status (default 200).
 */

/**
 * @typedef {'rate_limit' | 'error_500' | 'bad_gateway_502' | 'unavailable_503' | 'gateway_timeout_504' | 'slow'
 *   | 'reset' | 'non_json' | 'success_false' | 'missing_data' | 'applied_then_503'
 *   | 'grows_at_head' | 'no_pagination' | 'data_not_list'} FaultKind
 */

/**
 * @typedef {object} MultipartPart
 * @property {string} name
 * @property {string} [filename]
 * @property {string} [contentType]
 * @property {number} size
 * @property {Buffer} data
 */

/**
 * Every request received under /v1, without the Authorization header.
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string | string[]>} query
 * @property {import('http').IncomingHttpHeaders} headers
 * @property {unknown} [body] Parsed JSON body (undefined when none, or when it was not valid JSON).
 * @property {MultipartPart[]} [parts] Multipart parts, for multipart/form-data requests.
 * @property {string} receivedAt
 * @property {number | null} [status] The HTTP status answered; null when a reset fault closed the connection.
 * @property {FaultKind} [fault] The fault applied to this request, if any.
 * @property {boolean} [replayed] Answered from its Idempotency-Key with the first request's answer (idempotency.js).
 */

/**
 * A webhook delivery; records update in place as attempts happen.
 * @typedef {object} DeliveryRecord
 * @property {string} id
 * @property {string} endpointId
 * @property {string} chargeId
 * @property {string} event
 * @property {string} url
 * @property {number} attempts Attempts made so far, over the first delivery and any redeliveries.
 * @property {number | null} lastStatus HTTP status of the last attempt; null before the first answer or after a
 *   network error.
 * @property {string | null} lastError Network error code of the last attempt, if it failed without an answer.
 * @property {boolean} delivered Whether the last attempt was answered with a 2xx.
 * @property {string} createdAt
 * @property {string | null} deliveredAt
 * @property {string | null} gaveUp Why the sender stopped without a 2xx ("attempts exhausted", "final 404",
 *   "endpoint paused"), null while it is still trying or once delivered.
 */

/** @typedef {Awaited<ReturnType<typeof startSandbox>>} Sandbox */

const DEFAULT_PUBLIC_KEY = 'pk_sandbox_demo';
const DEFAULT_SECRET_KEY = 'sk_sandbox_demo';
const DEFAULT_HOST = '127.0.0.1';

function urlHost(host) {
	return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the sandbox HTTP server.
 * @param {SandboxOptions} [options]
 */
async function startSandbox(options = {}) {
	const host = options.host ?? DEFAULT_HOST;
	const publicKey = options.publicKey ?? DEFAULT_PUBLIC_KEY;
	const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
	const withSeed = options.seed ?? true;
	const log = options.log ?? (() => undefined);
	const initialFaults = options.faults ?? [];
	const faults = new FaultInjector();
	faults.set(initialFaults);

	const store = new Store();
	if (withSeed) seedStore(store);
	const deliveries = new DeliverySender({
		maxAttempts: Math.max(1, options.delivery?.maxAttempts ?? 5),
		baseDelayMs: Math.max(0, options.delivery?.baseDelayMs ?? 500),
		maxDelayMs: options.delivery?.maxDelayMs ?? Infinity,
		timeoutMs: options.delivery?.timeoutMs ?? 10_000,
		signing: options.signing ?? 'raw-body',
		profile: options.delivery?.profile,
		profileOf: options.delivery?.profileOf,
		pauseAfter: options.delivery?.pauseAfter,
		endpointExists: (/** @type {string} */ id) => store.webhookEndpoints.has(id),
		log,
	});
	/** @type {RecordedRequest[]} */
	const requests = [];
	const idempotency = new IdempotencyKeys();
	let url = '';
	/** @type {EndpointListStyle} */
	let endpointList = options.endpointList ?? 'as-registered';
	const app = {
		endpointList: () => endpointList,
		apiNames: createApiNames(options.apiNames, options.ignoredQuery),
		store,
		deliveries,
		requests,
		faults,
		idempotency,
		baseUrl: () => url,
		reset() {
			deliveries.clear();
			requests.length = 0;
			idempotency.clear();
			store.clear();
			if (withSeed) seedStore(store);
			faults.set(initialFaults);
		},
	};

	const server = createServer(app, createAuthenticator(publicKey, secretKey), log);
	await server.listen({ port: options.port ?? 0, host });
	const port = /** @type {import('net').AddressInfo} */ (server.server.address()).port;
	url = `http://${urlHost(host)}:${port}`;

	let stopping;
	return {
		url,
		port,
		host,
		publicKey,
		secretKey,
		signing: options.signing ?? 'raw-body',
		requests,
		clearRequests: () => {
			requests.length = 0;
		},
		deliveries: deliveries.records,
		store,
		triggerChargeEvent(chargeId, event) {
			if (!WEBHOOK_EVENTS.includes(event)) throw new Error(`Unknown event ${event}`);
			const charge = store.charges.get(chargeId);
			if (!charge) throw new Error(`Unknown charge ${chargeId}`);
			return applyChargeEvent(app, charge, event);
		},
		waitForDeliveries: () => deliveries.whenIdle(),
		deliveryBody: (id) => deliveries.body(id),
		redeliver: (id) => deliveries.redeliver(id),
		seedCharges: (count) => generateCharges(store, count),
		reset: () => app.reset(),
		/**
		 * Replaces the fault rules (counters start again); throws on an invalid list, changing nothing.
		 * @param {FaultSpec[]} list
		 */
		setFaults: (list) => faults.set(list),
		/**
		 * Changes how deliveries created from now on are retried (the `delivery` options: attempts, delays, timeout,
		 * profile, profileOf).
		 * @param {NonNullable<SandboxOptions['delivery']>} changes
		 */
		configureDelivery: (changes) => {
			if (changes.profile !== undefined) retryProfile(changes.profile);
			Object.assign(deliveries.options, changes);
		},
		/** @param {EndpointListStyle} style How the endpoint list is written from now on. */
		setEndpointList: (style) => {
			endpointList = style;
		},
		clearFaults: () => faults.clear(),
		/** The fault rules with their counters: matched, applied, remaining. */
		listFaults: () => faults.list(),
		stop() {
			stopping ??= (async () => {
				faults.cancelWaits();
				await deliveries.stop();
				const closed = server.close();
				server.server.closeAllConnections();
				await closed;
			})();
			return stopping;
		},
	};
}

module.exports = {
	DEFAULT_PUBLIC_KEY,
	DEFAULT_SECRET_KEY,
	DEFAULT_HOST,
	startSandbox,
	SEED,
	ADMIN_ROUTES,
	FAULT_KINDS,
	Store,
};
