'use strict';
/** Turning a step that throws into a reported result, and reading an execution's error. */

/**
 * @typedef {{ label: string, ok: boolean, problem?: string }} CheckResult
 */

/**
 * Runs `fn`; undefined when it completed, else the first lines of what it threw.
 * @param {() => Promise<unknown>} fn
 * @returns {Promise<string | undefined>}
 */
async function attempt(fn) {
	try {
		await fn();
		return undefined;
	} catch (error) {
		return String(error?.message ?? error)
			.split('\n')
			.slice(0, 4)
			.join(' ');
	}
}

/**
 * One check: ok when `fn` completes.
 * @param {string} label
 * @param {() => Promise<unknown>} fn
 * @returns {Promise<CheckResult>}
 */
async function checkItem(label, fn) {
	const problem = await attempt(fn);
	return { label, ok: !problem, problem };
}

/**
 * An execution's error message and description, or its status when it has none.
 * @param {{ status?: string, data?: any } | undefined} execution
 */
function errorText(execution) {
	const error = execution?.data?.resultData?.error;
	return error ? `${error.message} ${error.description ?? ''}` : `status ${execution?.status}`;
}

module.exports = { attempt, checkItem, errorText };
