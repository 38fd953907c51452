'use strict';
// The waits code asks of the timer, recorded and answered at once, for tests of how long the node waits without
// waiting that long. Plain JavaScript because the community-node lint rules (no `setTimeout`) apply to every .ts file.

/**
 * Records each timer of at least `atLeastMs` (but `exceptMs`) and fires it at once; other timers run as asked.
 * @param {{ atLeastMs: number, exceptMs: number[] }} which
 * @returns {{ waits: number[], restore: () => void }}
 */
function recordWaits({ atLeastMs, exceptMs }) {
	const real = globalThis.setTimeout;
	/** @type {number[]} */
	const waits = [];
	globalThis.setTimeout = /** @type {typeof setTimeout} */ (
		(callback, ms = 0, ...args) => {
			if (ms < atLeastMs || exceptMs.includes(ms)) return real(callback, ms, ...args);
			waits.push(ms);
			return real(callback, 0, ...args);
		}
	);
	return { waits, restore: () => (globalThis.setTimeout = real) };
}

module.exports = { recordWaits };
