'use strict';
/**
 * Forged-request flood, run as a child process next to the load generator: POSTs one JSON body of `bodyBytes` to one
 * URL on 127.0.0.1 over `connections` keep-alive connections, each request sent as soon as the last one on its
 * connection was answered, until `durationMs` has passed or `stopFile` exists. Each request carries fresh forged signatures claiming
 * every family the trigger recognises (Standard Webhooks, `t=/v1=`, a raw-body MAC with an `X-Timestamp`), its
 * timestamps now, so that a trigger that verifies it computes every family's MAC under every secret it holds.
 *
 *   node lab/bench/lib/flood.js <url> <connections> <durationMs> <bodyBytes> [stopFile]
 *
 * Prints one JSON line: { sent, statuses, errors, durationMs, perSecond, megabytesPerSecond }.
 */
const fs = require('fs');
const http = require('http');
const { randomBytes, randomUUID } = require('crypto');

const MAX_CONNECTIONS = 64;
const MAX_DURATION_MS = 600_000;
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;

/** A charge event padded to `size` bytes of JSON. */
function forgedBody(size) {
	const event = {
		id: randomUUID(),
		event: 'charge.captured',
		charge: { id: randomUUID(), status: 'captured', amount: 100, currency: 'BRL' },
		padding: '',
	};
	const overhead = Buffer.byteLength(JSON.stringify(event));
	event.padding = 'x'.repeat(Math.max(0, size - overhead));
	return Buffer.from(JSON.stringify(event));
}

/** Every family claimed, every MAC random. */
function forgedHeaders(body) {
	const t = String(Math.floor(Date.now() / 1000));
	const mac = () => randomBytes(32);
	return {
		'content-type': 'application/json',
		'content-length': String(body.length),
		'webhook-id': `msg_${randomUUID()}`,
		'webhook-timestamp': t,
		'webhook-signature': `v1,${mac().toString('base64')}`,
		'stripe-signature': `t=${t},v1=${mac().toString('hex')}`,
		'x-timestamp': t,
		'x-signature': `sha256=${mac().toString('hex')}`,
	};
}

function post(agent, url, body) {
	return new Promise((resolve) => {
		const request = http.request(
			url,
			{ method: 'POST', agent, headers: forgedHeaders(body), timeout: REQUEST_TIMEOUT_MS },
			(response) => {
				response.resume();
				response.on('end', () => resolve({ status: response.statusCode }));
			},
		);
		request.on('timeout', () => request.destroy(new Error('timeout')));
		request.on('error', (/** @type {NodeJS.ErrnoException} */ error) =>
			resolve({ error: error.code ?? error.message }),
		);
		request.end(body);
	});
}

async function main() {
	const [target, connectionsText, durationText, bytesText, stopFile] = process.argv.slice(2);
	const url = new URL(target);
	if (url.hostname !== '127.0.0.1' || url.protocol !== 'http:') {
		throw new Error(`the flood only targets http://127.0.0.1 (got ${target})`);
	}
	const connections = Math.min(MAX_CONNECTIONS, Math.max(1, Number(connectionsText) || 1));
	const durationMs = Math.min(MAX_DURATION_MS, Math.max(1, Number(durationText) || 10_000));
	const bodyBytes = Math.min(MAX_BODY_BYTES, Math.max(1, Number(bytesText) || 1024 * 1024));
	const body = forgedBody(bodyBytes);
	const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
	/** @type {Record<string, number>} */
	const statuses = {};
	/** @type {Record<string, number>} */
	const errors = {};
	let sent = 0;
	const started = Date.now();
	const worker = async () => {
		while (Date.now() - started < durationMs && !(stopFile && fs.existsSync(stopFile))) {
			const result = await post(agent, url, body);
			sent++;
			if (result.error) errors[result.error] = (errors[result.error] ?? 0) + 1;
			else statuses[result.status] = (statuses[result.status] ?? 0) + 1;
		}
	};
	await Promise.all(Array.from({ length: connections }, worker));
	const elapsed = Date.now() - started;
	agent.destroy();
	process.stdout.write(
		`${JSON.stringify({
			sent,
			statuses,
			errors,
			durationMs: elapsed,
			perSecond: sent / (elapsed / 1000),
			megabytesPerSecond: (sent * body.length) / (1024 * 1024) / (elapsed / 1000),
		})}\n`,
	);
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exitCode = 1;
});
