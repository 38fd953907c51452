'use strict';
/**
 * What the queue suite checks once every part has run, per cell (Acknowledge mode × sender retry profile): what the
 * package guarantees is asserted (after the workflow succeeds, no event lost wherever the sender keeps retrying; exactly
 * once while one webhook process serves the endpoint and stays up, under the sender's default profile); what n8n
 * itself does with an event answered when received, and what a sender that pauses the endpoint gives up, is counted
 * and reported, not asserted.
 */
const { senderRetries, WEBHOOKS, WORKERS } = require('./cells');
const { RESTARTS_PART_NAME } = require('./restarts');
const { TRIGGER_NODE_NAME } = require('../../lib/workflows');

/**
 * A run that stopped at the trigger: its first step found the delivery recorded as run in n8n's deduplication store
 * (docs/trigger.md, "Where the trigger keeps its state"), and nothing after it ran.
 * @param {RecordedExecution} execution
 */
const stoppedAtTrigger = (execution) =>
	execution.status === 'success' &&
	execution.nodesRun.length === 1 &&
	execution.nodesRun[0] === TRIGGER_NODE_NAME;

/**
 * @typedef {import('./queueRun').QueueRun} QueueRun
 * @typedef {import('./queueRun').CellWorkflow} CellWorkflow
 * @typedef {import('./queueRun').RecordedExecution} RecordedExecution
 * @typedef {import('../../lib/groupReport').Report} Report
 */

/** Parts in which one webhook process serves every delivery of an endpoint and is not restarted. */
const ONE_LIVE_WEBHOOK_PROCESS = [
	'worker stopped (SIGTERM)',
	'worker killed (SIGKILL)',
	'two webhook processes, routed by path',
	RESTARTS_PART_NAME,
];

/**
 * @param {RecordedExecution[]} executions
 * @returns {Map<string | undefined, RecordedExecution[]>}
 */
function byDelivery(executions) {
	const map = new Map();
	for (const execution of executions) {
		const list = map.get(execution.deliveryId) ?? [];
		list.push(execution);
		map.set(execution.deliveryId, list);
	}
	return map;
}

/**
 * Per delivery of one part and cell: acknowledged (the sandbox got a 2xx), given up, successful executions, attempts.
 * @param {QueueRun} run
 * @param {string} partName
 * @param {CellWorkflow} cell
 * @param {Map<string | undefined, RecordedExecution[]>} executionsById
 */
function deliveriesOf(run, partName, cell, executionsById) {
	const { endpointUrl } = cell;
	return run.parts[partName].ids
		.flatMap((id) => run.sandbox.deliveries.filter((record) => record.id === id))
		.filter((record) => record.url === endpointUrl)
		.map((record) => {
			const executions = executionsById.get(record.id) ?? [];
			return {
				id: record.id,
				acknowledged: record.delivered === true,
				gaveUp: record.gaveUp,
				attempts: record.attempts,
				last: record.lastStatus ?? record.lastError,
				succeeded: executions.filter((e) => e.status === 'success').length,
				lastStepAnswers: run.lastStep?.answered.get(record.id) ?? [],
				executions,
			};
		});
}

/**
 * A delivery's requests (as the balancer saw them, if it went through it) and executions, in seconds from the first of
 * them: what tells why it ran twice.
 * @param {QueueRun} run
 * @param {{ id: string, executions: RecordedExecution[] }} delivery
 */
function timeline(run, delivery) {
	const requests = run.balancer.records.filter((r) => r.deliveryId === delivery.id);
	const start = requests[0]?.receivedAt ?? Math.min(...delivery.executions.map((e) => e.startedAt));
	const at = (/** @type {number | undefined} */ time) =>
		time === undefined ? '-' : ((time - start) / 1000).toFixed(3);
	const sent = requests.map(
		(r) =>
			`request ${at(r.receivedAt)}-${at(r.answeredAt)} s ${r.upstream} ${r.status ?? 'unanswered'}` +
			`${r.dropped ? ' (withheld)' : ''} ${r.body.slice(0, 60)}`,
	);
	const ran = delivery.executions.map(
		(e) =>
			`execution ${e.id} ${at(e.startedAt)}-${at(e.stoppedAt)} s ${e.process} ${e.status} (${e.nodesRun.join(' > ')})`,
	);
	return [...sent, ...ran].join('; ');
}

/**
 * The checks and the table row of one part in one cell. Lost: the platform got a 2xx or gave up, and no execution of
 * the delivery succeeded.
 * @param {Report} report
 * @param {QueueRun} run
 * @param {string} partName
 * @param {CellWorkflow} cellWorkflow
 * @param {Map<string | undefined, RecordedExecution[]>} executionsById
 */
