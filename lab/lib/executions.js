'use strict';
/**
 * Executions through n8n's public API (`/api/v1/executions`): the one place the suites list them and wait for them.
 */
const { sleep, waitFor } = require('../../scripts/lib/wait');

const PAGE = 250;
const MAX_PAGES = 40;

/**
 * An execution as the public API returns it (with `data` when asked for).
 * @typedef {{ id: string, status: string, finished?: boolean, workflowId?: string, startedAt: string,
 *   stoppedAt: string, data?: any }} Execution
 * @typedef {{ workflowId?: string, includeData?: boolean, status?: string, limit?: number }} ExecutionQuery
 *   `limit`: only the newest `limit` executions (one page)
 */

/**
 * Every execution matching `query` (all pages, newest first; with `limit`, the newest `limit`).
 * @param {import('./n8n').N8nClient} client
 * @param {ExecutionQuery} [query]
 * @returns {Promise<Execution[]>}
 */
async function allExecutions(client, query = {}) {
	/** @type {Execution[]} */
	const executions = [];
	/** @type {string | undefined} */
	let cursor;
	const { limit, ...filters } = query;
	for (let page = 0; page < MAX_PAGES; page++) {
		const qs = new URLSearchParams({ limit: String(limit ?? PAGE) });
		for (const [key, value] of Object.entries(filters))
			if (value !== undefined) qs.set(key, String(value));
		if (cursor) qs.set('cursor', cursor);
		const result = /** @type {{ data?: Execution[], nextCursor?: string }} */ (
			await client.api('GET', `/executions?${qs}`)
		);
		executions.push(...(result.data ?? []));
		cursor = result.nextCursor;
		if (!cursor || limit !== undefined) return executions;
	}
	throw new Error(`more than ${MAX_PAGES * PAGE} executions`);
}

/** @param {Execution} execution */
const isSettled = (execution) =>
	execution.finished === true ||
	['success', 'error', 'crashed', 'canceled'].includes(execution.status);

/**
 * Waits until at least `count` executions match `query` and all are settled, then for `quietMs` more in which
 * nothing new may appear; returns them (with data when query.includeData). Fewer than `count` after `timeoutMs` is
 * not an error here: what there is, is returned, and the caller's checks report the count.
 * @param {import('./n8n').N8nClient} client
 * @param {ExecutionQuery} query
 * @param {number} count
 * @param {{ timeoutMs?: number, quietMs?: number }} [options]
 */
async function settledExecutions(client, query, count, { timeoutMs = 60_000, quietMs = 0 } = {}) {
	/** @type {Execution[]} */
	let list = [];
	await waitFor(
		`${count} settled executions`,
		async () => {
			list = await allExecutions(client, query);
			return list.length >= count && list.every(isSettled);
		},
		{ timeoutMs, intervalMs: 200 },
	).catch(() => undefined);
	if (quietMs > 0) {
		await sleep(quietMs);
		list = await allExecutions(client, query);
	}
	return list;
}

/**
 * The JSON items a node emitted in an execution (first run, first output).
 * @param {Execution | undefined} execution
 * @param {string} nodeName
 * @returns {any[]}
 */
function nodeOutput(execution, nodeName) {
	const run = execution?.data?.resultData?.runData?.[nodeName]?.[0];
	return (run?.data?.main?.[0] ?? []).map((/** @type {{ json: any }} */ item) => item.json);
}

/**
 * How many finished executions a workflow has, and how many of them succeeded, without listing them: the editor's
 * execution list (REST), which counts in the database (exact on SQLite).
 * @param {import('./n8n').N8nClient} client
 * @param {string} workflowId
 */
async function countExecutions(client, workflowId) {
	/** @param {object} filter */
	const count = async (filter) => {
		const query = new URLSearchParams({
			filter: JSON.stringify({ workflowId, ...filter }),
			limit: '1',
		});
		const page = await client.rest('GET', `/executions?${query}`);
		if (typeof page?.count !== 'number' || page.estimated) {
			throw new Error(
				`the execution list gave no exact count: ${JSON.stringify(page).slice(0, 200)}`,
			);
		}
		return /** @type {number} */ (page.count);
	};
	const [finished, succeeded] = await Promise.all([count({}), count({ status: ['success'] })]);
	return { finished, succeeded };
}

module.exports = { allExecutions, countExecutions, isSettled, nodeOutput, settledExecutions };
