'use strict';
/**
 * After the attacks: every answer against its expectation, every execution traced back to the delivery that caused it
 * (by the id in the trigger's item: the body's id, else the X-Delivery-Id header), n8n's health, and the per-attack
 * table. A group may hold valid deliveries (signed, of any shape): each must run exactly once, the others never.
 */
const fs = require('fs');
const { TRIGGER_NODE_NAME } = require('../../lib/workflows');
const { allExecutions, nodeOutput, settledExecutions } = require('../../lib/executions');
const { send } = require('../../lib/http');
const { signatureMacs } = require('./leaks');

/**
 * @typedef {import('./attackRun').AttackRun} AttackRun
 * @typedef {import('./stack').SecurityStack} SecurityStack
 * @typedef {import('../../lib/groupReport').Report} Report
 * @typedef {{ title: string, count?: number }} SentGroup
 */

/** How long to wait, after the expected executions are there, for any that should not be. */
const QUIET_MS = 2_500;

/**
 * Checks every answer, traces every execution, checks health; prints the per-attack table.
 * @param {Report} report
 * @param {SecurityStack} stack
 * @param {AttackRun} run
 * @param {SentGroup[]} groups
 * @param {number} executionsBefore how many executions n8n had before the run
 */
async function verify(report, stack, run, groups, executionsBefore) {
	const { client, instance, canaries } = stack;
	const A = await settledExecutions(
		client,
		{ workflowId: run.A.workflowId, includeData: true },
		run.valid.A.length,
		{ quietMs: QUIET_MS },
	);
	const B = await settledExecutions(
		client,
		{ workflowId: run.B.workflowId, includeData: true },
		run.valid.B.length,
	);
	const everything = await allExecutions(client, {});
	const runsById = (executions) => {
		const counts = new Map();
		for (const execution of executions) {
			const id =
				nodeOutput(execution, TRIGGER_NODE_NAME)[0]?.id ?? `(no id: execution ${execution.id})`;
			counts.set(id, (counts.get(id) ?? 0) + 1);
		}
		return counts;
	};
	const runsA = runsById(A);
	const runsB = runsById(B);
	const validIds = new Set([...run.valid.A, ...run.valid.B].map((v) => v.id));
	const secrets = [run.A.secret, run.B.secret, canaries.secretKey];
	const leakIn = (text) => secrets.filter((secret) => text.includes(secret)).length;

	const table = [];
	for (const group of groups) {
		const entries = run.sent.filter((s) => s.group === group.title);
		const results = entries.map(({ delivery, answer }) => {
			const problems = [];
			const acceptable = [delivery.expectStatus].flat();
			if (!acceptable.includes(answer.status)) {
				problems.push(
					`status ${answer.status ?? answer.error}, expected ${acceptable.join(' or ')}`,
				);
			}
			if (
				delivery.expectText &&
				acceptable.includes(answer.status) &&
				!answer.text.includes(delivery.expectText)
			) {
				problems.push(`answer "${answer.text.slice(0, 80)}" lacks "${delivery.expectText}"`);
			}
			if (leakIn(answer.text) > 0) problems.push('the answer holds a secret');
			return { label: delivery.label, ok: problems.length === 0, problem: problems.join('; ') };
		});
		const ids = new Set(entries.flatMap((e) => e.delivery.ids ?? []));
		let executions = 0;
		for (const id of ids) {
			const runs = (runsA.get(id) ?? 0) + (runsB.get(id) ?? 0);
			executions += validIds.has(id) ? Math.max(0, runs - 1) : runs;
		}
		results.push({
			label: `executions caused by "${group.title}"`,
			ok: executions === 0,
			problem: `${executions} executions`,
		});
		const statuses = tally(entries.map((e) => e.answer.status ?? 'no answer'));
		const expected = tally(
			entries.map((e) =>
				[e.delivery.expectStatus]
					.flat()
					.map((status) => status ?? 'none')
					.join('/'),
			),
		);
		// Signed deliveries of any shape run: they are valid ones (checked with them), not counted here.
		const valid = entries.filter((e) => e.delivery.valid).length;
		const ranValid = valid > 0 ? ` (+${valid} valid, run once each)` : '';
		const ok = report.group(
			`attack: ${group.title}`,
			results,
			`${entries.length} deliveries, ${statuses}, ${executions} executions${ranValid}`,
		);
		table.push({
			attack: group.title,
			sent: entries.length,
			statuses,
			expected,
			executions: `${executions}${ranValid}`,
			result: ok ? 'ok' : 'FAIL',
		});
	}

	const validResults = (trigger, runs) =>
		run.valid[trigger].map((v) => {
			const count = runs.get(v.id) ?? 0;
			const ok = v.answer.status === 200 && count === 1;
			return {
				label: `${v.label} ${v.id.slice(0, 8)}`,
				ok,
				problem: `status ${v.answer.status ?? v.answer.error}, ${count} executions`,
			};
		});
	report.group(
		'valid deliveries to A between the attacks: 200 and exactly one execution each',
		validResults('A', runsA),
		`${run.valid.A.length} deliveries`,
	);
	report.group(
		'valid deliveries to B (the other endpoint): 200 and exactly one execution each',
		validResults('B', runsB),
		`${run.valid.B.length} deliveries`,
	);
	const unexpected = [...runsA.keys(), ...runsB.keys()].filter((id) => !validIds.has(id));
	const totals = [
		{
			label: 'every execution of A and B belongs to a valid delivery',
			ok: unexpected.length === 0,
			problem: `unexpected: ${unexpected.join(', ')}`,
		},
		{
			label: `executions of A = ${run.valid.A.length} valid deliveries`,
			ok: A.length === run.valid.A.length,
			problem: `${A.length} executions`,
		},
		{
			label: `executions of B = ${run.valid.B.length} valid deliveries`,
			ok: B.length === run.valid.B.length,
			problem: `${B.length} executions`,
		},
		{
			label: 'no execution of any other workflow',
			ok: everything.length - executionsBefore === A.length + B.length,
			problem: `${everything.length - executionsBefore} new executions in n8n`,
		},
		{
			label: 'every execution succeeded',
			ok: [...A, ...B].every((e) => e.status === 'success'),
			problem: tally([...A, ...B].map((e) => e.status)),
		},
	];
	report.group(
		'executions traced to deliveries',
		totals,
		`${everything.length - executionsBefore} new executions in n8n`,
	);

	const health = await checkHealth(instance, stack.n8nLog);
	report.group('n8n still healthy after the attacks', health.results, health.detail);

	// Catalogue entries that are valid (signed, of any shape: they run) are counted with the valid deliveries.
	const bad = run.sent.filter((s) => !s.delivery.valid).length;
	report.table(
		`Attacks on the trigger (${bad} bad deliveries, ${run.valid.A.length + run.valid.B.length} valid ones between them)`,
		[
			...table,
			{
				attack: 'valid (between and among the attacks)',
				sent: run.valid.A.length + run.valid.B.length,
				statuses: tally(
					[...run.valid.A, ...run.valid.B].map((v) => v.answer.status ?? 'no answer'),
				),
				expected: '200',
				executions: A.length + B.length,
				result:
					unexpected.length === 0 &&
					A.length === run.valid.A.length &&
					B.length === run.valid.B.length
						? 'ok (1 each)'
						: 'FAIL',
			},
		],
	);
	return {
		badDeliveries: bad,
		validDeliveries: run.valid.A.length + run.valid.B.length,
		answers: run.sent.map((s) => s.answer.text),
		signatures: [...run.sent.map((s) => s.delivery), ...run.valid.A, ...run.valid.B].flatMap((d) =>
			signatureMacs(d.headers),
		),
		table,
	};
}

