'use strict';
/** Waiting, for every tool and suite: a plain sleep and the one polling loop. */

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it returns something truthy and returns that value. A `check` that throws counts as "not yet";
 * after `timeoutMs` the error names `what` and the last error seen. `stopIf` ends the wait early with its message
 * (e.g. "the process exited").
 * @template T
 * @param {string} what
 * @param {() => T | Promise<T>} check
 * @param {{ timeoutMs?: number, intervalMs?: number, stopIf?: () => string | undefined }} [options]
 * @returns {Promise<NonNullable<T>>}
 */
async function waitFor(what, check, { timeoutMs = 30_000, intervalMs = 250, stopIf } = {}) {
	const deadline = Date.now() + timeoutMs;
	/** @type {Error | undefined} */
	let lastError;
	while (Date.now() < deadline) {
		const stopReason = stopIf?.();
		if (stopReason) throw new Error(`gave up waiting for ${what}: ${stopReason}`);
		try {
			const value = await check();
			if (value) return /** @type {NonNullable<T>} */ (value);
		} catch (error) {
			lastError = /** @type {Error} */ (error);
		}
		await sleep(intervalMs);
	}
	throw new Error(`timed out waiting for ${what}${lastError ? `: ${lastError.message}` : ''}`);
}

module.exports = { sleep, waitFor };
