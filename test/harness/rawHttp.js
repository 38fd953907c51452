'use strict';
// Raw HTTP misbehaviour that axios cannot produce, for the sandbox's robustness tests. Plain JavaScript because the
// community-node lint rules (no `http` import, no timers) apply to every .ts file.
const http = require('http');

/**
 * Starts a request that announces `declaredLength` bytes, sends only `partialBody`, then aborts after `abortAfterMs`.
 * Resolves once the request is gone.
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, partialBody: string, declaredLength: number, abortAfterMs?: number }} options
 * @returns {Promise<void>}
 */
function abortMidBody(url, options) {
	return new Promise((resolve) => {
		const req = http.request(url, {
			method: options.method || 'POST',
			headers: { ...(options.headers || {}), 'Content-Length': options.declaredLength },
		});
		req.on('error', () => resolve());
		req.write(options.partialBody);
		setTimeout(() => {
			req.destroy();
			resolve();
		}, options.abortAfterMs ?? 20);
	});
}

module.exports = { abortMidBody };