/**
 * n8n still answers its health checks, its process runs, and its log holds no fatal line.
 * @param {SecurityStack['instance']} instance
 * @param {string[]} n8nLog
 */
async function checkHealth(instance, n8nLog) {
	const results = [];
	for (const endpoint of ['/healthz', '/healthz/readiness']) {
		const answer = await send(`${instance.url}${endpoint}`, { method: 'GET', timeoutMs: 5_000 });
		results.push({
			label: `GET ${endpoint}`,
			ok: answer.status === 200,
			problem: `status ${answer.status ?? answer.error}`,
		});
	}
	const alive =
		instance.process.child.exitCode === null && instance.process.child.signalCode === null;
	results.push({
		label: 'the n8n process is still running',
		ok: alive,
		problem: `exited (${instance.process.child.exitCode})`,
	});
	const fatal = n8nLog.filter((line) =>
		/uncaught|unhandled rejection|heap out of memory|FATAL/i.test(line),
	);
	results.push({
		label: 'no uncaught error or fatal line in the n8n log',
		ok: fatal.length === 0,
		problem: fatal.slice(0, 3).join(' | '),
	});
	let rss = '';
	try {
		const status = fs.readFileSync(`/proc/${instance.process.child.pid}/status`, 'utf8');
		rss = `, n8n RSS ${Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)} MB`;
	} catch {
		// Not on Linux: no RSS figure.
	}
	return { results, detail: `healthz 200, readiness 200${rss}` };
}

/**
 * "401×16, 400×2"
 * @param {unknown[]} values
 */
function tally(values) {
	const counts = new Map();
	for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
	return [...counts].map(([value, count]) => `${value}×${count}`).join(' ');
}

module.exports = { QUIET_MS, tally, verify };
