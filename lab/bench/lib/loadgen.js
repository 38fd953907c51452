'use strict';
/**
 * Loopback load generator, run as a child process so that it does not share an event loop with the sandbox or the
 * benchmark: POSTs prepared webhook deliveries to one URL on 127.0.0.1 with a fixed number of connections, and
 * stops by itself after the last delivery or at the time limit, whichever comes first.
 *
 *   node lab/bench/lib/loadgen.js <deliveries.json> <url> <concurrency> <timeLimitMs>
 *
 * deliveries.json: [{ body: string, headers: { name: value } }, ...] (at most MAX_DELIVERIES).
 * Prints one JSON line: { sent, accepted, statuses, errors, durationMs, perSecond, latency: { p50, p99, max } }.
 */
const fs = require('fs');
const http = require('http');
const { percentile } = require('../../lib/stats');

const MAX_DELIVERIES = 10_000;
const MAX_TIME_LIMIT_MS = 300_000;
const MAX_CONCURRENCY = 256;
const REQUEST_TIMEOUT_MS = 30_000;

function post(agent, url, delivery) {
	return new Promise((resolve) => {
		const started = process.hrtime.bigint();
		const request = http.request(
			url,
			{
				method: 'POST',
				agent,
				headers: { ...delivery.headers, 'content-length': Buffer.byteLength(delivery.body) },
				timeout: REQUEST_TIMEOUT_MS,
			},
			(response) => {
				response.resume();
				response.on('end', () =>
					resolve({
						status: response.statusCode,
						ms: Number(process.hrtime.bigint() - started) / 1e6,
					}),
				);
			},
		);
		request.on('timeout', () => request.destroy(new Error('timeout')));
		request.on('error', (/** @type {NodeJS.ErrnoException} */ error) =>
			resolve({
				error: error.code ?? error.message,
				ms: Number(process.hrtime.bigint() - started) / 1e6,
			}),
		);
		request.end(delivery.body);
	});
}

async function main() {
	const [file, target, concurrencyText, timeLimitText] = process.argv.slice(2);
	const url = new URL(target);
	if (url.hostname !== '127.0.0.1' || url.protocol !== 'http:') {
		throw new Error(`the load generator only targets http://127.0.0.1 (got ${target})`);
	}
	const deliveries = JSON.parse(fs.readFileSync(file, 'utf8')).slice(0, MAX_DELIVERIES);
	const concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, Number(concurrencyText) || 1));
	const timeLimitMs = Math.min(MAX_TIME_LIMIT_MS, Math.max(1, Number(timeLimitText) || 60_000));
	const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

	const statuses = {};
	const errors = {};
	const latencies = [];
	let next = 0;
	let accepted = 0;
	const started = Date.now();
	const deadline = started + timeLimitMs;
	const worker = async () => {
		while (next < deliveries.length && Date.now() < deadline) {
			const result = await post(agent, url, deliveries[next++]);
			latencies.push(result.ms);
			if (result.error) {
				errors[result.error] = (errors[result.error] ?? 0) + 1;
				continue;
			}
			statuses[result.status] = (statuses[result.status] ?? 0) + 1;
			if (result.status >= 200 && result.status < 300) accepted++;
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	const durationMs = Date.now() - started;
	agent.destroy();
	process.stdout.write(
		`${JSON.stringify({
			sent: latencies.length,
			accepted,
			statuses,
			errors,
			timedOut: latencies.length < deliveries.length,
			durationMs,
			perSecond: accepted / (durationMs / 1000),
			latency: {
				p50: percentile(latencies, 50),
				p99: percentile(latencies, 99),
				max: Math.max(...latencies),
			},
		})}\n`,
	);
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exitCode = 1;
});
