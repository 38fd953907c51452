'use strict';
/**
 * The per-request baseline of figure 1, run as a child process: a plain loop of `fetch` calls, one after the other,
 * GET /v1/charges/<id> for each id of a file (Basic auth), each answer parsed. Only 127.0.0.1.
 *
 *   node lab/bench/lib/fetchCharges.js <sandboxUrl> <publicKey> <secretKey> <ids.json>
 *
 * Prints one JSON line: { requests, ms, cpuMs } (measured inside this process, startup excluded).
 */
const fs = require('fs');
const { rawClient, runScript } = require('./rawClient');

const MAX_IDS = 10_000;

runScript(async () => {
	const [base, publicKey, secretKey, idsFile] = process.argv.slice(2);
	const client = rawClient(base, publicKey, secretKey);
	/** @type {string[]} */
	const ids = JSON.parse(fs.readFileSync(idsFile, 'utf8')).slice(0, MAX_IDS);
	let requests = 0;
	const cpuBefore = process.cpuUsage();
	const started = process.hrtime.bigint();
	for (const id of ids) {
		await client.getJson(`/v1/charges/${encodeURIComponent(id)}`);
		requests++;
	}
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	const cpu = process.cpuUsage(cpuBefore);
	return { requests, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
});
