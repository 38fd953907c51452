'use strict';
// A local HTTP receiver for trigger tests: hands every request (with its raw body bytes) to a handler and answers
// with what the handler returns. It receives the sandbox's webhook deliveries for the end-to-end test, and plays a
// misbehaving API for lifecycle tests. Plain JavaScript because the community-node lint rules (no `http` import)
// apply to every .ts file.
const http = require('http');

/**
 * @typedef {{ method: string, path: string, query: Record<string, string>, headers: import('http').IncomingHttpHeaders, rawBody: Buffer }} ReceivedRequest
 * @typedef {{ status?: number, headers?: Record<string, string>, body?: unknown }} ReceiverResponse
 * @typedef {(request: ReceivedRequest) => ReceiverResponse | Promise<ReceiverResponse>} ReceiverHandler
 * @typedef {{ request: ReceivedRequest, status: number, error?: string }} ReceiverExchange
 */

/**
 * A request as it arrived: method, path, query, headers and its raw body bytes, once the body has been read.
 * @param {import('http').IncomingMessage} req
 * @returns {Promise<ReceivedRequest>}
 */
function readRequest(req) {
	/** @type {Buffer[]} */
	const chunks = [];
	req.on('data', (chunk) => chunks.push(chunk));
	return new Promise((resolve) =>
		req.on('end', () => {
			const url = new URL(req.url || '/', 'http://localhost');
			resolve({
				method: req.method || '',
				path: url.pathname,
				query: Object.fromEntries(url.searchParams),
				headers: req.headers,
				rawBody: Buffer.concat(chunks),
			});
		}),
	);
}

/**
 * Listens on a free loopback port.
 * @param {import('http').Server} server
 * @returns {Promise<string>} its address, `http://127.0.0.1:<port>`
 */
async function listenOnLoopback(server) {
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = /** @type {import('net').AddressInfo} */ (server.address());
	return `http://127.0.0.1:${address.port}`;
}

/**
 * Starts the receiver on a free loopback port. A handler that throws is answered with 500 (the error is recorded).
 * A string body is sent as is; anything else as JSON.
 * @param {ReceiverHandler} handler
 */
async function startReceiver(handler) {
	/** @type {ReceiverExchange[]} */
	const exchanges = [];
	const server = http.createServer((req, res) => {
		readRequest(req).then((request) => {
			Promise.resolve()
				.then(() => handler(request))
				.then(
					(response) => {
						const status = (response && response.status) || 200;
						const body = response ? response.body : undefined;
						exchanges.push({ request, status });
						res.writeHead(status, {
							'content-type': 'application/json',
							...((response && response.headers) || {}),
						});
						res.end(
							typeof body === 'string' ? body : JSON.stringify(body === undefined ? {} : body),
						);
					},
					(error) => {
						const message = error && error.message ? String(error.message) : String(error);
						exchanges.push({ request, status: 500, error: message });
						res.writeHead(500, { 'content-type': 'application/json' });
						res.end(JSON.stringify({ message }));
					},
				);
		});
	});
	const url = await listenOnLoopback(server);
	return {
		url,
		/** Every request answered, oldest first, with the status it got. */
		exchanges,
		/** @returns {Promise<void>} */
		stop() {
			return new Promise((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}

module.exports = { listenOnLoopback, readRequest, startReceiver };
