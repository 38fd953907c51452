'use strict';
/**
 * Programmatic entry point: `startSandbox(options)` runs the sandbox HTTP server and returns a handle to it.
 */
const http = require('http');
const { WEBHOOK_EVENTS } = require('./fromPackage');
const { createAuthenticator } = require('./auth');
const { applyChargeEvent } = require('./chargeEvents');
const { DeliverySender } = require('./deliveries');
const { generateCharges, seedStore } = require('./seed');
const { createRequestListener } = require('./server');
const { Store } = require('./store');
const { SEED } = require('./seedIds');
const { ADMIN_ROUTES } = require('./admin');

/**
 * @typedef {object} SandboxOptions
 * @property {number} [port] 0 (the default) picks a free port.
 * @property {string} [host] Default 127.0.0.1: the admin routes have no authentication.
 * @property {string} [publicKey]
 * @property {string} [secretKey]
 * @property {boolean} [seed] Load the seed records (default true); also what POST /__admin/reset goes back to.
 * @property {{ maxAttempts?: number, baseDelayMs?: number, timeoutMs?: number }} [delivery] Attempts per delivery,
 *   first included (default 5); wait before the first retry, doubled for each further one (default 500 ms);
 *   per-attempt timeout (default 10 s).
 * @property {(line: string) => void} [log] One line per request (method, path, status, ms) and per delivery
 *   attempt; never headers, bodies or keys.
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
 * @property {number} [status] The HTTP status answered.
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

	const store = new Store();
	if (withSeed) seedStore(store);
	const deliveries = new DeliverySender({
		maxAttempts: Math.max(1, options.delivery?.maxAttempts ?? 5),
		baseDelayMs: Math.max(0, options.delivery?.baseDelayMs ?? 500),
		timeoutMs: options.delivery?.timeoutMs ?? 10_000,
		log,
	});
	/** @type {RecordedRequest[]} */
	const requests = [];
	let url = '';
	const app = {
		store,
		deliveries,
		requests,
		baseUrl: () => url,
		reset() {
			deliveries.clear();
			requests.length = 0;
			store.clear();
			if (withSeed) seedStore(store);
		},
	};

	const server = http.createServer(
		createRequestListener(app, createAuthenticator(publicKey, secretKey), log),
	);
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = server.address().port;
	url = `http://${urlHost(host)}:${port}`;

	let stopping;
	return {
		url,
		port,
		host,
		publicKey,
		secretKey,
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
		stop() {
			stopping ??= (async () => {
				await deliveries.stop();
				await new Promise((resolve) => {
					server.close(() => resolve());
					server.closeAllConnections();
				});
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
	Store,
};
