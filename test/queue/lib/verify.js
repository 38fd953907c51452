'use strict';
/**
 * What the queue suite checks once every part has run: each delivery delivered and executed the expected number of
 * times on a worker, the lost acknowledgements retried and recognised, the stopped worker idle while stopped, and
 * the table of counts.
 */
const {
	ACCEPTED_ANSWER,
	DELIVERY_TIMEOUT_MS,
	DUPLICATE_ANSWER,
	STOPPED_WORKER,
	WEBHOOKS,
	WORKERS,
} = require('./queueRun');

/**
 * @typedef {import('./queueRun').QueueRun} QueueRun
 * @typedef {import('./queueRun').RecordedExecution} RecordedExecution
 * @typedef {import('./balancer').ForwardRecord} ForwardRecord
 * @typedef {import('../../security/lib/report').Report} Report
 * @typedef {Map<string | undefined, RecordedExecution[]>} ExecutionsByDelivery
 */

/** Executions by delivery id. */
function byDelivery(executions) {
	const map = new Map();
	for (const execution of executions) {
		const list = map.get(execution.deliveryId) ?? [];
		list.push(execution);
		map.set(execution.deliveryId, list);
	}
	return map;
}

/** Whether the trigger accepted this request as new (started an execution): 200 and not the duplicate answer. */
const acceptedAsNew = (record) => record.status === 200 && !record.body.includes(DUPLICATE_ANSWER);

/** Checks shared by every part: delivered, executed on a worker, successful; returns the per-delivery counts. */
function checkDeliveries(report, run, partName, executionsById, expectedRuns) {
	const { ids } = run.parts[partName];
	const records = ids.map((id) => run.sandbox.deliveries.find((record) => record.id === id));
	report.group(
		`${partName}: the sandbox got a 2xx for each delivery`,
		records.map((record, i) => ({
			label: ids[i],
			ok: record?.delivered === true,
			problem: `attempts ${record?.attempts}, last ${record?.lastStatus ?? record?.lastError}`,
		})),
		`${records.filter((r) => r?.delivered).length}/${ids.length}, ${records.filter((r) => r?.attempts > 1).length} needed a retry`,
	);
	const runs = ids.map((id) => executionsById.get(id) ?? []);
	report.group(
		`${partName}: executions per delivery`,
		ids.map((id, i) => ({
			label: id,
			ok: runs[i].length === expectedRuns(id),
			problem: `${runs[i].length} executions, expected ${expectedRuns(id)}`,
		})),
		`${runs.reduce((sum, list) => sum + list.length, 0)} executions for ${ids.length} deliveries`,
	);
	const all = runs.flat();
	report.group(
		`${partName}: each execution succeeded on a worker`,
		all.map((execution) => ({
			label: `execution ${execution.id}`,
			ok: execution.status === 'success' && WORKERS.includes(execution.process),
			problem: `status ${execution.status}, process ${execution.process}`,
		})),
		Object.entries(tally(all.map((e) => e.process)))
			.map(([name, count]) => `${name} ×${count}`)
			.join(', '),
	);
	return runs;
}

function verifyWorkerRestart(report, run, executionsById) {
	const name = 'worker restart';
	const runs = checkDeliveries(report, run, name, executionsById, () => 1);
	const requests = run.requestsOf(name);
	const dropped = requests.filter((r) => r.dropped);
	// An answer withheld after the trigger accepted the delivery: the retry must be recognised as a duplicate.
	const lostAcks = dropped.filter(acceptedAsNew);
	report.group(
		`${name}: every request went to ${WEBHOOKS[0]}, lost acknowledgements were retried and recognised`,
		[
			{
				label: 'one webhook process',
				ok: requests.every((r) => r.upstream === WEBHOOKS[0]),
				problem: JSON.stringify(tally(requests.map((r) => r.upstream))),
			},
			{ label: 'acknowledgements lost', ok: lostAcks.length > 0, problem: 'none was dropped' },
			...lostAcks.map((drop) => {
				const later = requests.filter((r) => r.deliveryId === drop.deliveryId && r.n > drop.n);
				return {
					label: `retry of ${drop.deliveryId}`,
					ok: later.some((r) => r.status === 200 && r.body.includes(DUPLICATE_ANSWER)),
					problem: `later answers: ${later.map((r) => `${r.status} ${r.body.slice(0, 60)}`).join('; ') || 'none'}`,
				};
			}),
		],
		`${requests.length} requests, ${lostAcks.length} acknowledgements of accepted deliveries lost, each retry answered "${DUPLICATE_ANSWER}"`,
	);
	const { stopped, restartStarted, restarted } = run.timeline;
	const flat = runs.flat();
	const onStopped = flat.filter((e) => e.process === STOPPED_WORKER);
	const before = onStopped.filter((e) => e.startedAt < stopped).length;
	const during = onStopped.filter(
		(e) => e.startedAt >= stopped && e.startedAt < restartStarted,
	).length;
	const after = onStopped.filter((e) => e.startedAt >= restarted).length;
	const { stopStarted } = run.timeline;
	const runningAtStop = onStopped.filter(
		(e) => e.startedAt < stopStarted && e.stoppedAt > stopStarted,
	).length;
	report.group(
		`${name}: ${STOPPED_WORKER} worked before its stop and after its restart, not while stopped`,
		[
			{ label: 'before the stop', ok: before > 0, problem: `${before} executions` },
			{ label: 'while stopped', ok: during === 0, problem: `${during} executions` },
			{ label: 'after the restart', ok: after > 0, problem: `${after} executions` },
		],
		`${before} before (${runningAtStop} running at SIGTERM, finished by the graceful shutdown), ${during} while stopped, ` +
			`${after} after; stop took ${stopped - stopStarted} ms, restart ${restarted - restartStarted} ms`,
	);
	return {
		deliveries: runs.length,
		executions: flat.length,
		...requestCounts(run, name, requests),
	};
}

