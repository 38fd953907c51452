'use strict';
/**
 * The Return All baseline, run as a child process: a plain loop of `fetch` calls over the same pages the node reads
 * (page 1..N, perPage 100, Basic auth), one after the other, each answer parsed and its items collected. Bounded by
 * the page count and a time limit; only 127.0.0.1.
 *
 *   node lab/bench/lib/fetchPages.js <sandboxUrl> <publicKey> <secretKey> <pages> <perPage> <timeLimitMs>
 *
 * Prints one JSON line: { requests, items, bytes, rssGrowth, heapRetained, ms } (bytes: JSON received; rssGrowth:
 * this process's RSS holding the items minus before the first request; heapRetained: the JS heap the items hold
 * after a full collection, when run with --expose-gc; ms measured inside this process, startup excluded).
 */
const { rawClient, runScript } = require('./rawClient');

runScript(async () => {
	const [base, publicKey, secretKey, pagesText, perPageText, timeLimitText] = process.argv.slice(2);
	const client = rawClient(base, publicKey, secretKey);
	const pages = Math.min(10_000, Number(pagesText));
	const perPage = Number(perPageText);
	const deadline = Date.now() + Math.min(300_000, Number(timeLimitText) || 60_000);

	/** A full collection when the process runs with --expose-gc; the JS heap in use after it. */
	const collectedHeap = () => {
		if (typeof global.gc !== 'function') return NaN;
		global.gc();
		return process.memoryUsage().heapUsed;
	};
	const items = [];
	const heapBefore = collectedHeap();
	const rssBefore = process.memoryUsage().rss;
	let requests = 0;
	let bytes = 0;
	const started = process.hrtime.bigint();
	for (let page = 1; page <= pages && Date.now() < deadline; page++) {
		const answer = await client.getJson(`/v1/charges?page=${page}&perPage=${perPage}`);
		requests++;
		bytes += answer.bytes;
		items.push(...answer.envelope.data);
		if (page >= (answer.envelope.pagination?.totalPages ?? page)) break;
	}
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	const rssGrowth = process.memoryUsage().rss - rssBefore;
	return {
		requests,
		items: items.length,
		bytes,
		rssGrowth,
		heapRetained: collectedHeap() - heapBefore,
		ms,
	};
});
