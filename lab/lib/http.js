'use strict';
const { waitFor } = require('../../scripts/lib/wait');
/**
 * Sending one request to n8n and keeping what came back. Network errors are results, not exceptions: an attack
 * that makes n8n drop the connection must be counted, not crash the suite.
 */

/**
 * @typedef {object} Answer
 * @property {number | null} status null when no HTTP answer came (network error, timeout)
 * @property {string} text the answer's body ('' when none)
 * @property {string | undefined} error the network error, if any
 * @property {number} ms
 */

/**
 * @param {string} url
 * @param {{ method?: string, body?: Buffer, headers?: Record<string, string> | Array<[string, string]>,
 *   timeoutMs?: number }} request Headers as pairs keep repeated names.
 * @returns {Promise<Answer>}
 */
async function send(url, { method = 'POST', body, headers = {}, timeoutMs = 60_000 }) {
	const started = Date.now();
	try {
		const response = await fetch(url, {
			method,
			headers: new Headers(headers),
			body: method === 'GET' || method === 'HEAD' ? undefined : body,
			signal: AbortSignal.timeout(timeoutMs),
		});
		const text = await response.text();
		return { status: response.status, text, error: undefined, ms: Date.now() - started };
	} catch (error) {
		const code = error?.cause?.code ?? error?.name ?? 'ERROR';
		return {
			status: null,
			text: '',
			error: `${code}: ${error?.message}`,
			ms: Date.now() - started,
		};
	}
}

/**
 * Runs `tasks` (functions returning promises) with at most `limit` at a time; resolves to their results in order.
 * @template T
 * @param {Array<() => Promise<T>>} tasks
 * @param {number} limit
 * @returns {Promise<T[]>}
 */
async function inParallel(tasks, limit) {
	const results = new Array(tasks.length);
	let next = 0;
	const worker = async () => {
		while (next < tasks.length) {
			const index = next++;
			results[index] = await tasks[index]();
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
	return results;
}

/**
 * Waits until n8n serves the production webhook at `url`: a POST of `{}` answered with anything but 404 (n8n may
 * register webhooks a moment after activation returns). A trigger refuses that unsigned body; it runs nothing.
 * @param {string} url
 */
async function waitForWebhook(url) {
	await waitFor('the production webhook', async () => {
		const { status } = await send(url, { body: Buffer.from('{}'), timeoutMs: 10_000 });
		return status !== null && status !== 404;
	});
}

module.exports = { inParallel, send, waitForWebhook };
