'use strict';
// A tiny HTTP server for transport tests: answers each request with the next scripted response (or with what a
// handler returns for it, when requests may arrive in any order) and records what it received. Plain JavaScript because the community-node lint rules (no `http` import) apply to every .ts file.
const http = require('http');
const { listenOnLoopback, readRequest } = require('./receiver');

/**
 * @typedef {{ status?: number, headers?: Record<string,string>, body?: unknown, raw?: string, destroy?: boolean, delayMs?: number }} ScriptedResponse
 * @typedef {{ method: string, path: string, query: Record<string,string>, headers: Record<string, string|string[]|undefined>, body: string }} ReceivedRequest
 * @typedef {(request: ReceivedRequest) => ScriptedResponse} Handler
 */

/** @param {ScriptedResponse[]} [script] default responses, used in order; the last one repeats */
async function startScriptedApi(script = []) {
	/** @type {ReceivedRequest[]} */
	const requests = [];
	let queue = [...script];
	/** @type {Handler | undefined} */
	let handler;
	const load = { inFlight: 0, maxInFlight: 0 };
	const server = http.createServer((req, res) => {
		readRequest(req).then(({ rawBody, ...rest }) => {
			/** @type {ReceivedRequest} */
			const received = { ...rest, body: rawBody.toString('utf8') };
			requests.push(received);
			const next = handler ? handler(received) : queue.length > 1 ? queue.shift() : queue[0];
			if (!next) {
				res.writeHead(500, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ success: false, message: 'no scripted response', error: 'TEST' }));
				return;
			}
			if (next.destroy) {
				req.socket.destroy();
				return;
			}
			const answer = next;
			load.inFlight++;
			load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
			setTimeout(() => {
				load.inFlight--;
				res.writeHead(answer.status ?? 200, {
					'content-type': 'application/json',
					...(answer.headers || {}),
				});
				res.end(answer.raw !== undefined ? answer.raw : JSON.stringify(answer.body));
			}, answer.delayMs ?? 0);
		});
	});
	const url = await listenOnLoopback(server);
	return {
		url,
		requests,
		/** Requests being answered at once: now, and the most since the last script() or answer(). */
		load,
		/** @param {ScriptedResponse[]} responses */
		script(responses) {
			queue = [...responses];
			handler = undefined;
			requests.length = 0;
			load.maxInFlight = 0;
		},
		/**
		 * Answers every request with what `answerFor` returns for it, in whatever order the requests arrive.
		 * @param {Handler} answerFor
		 */
		answer(answerFor) {
			handler = answerFor;
			requests.length = 0;
			load.maxInFlight = 0;
		},
		stop() {
			return new Promise((resolve) => server.close(() => resolve(undefined)));
		},
	};
}

/**
 * A write's 201 with the record.
 * @param {unknown} data
 */
const created = (data) => ({ status: 201, body: { success: true, message: 'Created', data } });

/**
 * A failed answer in the error envelope, to be retried at once.
 * @param {number} status
 */
const failedWith = (status) => ({
	status,
	headers: { 'retry-after': '0' },
	body: { success: false, message: `answer ${status}`, error: 'SOME_ERROR' },
});

module.exports = { created, failedWith, startScriptedApi };