function verifyPartCell(report, run, partName, cellWorkflow, executionsById) {
	const { cell } = cellWorkflow;
	const mode = cell.mode;
	const deliveries = deliveriesOf(run, partName, cellWorkflow, executionsById);
	const lost = deliveries.filter((d) => (d.acknowledged || d.gaveUp) && d.succeeded === 0);
	const duplicates = deliveries.filter((d) => d.succeeded > 1);
	const describe = (d) =>
		`${d.succeeded} successful executions (${d.executions.map((e) => e.status).join(', ') || 'none'}), ` +
		`acknowledged ${d.acknowledged}, gave up ${d.gaveUp ?? 'no'}, ${d.attempts} attempts, last ${d.last}, ` +
		`last step answered ${d.lastStepAnswers.join(', ') || 'never'}`;
	// After the workflow succeeds, a resend runs again once the first run has not answered for 25 s (it may be lost):
	// under load a slow run may then run twice, so only When Received is held to exactly once here.
	const exactlyOnce = ONE_LIVE_WEBHOOK_PROCESS.includes(partName) && mode === 'onReceived';
	const label = `${partName}, ${cellWorkflow.name}`;
	if (mode === 'lastNode' && senderRetries(cell)) {
		report.group(
			`${label}: every delivery ran at least once and none was lost`,
			deliveries.map((d) => ({
				label: d.id,
				ok: d.succeeded >= 1,
				problem: describe(d),
			})),
			`${deliveries.length} deliveries, ${lost.length} lost, ${duplicates.length} run twice`,
		);
	} else if (mode === 'onReceived' && exactlyOnce) {
		report.group(
			`${label}: no delivery ran twice (losses are n8n's, counted below)`,
			deliveries.map((d) => ({ label: d.id, ok: d.succeeded <= 1, problem: describe(d) })),
			`${deliveries.length} deliveries, ${lost.length} lost, ${duplicates.length} run twice`,
		);
	}
	for (const d of [...lost, ...(mode === 'onReceived' ? duplicates : [])]) {
		console.log(`     ${label}: ${d.id}: ${describe(d)}`);
	}
	for (const d of mode === 'lastNode' ? duplicates : []) {
		console.log(`     ${label}: ran twice: ${d.id}: ${timeline(run, d)}`);
	}
	return {
		part: partName,
		mode: mode === 'lastNode' ? 'After the Workflow Succeeds' : 'When Received',
		profile: cell.profile,
		deliveries: deliveries.length,
		acknowledged: deliveries.filter((d) => d.acknowledged).length,
		gaveUp: deliveries.filter((d) => d.gaveUp).length,
		succeeded: deliveries.filter((d) => d.succeeded > 0).length,
		lost: lost.length,
		duplicates: duplicates.length,
		runningAtFault: run.timeline[partName]?.runningAtFault ?? '',
		seconds: run.parts[partName].seconds.toFixed(0),
	};
}

/**
 * Every check of the run, and the table of counts.
 * @param {Report} report
 * @param {QueueRun} run
 */
async function verifyAll(report, run) {
	const known = new Set(Object.values(run.parts).flatMap((part) => part.ids));
	const rows = [];
	for (const cellWorkflow of run.workflow().cells) {
		const executions = await run.executions(cellWorkflow);
		const executionsById = byDelivery(executions);
		for (const partName of Object.keys(run.parts)) {
			rows.push(verifyPartCell(report, run, partName, cellWorkflow, executionsById));
		}
		report.group(
			// An execution cut off by a killed worker may have recorded nothing; it is not a successful one.
			`${cellWorkflow.name}: every successful execution ran a delivery of this run, on a worker`,
			executions.map((e) => ({
				label: `execution ${e.id}`,
				ok:
					e.status !== 'success' ||
					stoppedAtTrigger(e) ||
					(known.has(String(e.deliveryId)) && WORKERS.includes(String(e.process))),
				problem: `delivery id ${e.deliveryId}, status ${e.status}, process ${e.process}, mode ${e.mode}, nodes run: ${e.nodesRun.join(', ') || 'none'}`,
			})),
			`${executions.length} executions (${tallyText(executions.map((e) => e.status))}; ${executions.filter(stoppedAtTrigger).length} stopped at the trigger, the delivery already run)`,
		);
	}
	const requests = run.balancer.records;
	rows.sort((a, b) => a.mode.localeCompare(b.mode) || a.profile.localeCompare(b.profile));
	report.table(
		'Queue mode: charge events under faults, per Acknowledge mode and sender retry profile',
		rows.map((row) => ({
			fault: row.part,
			Acknowledge: row.mode,
			sender: row.profile,
			deliveries: row.deliveries,
			'acknowledged (2xx)': row.acknowledged,
			'given up by the sender': row.gaveUp,
			'ran successfully': row.succeeded,
			'lost (2xx or given up, no successful run)': row.lost,
			'duplicates (run twice)': row.duplicates,
			'executions on the worker at the fault': row.runningAtFault,
			'part took (s)': row.seconds,
		})),
	);
	console.log(
		`     balancer: ${requests.length} requests, ${requests.filter((r) => r.dropped).length} answers withheld, ` +
			`statuses ${tallyText(requests.map((r) => r.status ?? 'unreachable'))}; webhook processes ${WEBHOOKS.join(', ')}`,
	);
	return rows;
}

/** @param {unknown[]} values */
function tallyText(values) {
	/** @type {Record<string, number>} */
	const counts = {};
	for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
	return Object.entries(counts)
		.map(([value, count]) => `${value} ×${count}`)
		.join(', ');
}

module.exports = { timeline, verifyAll };
