'use strict';
/**
 * Forged-request flood, run as a child process next to the load generator: POSTs one JSON body of `bodyBytes` to one
 * URL on 127.0.0.1 over `connections` keep-alive connections, each request sent as soon as the last one on its
 * connection was answered, until `durationMs` has passed or `stopFile` exists. Each request carries fresh forged signatures claiming
 * every family the trigger recognises (Standard Webhooks, `t=/v1=`, a raw-body MAC with an `X-Timestamp`), its
 * timestamps now, so that a trigger that verifies it computes every family's MAC under every secret it holds.
 *
 *   node lab/bench/lib/flood.js <url> <connections> <durationMs> <bodyBytes> [stopFile] [contentType]
 *
 * Prints one JSON line: { sent, statuses, errors, durationMs, perSecond, megabytesPerSecond }.
 */
const fs = require('fs');
const { randomBytes, randomUUID } = require('crypto');
const { loopbackUrl, runScript, sendOver } = require('./loopbackLoad');

const MAX_CONNECTIONS = 64;
const MAX_DURATION_MS = 600_000;
const MAX_BODY_BYTES = 16 * 1024 * 1024;

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
function forgedHeaders(body, contentType) {
	const t = String(Math.floor(Date.now() / 1000));
	const mac = () => randomBytes(32);
	return {
		'content-type': contentType,
		'content-length': String(body.length),
		'webhook-id': `msg_${randomUUID()}`,
		'webhook-timestamp': t,
		'webhook-signature': `v1,${mac().toString('base64')}`,
		'stripe-signature': `t=${t},v1=${mac().toString('hex')}`,
		'x-timestamp': t,
		'x-signature': `sha256=${mac().toString('hex')}`,
	};
}

runScript(async () => {
	const [target, connectionsText, durationText, bytesText, stopFile, contentType] =
		process.argv.slice(2);
	const url = loopbackUrl(target, 'the flood');
	const connections = Math.min(MAX_CONNECTIONS, Math.max(1, Number(connectionsText) || 1));
	const durationMs = Math.min(MAX_DURATION_MS, Math.max(1, Number(durationText) || 10_000));
	const bodyBytes = Math.min(MAX_BODY_BYTES, Math.max(1, Number(bytesText) || 1024 * 1024));
	const body = forgedBody(bodyBytes);
	const started = Date.now();
	const going = () => Date.now() - started < durationMs && !(stopFile && fs.existsSync(stopFile));
	const result = await sendOver(url, connections, () =>
		going() ? { headers: forgedHeaders(body, contentType || 'application/json'), body } : undefined,
	);
	const seconds = result.durationMs / 1000;
	return {
		...result,
		perSecond: result.sent / seconds,
		megabytesPerSecond: (result.sent * body.length) / (1024 * 1024) / seconds,
	};
});
