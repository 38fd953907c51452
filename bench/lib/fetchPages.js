'use strict';
/**
 * The Return All baseline, run as a child process: a plain loop of `fetch` calls over the same pages the node reads
 * (page 1..N, perPage 100, Basic auth), each answer parsed and its items collected. Bounded by the page count and a
 * time limit; only 127.0.0.1.
 *
 *   node bench/lib/fetchPages.js <sandboxUrl> <publicKey> <secretKey> <pages> <perPage> <timeLimitMs>
 *
 * Prints one JSON line: { requests, items, ms } (ms measured inside this process, startup excluded).
 */

async function main() {
	const [base, publicKey, secretKey, pagesText, perPageText, timeLimitText] = process.argv.slice(2);
	const url = new URL(base);
	if (url.hostname !== '127.0.0.1') throw new Error(`only 127.0.0.1 (got ${base})`);
	const pages = Math.min(10_000, Number(pagesText));
	const perPage = Number(perPageText);
	const deadline = Date.now() + Math.min(300_000, Number(timeLimitText) || 60_000);
	const authorization = `Basic ${Buffer.from(`${publicKey}:${secretKey}`).toString('base64')}`;

	const items = [];
	let requests = 0;
	const started = process.hrtime.bigint();
	for (let page = 1; page <= pages && Date.now() < deadline; page++) {
		const response = await fetch(`${url.origin}/v1/charges?page=${page}&perPage=${perPage}`, {
			headers: { accept: 'application/json', authorization },
		});
		requests++;
		const envelope = await response.json();
		if (!response.ok || !envelope.success) throw new Error(`page ${page}: HTTP ${response.status}`);
		items.push(...envelope.data);
		if (page >= envelope.pagination.totalPages) break;
	}
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	process.stdout.write(`${JSON.stringify({ requests, items: items.length, ms })}\n`);
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exitCode = 1;
});
