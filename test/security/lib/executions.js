'use strict';
/**
 * Executions through n8n's public API (`/api/v1/executions`), every page.
 */
const { sleep } = require('../../../scripts/lib/n8n');

const PAGE = 250;
const MAX_PAGES = 40;

/**
 * Every execution matching `query` (all pages, newest first).
 * @param {import('../../../scripts/lib/n8n').N8nClient} client
 * @param {{ workflowId?: string, includeData?: boolean, status?: string }} [query]
 */
async function allExecutions(client, query = {}) {
	const executions = [];
	let cursor;
	for (let page = 0; page < MAX_PAGES; page++) {
		const qs = new URLSearchParams({ limit: String(PAGE) });
		for (const [key, value] of Object.entries(query))
			if (value !== undefined) qs.set(key, String(value));
		if (cursor) qs.set('cursor', cursor);
		const result = await client.api('GET', `/executions?${qs}`);
		executions.push(...(result.data ?? []));
		cursor = result.nextCursor;
		if (!cursor) return executions;
	}
	throw new Error(`more than ${MAX_PAGES * PAGE} executions`);
}

const isSettled = (execution) =>
	execution.finished === true ||
	['success', 'error', 'crashed', 'canceled'].includes(execution.status);

/**
 * Waits until at least `count` executions match `query` and all are settled, then for `quietMs` more in which
 * nothing new may appear; returns them (with data when query.includeData).
 */
async function settledExecutions(client, query, count, { timeoutMs = 60_000, quietMs = 0 } = {}) {
	const deadline = Date.now() + timeoutMs;
	let list = [];
	while (Date.now() < deadline) {
		list = await allExecutions(client, query);
		if (list.length >= count && list.every(isSettled)) break;
		await sleep(200);
	}
	if (quietMs > 0) {
		await sleep(quietMs);
		list = await allExecutions(client, query);
	}
	return list;
}

/** The JSON items a node emitted in an execution (first run, first output). */
function nodeOutput(execution, nodeName) {
	const run = execution?.data?.resultData?.runData?.[nodeName]?.[0];
	return (run?.data?.main?.[0] ?? []).map((item) => item.json);
}

module.exports = { allExecutions, isSettled, nodeOutput, settledExecutions };
