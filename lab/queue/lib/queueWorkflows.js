'use strict';
/** The queue suite's workflows: each records the process that ran it and ends with a POST to the Last Step. */
const { postNode, setNode, triggerWorkflow, waitNode } = require('../../lib/workflows');
const { ALL_EVENTS, cellName, LONG_EVENTS, LONG_RUN_SECONDS, RUN_SECONDS } = require('./cells');

/** @typedef {import('./cells').Cell} Cell */

const RECORD_NODE_NAME = 'Record Process';

const TRIGGER_ITEM = "$('Payment Platform Trigger').item.json";

/**
 * The queue suite's workflow: Trigger (Acknowledge `acknowledge`) → `before` → Set node with the process that ran
 * the execution and the delivery id → `between` → Last Step, a POST of the delivery id and event to `lastStepUrl`.
 * @param {{ id: string, name: string }} credential
 * @param {string} name
 * @param {string[]} events
 * @param {string} acknowledge
 * @param {string} lastStepUrl
 * @param {object[]} [between]
 * @param {object[]} [before]
 */
function recordingWorkflow(
	credential,
	name,
	events,
	acknowledge,
	lastStepUrl,
	between = [],
	before = [],
) {
	const record = setNode(RECORD_NODE_NAME, {
		process: '={{ $env.PP_QUEUE_PROCESS }}',
		deliveryId: `={{ ${TRIGGER_ITEM}.id }}`,
	});
	const lastStep = postNode('Last Step', lastStepUrl, {
		deliveryId: `={{ ${TRIGGER_ITEM}.id }}`,
		event: `={{ ${TRIGGER_ITEM}.event }}`,
	});
	return triggerWorkflow(
		name,
		events,
		credential,
		// Each workflow's endpoint receives only its events, so a part's deliveries reach only its workflows.
		{ endpointEvents: 'selected' },
		{ parameters: { acknowledge }, after: [...before, record, ...between, lastStep] },
	);
}

/**
 * A cell's workflow (recordingWorkflow, Acknowledge the cell's mode) with a Wait (RUN_SECONDS, or LONG_RUN_SECONDS
 * for LONG_EVENTS) before the Last Step, whose receiver fails the first run of a FAILING_ONCE_EVENTS delivery.
 * @param {{ id: string, name: string }} credential
 * @param {Cell} cell
 * @param {string} lastStepUrl
 */
function queueWorkflow(credential, cell, lastStepUrl) {
	const wait = waitNode('Take a Second', {
		resume: 'timeInterval',
		amount: `={{ ${JSON.stringify(LONG_EVENTS)}.includes(${TRIGGER_ITEM}.event) ? ${LONG_RUN_SECONDS} : ${RUN_SECONDS} }}`,
		unit: 'seconds',
	});
	const name = `Queue mode: ${cellName(cell)}`;
	return recordingWorkflow(credential, name, ALL_EVENTS, cell.mode, lastStepUrl, [wait]);
}

module.exports = { queueWorkflow, RECORD_NODE_NAME, recordingWorkflow };
