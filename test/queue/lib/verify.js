'use strict';
/**
 * What the queue suite checks once every part has run, per Acknowledge mode: what the package guarantees is asserted
 * (no event lost after the workflow succeeds; exactly once while one webhook process serves the endpoint and stays
 * up); what n8n itself does with an event answered when received is counted and reported, not asserted.
 */
const { MODES, WEBHOOKS, WORKERS } = require('./queueRun');

/**
 * @typedef {import('./queueRun').QueueRun} QueueRun
 * @typedef {import('./queueRun').Mode} Mode
 * @typedef {import('./queueRun').RecordedExecution} RecordedExecution
 * @typedef {import('../../../scripts/lib/groupReport').Report} Report
 */

/** Parts in which one webhook process serves every delivery of an endpoint and is not restarted. */
const ONE_LIVE_WEBHOOK_PROCESS = [
	'worker stopped (SIGTERM)',
	'worker killed (SIGKILL)',
	'two webhook processes, routed by path',
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
 * Per delivery of one part and mode: acknowledged (the sandbox got a 2xx), successful executions, attempts.
 * @param {QueueRun} run
 * @param {string} partName
 * @param {Mode} mode
 * @param {Map<string | undefined, RecordedExecution[]>} executionsById
 */
function deliveriesOf(run, partName, mode, executionsById) {
	const { endpointUrl } = run.workflow().modes[mode];
	return run.parts[partName].ids
		.flatMap((id) => run.sandbox.deliveries.filter((record) => record.id === id))
		.filter((record) => record.url === endpointUrl)
		.map((record) => {
			const executions = executionsById.get(record.id) ?? [];
			return {
				id: record.id,
				acknowledged: record.delivered === true,
				attempts: record.attempts,
				last: record.lastStatus ?? record.lastError,
				succeeded: executions.filter((e) => e.status === 'success').length,
				executions,
			};
		});
}

/**
 * The checks and the table row of one part in one mode.
 * @param {Report} report
 * @param {QueueRun} run
 * @param {string} partName
 * @param {Mode} mode
 * @param {Map<string | undefined, RecordedExecution[]>} executionsById
 */
function verifyPartMode(report, run, partName, mode, executionsById) {
	const deliveries = deliveriesOf(run, partName, mode, executionsById);
	const lost = deliveries.filter((d) => d.acknowledged && d.succeeded === 0);
	const duplicates = deliveries.filter((d) => d.succeeded > 1);
	const describe = (d) =>
		`${d.succeeded} successful executions (${d.executions.map((e) => e.status).join(', ') || 'none'}), ` +
		`acknowledged ${d.acknowledged}, ${d.attempts} attempts, last ${d.last}`;
	const exactlyOnce = ONE_LIVE_WEBHOOK_PROCESS.includes(partName);
	const label = `${partName}, ${mode}`;
	if (mode === 'lastNode') {
		report.group(
			`${label}: every delivery ran ${exactlyOnce ? 'exactly once' : 'at least once'} and none was lost`,
			deliveries.map((d) => ({
				label: d.id,
				ok: exactlyOnce ? d.succeeded === 1 : d.succeeded >= 1,
				problem: describe(d),
			})),
			`${deliveries.length} deliveries, ${lost.length} lost, ${duplicates.length} run twice`,
		);
	} else if (exactlyOnce) {
		report.group(
			`${label}: no delivery ran twice (losses are n8n's, counted below)`,
			deliveries.map((d) => ({ label: d.id, ok: d.succeeded <= 1, problem: describe(d) })),
			`${deliveries.length} deliveries, ${lost.length} lost, ${duplicates.length} run twice`,
		);
	}
	for (const d of [...lost, ...(mode === 'onReceived' ? duplicates : [])]) {
		console.log(`     ${label}: ${d.id}: ${describe(d)}`);
	}
	return {
		part: partName,
		mode: mode === 'lastNode' ? 'After the Workflow Succeeds' : 'When Received',
		deliveries: deliveries.length,
		acknowledged: deliveries.filter((d) => d.acknowledged).length,
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
	for (const mode of MODES) {
		const executions = await run.executions(mode);
		const executionsById = byDelivery(executions);
		for (const partName of Object.keys(run.parts)) {
			rows.push(verifyPartMode(report, run, partName, mode, executionsById));
		}
		report.group(
			// An execution cut off by a killed worker may have recorded nothing; it is not a successful one.
			`${mode}: every successful execution ran a delivery of this run, on a worker`,
			executions.map((e) => ({
				label: `execution ${e.id}`,
				ok:
					e.status !== 'success' ||
					(known.has(String(e.deliveryId)) && WORKERS.includes(String(e.process))),
				problem: `delivery id ${e.deliveryId}, status ${e.status}, process ${e.process}`,
			})),
			`${executions.length} executions (${tallyText(executions.map((e) => e.status))})`,
		);
	}
	const requests = run.balancer.records;
	report.table(
		'Queue mode: charge events under faults, per Acknowledge mode',
		[
			{ key: 'part', title: 'fault' },
			{ key: 'mode', title: 'Acknowledge' },
			{ key: 'deliveries', title: 'deliveries' },
			{ key: 'acknowledged', title: 'acknowledged (2xx)' },
			{ key: 'succeeded', title: 'ran successfully' },
			{ key: 'lost', title: 'lost (2xx, no successful run)' },
			{ key: 'duplicates', title: 'duplicates (run twice)' },
			{ key: 'runningAtFault', title: 'executions on the worker at the fault' },
			{ key: 'seconds', title: 'part took (s)' },
		],
		rows,
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

module.exports = { verifyAll };
