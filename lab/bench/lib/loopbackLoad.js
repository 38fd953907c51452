'use strict';
/** What the bench's load scripts (loadgen.js, flood.js) share: POSTs over keep-alive connections to 127.0.0.1. */
const http = require('http');

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The target URL, refused unless it is plain HTTP on 127.0.0.1.
 * @param {string} target
 * @param {string} what the script, for the error
 */
function loopbackUrl(target, what) {
	const url = new URL(target);
	if (url.hostname !== '127.0.0.1' || url.protocol !== 'http:') {
		throw new Error(`${what} only targets http://127.0.0.1 (got ${target})`);
	}
	return url;
}

/**
 * One POST; resolves with its status or error code and how long it took, never rejects.
 * @returns {Promise<{ status?: number, error?: string, ms: number }>}
 */
function post(agent, url, headers, body) {
	return new Promise((resolve) => {
		const started = process.hrtime.bigint();
		const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
		const request = http.request(
			url,
			{ method: 'POST', agent, headers, timeout: REQUEST_TIMEOUT_MS },
			(response) => {
				response.resume();
				response.on('end', () => resolve({ status: response.statusCode, ms: ms() }));
			},
		);
		request.on('timeout', () => request.destroy(new Error('timeout')));
		request.on('error', (/** @type {NodeJS.ErrnoException} */ error) =>
			resolve({ error: error.code ?? error.message, ms: ms() }),
		);
		request.end(body);
	});
}

/**
 * Runs `next` on `connections` keep-alive connections until it returns undefined; counts the answers by status and
 * the failures by error. `next()` gives the headers and body of the next request.
 * @param {number} connections
 * @param {() => { headers: object, body: Buffer | string } | undefined} next
 * @param {(result: { status?: number, error?: string, ms: number }) => void} [onResult]
 */
async function sendOver(url, connections, next, onResult = () => undefined) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
	/** @type {Record<string, number>} */
	const statuses = {};
	/** @type {Record<string, number>} */
	const errors = {};
	let sent = 0;
	const started = Date.now();
	const connection = async () => {
		for (let request = next(); request; request = next()) {
			const result = await post(agent, url, request.headers, request.body);
			sent++;
			if (result.error) errors[result.error] = (errors[result.error] ?? 0) + 1;
			else statuses[String(result.status)] = (statuses[String(result.status)] ?? 0) + 1;
			onResult(result);
		}
	};
	await Promise.all(Array.from({ length: connections }, connection));
	agent.destroy();
	return { sent, statuses, errors, durationMs: Date.now() - started };
}

/** Runs a script's `main`, printing its result as one JSON line (exit code 1 on an error). */
function runScript(main) {
	main().then(
		(result) => process.stdout.write(`${JSON.stringify(result)}\n`),
		(error) => {
			process.stderr.write(`${error.stack ?? error}\n`);
			process.exitCode = 1;
		},
	);
}

module.exports = { loopbackUrl, runScript, sendOver };