function verifyPathHash(report, run, executionsById) {
	const name = 'two webhook processes, routed by path';
	const runs = checkDeliveries(report, run, name, executionsById, () => 1);
	const requests = run.requestsOf(name);
	const upstreams = new Set(requests.map((r) => r.upstream));
	const dropped = requests.filter((r) => r.dropped).length;
	report.group(
		`${name}: one process took every delivery of the endpoint, retries included`,
		[
			{ label: 'one process', ok: upstreams.size === 1, problem: [...upstreams].join(', ') },
			{ label: 'acknowledgements lost', ok: dropped > 0, problem: 'none was dropped' },
		],
		`${requests.length} requests to ${[...upstreams].join(', ')}, ${dropped} acknowledgements lost`,
	);
	return {
		deliveries: runs.length,
		executions: runs.flat().length,
		...requestCounts(run, name, requests),
	};
}

function verifyRoundRobin(report, run, executionsById) {
	const name = 'two webhook processes, round-robin';
	const requests = run.requestsOf(name);
	// The model of the documented guarantee: a delivery runs once in each process that accepted it as new.
	const processesAccepting = (id) =>
		new Set(requests.filter((r) => r.deliveryId === id && acceptedAsNew(r)).map((r) => r.upstream))
			.size;
	const runs = checkDeliveries(report, run, name, executionsById, processesAccepting);
	const { ids } = run.parts[name];
	const crossed = ids.filter((id) => processesAccepting(id) > 1).length;
	const dropped = requests.filter((r) => r.dropped).length;
	report.group(
		`${name}: no delivery lost; a retry that reached the other process ran again there`,
		ids.map((id, i) => ({
			label: id,
			ok: runs[i].length >= 1,
			problem: 'not executed',
		})),
		`${dropped} acknowledgements lost, ${crossed} retries reached the other process → ${runs.flat().length - ids.length} extra executions`,
	);
	return {
		deliveries: ids.length,
		executions: runs.flat().length,
		...requestCounts(run, name, requests),
		crossed,
	};
}

/**
 * For the table: requests through the balancer, answers withheld, n8n's own error answers (5xx, unreachable), and
 * attempts the sandbox gave up waiting for (its delivery timeout; n8n may still have answered later).
 */
function requestCounts(run, partName, requests) {
	const ids = new Set(run.parts[partName].ids);
	const timeouts = run.logs.sandbox.filter((line) => {
		const match = /^delivery (\S+) .* attempt \d+: ECONNABORTED$/.exec(line);
		return match !== null && ids.has(match[1]);
	});
	return {
		timeouts: timeouts.length,
		requests: requests.length,
		dropped: requests.filter((r) => r.dropped).length,
		serverErrors: requests.filter((r) => r.status === undefined || r.status >= 500).length,
	};
}

function tally(values) {
	const counts = {};
	for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
	return counts;
}

/** @param {number} ms */
const isoTime = (ms) => (Number.isFinite(ms) ? new Date(ms).toISOString() : 'never');

/**
 * Every check of the run, and the table of counts.
 * @param {Report} report
 * @param {QueueRun} run
 */
async function verifyAll(report, run) {
	const executions = await run.executions();
	const executionsById = byDelivery(executions);
	const known = new Set(Object.values(run.parts).flatMap((part) => part.ids));
	const rows = [
		{ part: 'worker restart', crossed: 0, ...verifyWorkerRestart(report, run, executionsById) },
		{ part: 'path routing', crossed: 0, ...verifyPathHash(report, run, executionsById) },
		{ part: 'round-robin', ...verifyRoundRobin(report, run, executionsById) },
	];
	const accepted = run.balancer.records.filter(acceptedAsNew);
	report.group(
		`every accepted delivery was answered ${ACCEPTED_ANSWER}`,
		accepted.map((record) => ({
			label: `request ${record.n}`,
			ok: record.body === ACCEPTED_ANSWER,
			problem: `answered ${record.body.slice(0, 80)}`,
		})),
		`${accepted.length} answers`,
	);
	report.group(
		'no execution without a delivery of this run',
		executions.map((execution) => ({
			label: `execution ${execution.id}`,
			ok: known.has(String(execution.deliveryId)),
			// The status and times say whether n8n ran it at all (e.g. "crashed" around a worker's stop).
			problem:
				`delivery id ${execution.deliveryId}, status ${execution.status}, ` +
				`started ${isoTime(execution.startedAt)}, stopped ${isoTime(execution.stoppedAt)}`,
		})),
		`${executions.length} executions`,
	);
	report.table(
		'Queue mode: deliveries and executions',
		[
			{ key: 'part', title: 'part' },
			{ key: 'deliveries', title: 'deliveries' },
			{ key: 'requests', title: 'requests' },
			{ key: 'dropped', title: 'answers withheld' },
			{ key: 'serverErrors', title: 'n8n 5xx' },
			{ key: 'timeouts', title: `sender timeouts (${DELIVERY_TIMEOUT_MS / 1000} s)` },
			{ key: 'crossed', title: 'retries to another process' },
			{ key: 'executions', title: 'executions' },
		],
		rows,
	);
}

module.exports = { verifyAll };
