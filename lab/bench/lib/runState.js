'use strict';
/** What every figure shares while the bench runs: the log, a clock, and whether Ctrl-C was pressed. */

/** @param {string} line */
const log = (line) => console.log(line);

/** A monotonic clock in milliseconds. */
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

const state = { interrupted: false };

/** Called on Ctrl-C / SIGTERM: the measuring loops stop while the children are being stopped. */
function interrupt() {
	state.interrupted = true;
}

function checkInterrupted() {
	if (state.interrupted) throw new Error('interrupted');
}

module.exports = { checkInterrupted, interrupt, log, nowMs, state };
