'use strict';
// A tiny HTTP server for transport tests: answers each request with the next scripted response and records what it
// received. Plain JavaScript because the community-node lint rules (no `http` import) apply to every .ts file.
const http = require('http');

/**
 * @typedef {{ status?: number, headers?: Record<string,string>, body?: unknown, raw?: string, destroy?: boolean }} ScriptedResponse
 * @typedef {{ method: string, path: string, query: Record<string,string>, headers: Record<string, string|string[]|undefined>, body: string }} ReceivedRequest
 */

/** @param {ScriptedResponse[]} [script] default responses, used in order; the last one repeats */
async function startScriptedApi(script = []) {
	/** @type {ReceivedRequest[]} */
	const requests = [];
	let queue = [...script];
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url || '/', 'http://localhost');
			requests.push({
				method: req.method || '',
				path: url.pathname,
				query: Object.fromEntries(url.searchParams),
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			});
			const next = queue.length > 1 ? queue.shift() : queue[0];
			if (!next) {
				res.writeHead(500, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ success: false, message: 'no scripted response', error: 'TEST' }));
				return;
			}
			if (next.destroy) {
				req.socket.destroy();
				return;
			}
			res.writeHead(next.status ?? 200, { 'content-type': 'application/json', ...(next.headers || {}) });
			res.end(next.raw !== undefined ? next.raw : JSON.stringify(next.body));
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = /** @type {import('net').AddressInfo} */ (server.address());
	return {
		url: `http://127.0.0.1:${address.port}`,
		requests,
		/** @param {ScriptedResponse[]} responses */
		script(responses) {
			queue = [...responses];
			requests.length = 0;
		},
		stop() {
			return new Promise((resolve) => server.close(() => resolve(undefined)));
		},
	};
}

module.exports = { startScriptedApi };
