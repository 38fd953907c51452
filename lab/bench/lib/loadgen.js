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
const { percentile } = require('../../lib/stats');
const { loopbackUrl, runScript, sendOver } = require('./loopbackLoad');

const MAX_DELIVERIES = 10_000;
const MAX_TIME_LIMIT_MS = 300_000;
const MAX_CONCURRENCY = 256;

runScript(async () => {
	const [file, target, concurrencyText, timeLimitText] = process.argv.slice(2);
	const url = loopbackUrl(target, 'the load generator');
	const deliveries = JSON.parse(fs.readFileSync(file, 'utf8')).slice(0, MAX_DELIVERIES);
	const concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, Number(concurrencyText) || 1));
	const timeLimitMs = Math.min(MAX_TIME_LIMIT_MS, Math.max(1, Number(timeLimitText) || 60_000));
	const deadline = Date.now() + timeLimitMs;
	/** @type {number[]} */
	const latencies = [];
	let next = 0;
	let accepted = 0;
	const nextDelivery = () => {
		if (next >= deliveries.length || Date.now() >= deadline) return undefined;
		const { headers, body } = deliveries[next++];
		return { headers: { ...headers, 'content-length': Buffer.byteLength(body) }, body };
	};
	const { sent, statuses, errors, durationMs } = await sendOver(
		url,
		concurrency,
		nextDelivery,
		(result) => {
			latencies.push(result.ms);
			if (result.status !== undefined && result.status >= 200 && result.status < 300) accepted++;
		},
	);
	return {
		sent,
		accepted,
		statuses,
		errors,
		timedOut: sent < deliveries.length,
		durationMs,
		perSecond: accepted / (durationMs / 1000),
		latency: {
			p50: percentile(latencies, 50),
			p99: percentile(latencies, 99),
			max: Math.max(...latencies),
		},
	};
});
