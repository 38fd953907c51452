'use strict';
/**
 * The queue suite's matrix: the n8n processes, the events and how their runs behave, and the cells (an Acknowledge
 * mode and a sender retry profile, each with a workflow and so an endpoint of its own).
 */
const WEBHOOKS = ['webhook-1', 'webhook-2'];
const WORKERS = ['worker-a', 'worker-b'];

/** Events whose runs take RUN_SECONDS and succeed. */
const EVENTS = ['charge.captured', 'charge.refunded', 'charge.chargeback'];
/** Events whose runs take LONG_RUN_SECONDS, longer than any sender's timeout (charge.failed also fails once). */
const LONG_EVENTS = ['charge.voided', 'charge.failed'];
/** Events whose first run of a delivery fails at its last node (the next run of the same delivery succeeds). */
const FAILING_ONCE_EVENTS = ['charge.expired', 'charge.failed'];
const ALL_EVENTS = [...new Set([...EVENTS, ...LONG_EVENTS, ...FAILING_ONCE_EVENTS])];

/** The two acknowledgement modes. */
const MODES = /** @type {const} */ (['onReceived', 'lastNode']);
/** @typedef {typeof MODES[number]} Mode */

/** The sender retry profiles (sandbox/retryProfiles.js). */
const PROFILES = ['resend-every-failure', 'stop-at-4xx', 'short-timeout', 'pause-endpoint'];

/**
 * A cell of the matrix: an Acknowledge mode and a retry profile, with a workflow (and so an endpoint) of its own.
 * @typedef {{ mode: Mode, profile: string }} Cell
 */

/**
 * The cells `.ci/run queue` runs: the safe mode under every profile that keeps retrying (the goal: 0 lost), and When
 * Received under the default profile (what it loses). `--all` runs every mode with every profile.
 * @type {Cell[]}
 */
const GOAL_CELLS = [
	{ mode: 'lastNode', profile: 'resend-every-failure' },
	{ mode: 'lastNode', profile: 'stop-at-4xx' },
	{ mode: 'lastNode', profile: 'short-timeout' },
	{ mode: 'onReceived', profile: 'resend-every-failure' },
];
/** @type {Cell[]} */
const ALL_CELLS = MODES.flatMap((mode) => PROFILES.map((profile) => ({ mode, profile })));

/** @param {Cell} cell */
const cellName = (cell) =>
	`${cell.mode === 'lastNode' ? 'After the Workflow Succeeds' : 'When Received'} / ${cell.profile}`;

/** Whether a cell's sender keeps retrying (pause-endpoint stops for good once it has paused the endpoint). */
const senderRetries = (/** @type {Cell} */ cell) => cell.profile !== 'pause-endpoint';

/** How long each execution takes (a Wait node), so that a killed worker has executions running. */
const RUN_SECONDS = 1;
/** How long a run of a LONG_EVENTS delivery takes: more than any profile's timeout (15 s, short-timeout's 5 s). */
const LONG_RUN_SECONDS = 17;

module.exports = {
	ALL_CELLS,
	ALL_EVENTS,
	cellName,
	EVENTS,
	FAILING_ONCE_EVENTS,
	GOAL_CELLS,
	LONG_EVENTS,
	LONG_RUN_SECONDS,
	RUN_SECONDS,
	senderRetries,
	WEBHOOKS,
	WORKERS,
};
