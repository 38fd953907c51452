'use strict';
/**
 * What a forged delivery costs the webhook process: an ordinary forged request (one signature header, a small body)
 * next to forged requests with a 1 MB body (over the trigger's default Maximum Body Size: answered 503 before any
 * MAC), with one signature header and with as many `*-signature` headers as Node's 16 KB header limit lets through
 * (each header a forged MAC), and the worst the default allows: a body of exactly 1 MiB whose headers claim every
 * signature family (each family's MAC computed). A benchmark, not a timed assertion: it checks only that every
 * request got its status (401, or 503 over the limit) and ran nothing, and writes the figures into the report
 * (SECURITY.md).
 *
 * Figures: n8n's CPU time per request (user + system, all its threads, from /proc over batches) and the median
 * answer time, in rounds that alternate the cases. Measured on a shared machine: noisy, compare within one run.
 */
const { randomBytes } = require('crypto');
const { cpuMsOf } = require('../../lib/rss');
const { median } = require('../../lib/stats');
const { eventBody } = require('./attacks/delivery');
const { send } = require('../../lib/http');
const { allExecutions } = require('../../lib/executions');

/** ~100 bytes each: 150 fit under Node's default 16 KB of request headers, with the platform's own. */
const MANY_HEADERS = 150;
const MEGABYTE = 1024 * 1024;
/** The trigger's default Maximum Body Size. */
const BODY_LIMIT = 1024 * 1024;
const ROUNDS = 5;
const PER_BATCH = 8;

const forgedMac = () => `sha256=${randomBytes(32).toString('hex')}`;

/** A charge event of exactly `size` bytes of JSON. */
function eventOfSize(size) {
	const body = eventBody({ padding: '' });
	body.padding = 'x'.repeat(size - Buffer.byteLength(JSON.stringify(body)));
	return body;
}

/** Forged values in every family's shape, timestamps now: a verified request costs every family's MAC. */
function everyFamily() {
	const t = String(Math.floor(Date.now() / 1000));
	return {
		'webhook-id': `msg_${randomBytes(8).toString('hex')}`,
		'webhook-timestamp': t,
		'webhook-signature': `v1,${randomBytes(32).toString('base64')}`,
		'stripe-signature': `t=${t},v1=${randomBytes(32).toString('hex')}`,
		'x-timestamp': t,
		'x-signature': forgedMac(),
	};
}

/** The request of each case (fresh ids and forged MACs each time). */
const CASES = [
	{
		key: 'ordinary',
		title: 'ordinary forged request (1 signature header, small body)',
		status: 401,
		build: () => ({ body: eventBody(), headers: { 'x-signature': forgedMac() } }),
	},
	{
		key: 'large',
		title: 'forged, 1 MB body, 1 signature header (over Maximum Body Size)',
		status: 503,
		build: () => ({
			body: eventBody({ padding: 'x'.repeat(MEGABYTE) }),
			headers: { 'x-signature': forgedMac() },
		}),
	},
	{
		key: 'many',
		title: `forged, 1 MB body, ${MANY_HEADERS} *-signature headers (over Maximum Body Size)`,
		status: 503,
		build: () => ({
			body: eventBody({ padding: 'x'.repeat(MEGABYTE) }),
			headers: Object.fromEntries(
				Array.from({ length: MANY_HEADERS }, (_, i) => [
					`x-f${String(i).padStart(3, '0')}-signature`,
					forgedMac(),
				]),
			),
		}),
	},
	{
		key: 'atLimit',
		title: 'forged, exactly 1 MiB (the default limit), every signature family claimed',
		status: 401,
		build: () => ({ body: eventOfSize(BODY_LIMIT), headers: everyFamily() }),
	},
];

/**
 * @param {import('../../lib/groupReport').Report} report
 * @param {import('./stack').SecurityStack} stack
 */
async function measureForgeryCost(report, stack) {
	const trigger = stack.triggers?.A;
	if (!trigger) throw new Error('no active trigger to measure against');
	const pid = stack.instance.process.child.pid ?? 0;
	const executionsBefore = (
		await allExecutions(stack.client, { workflowId: trigger.workflowId, limit: 250 })
	).length;
	/** @type {Record<string, { cpu: number[], ms: number[], statuses: Record<string, number> }>} */
	const figures = Object.fromEntries(CASES.map((c) => [c.key, { cpu: [], ms: [], statuses: {} }]));
	const results = [];
	for (let round = 0; round < ROUNDS; round++) {
		const order = round % 2 === 0 ? CASES : [...CASES].reverse();
		for (const { key, title, status: expected, build } of order) {
			const requests = Array.from({ length: PER_BATCH }, build);
			const cpuBefore = cpuMsOf(pid) ?? NaN;
			for (const { body, headers } of requests) {
				const answer = await send(trigger.url, {
					body: Buffer.from(JSON.stringify(body)),
					headers: { 'content-type': 'application/json', ...headers },
				});
				const status = String(answer.status ?? answer.error);
				figures[key].statuses[status] = (figures[key].statuses[status] ?? 0) + 1;
				figures[key].ms.push(answer.ms);
				results.push({
					label: `${title} #${results.length + 1}`,
					ok: answer.status === expected,
					problem: `answered ${answer.status ?? answer.error}`,
				});
			}
			figures[key].cpu.push(((cpuMsOf(pid) ?? NaN) - cpuBefore) / PER_BATCH);
		}
	}
	const executionsAfter = (
		await allExecutions(stack.client, { workflowId: trigger.workflowId, limit: 250 })
	).length;
	results.push({
		label: 'no forged request ran the workflow',
		ok: executionsAfter === executionsBefore,
		problem: `${executionsAfter - executionsBefore} executions`,
	});
	report.group(
		'cost of a forged request',
		results,
		`${results.length - 1} answered as expected (401, or 503 over the limit), 0 executions`,
	);

	const ordinary = median(figures.ordinary.cpu);
	const rows = CASES.map(({ key, title }) => {
		const cpu = median(figures[key].cpu);
		return {
			request: title,
			sent: figures[key].ms.length,
			statuses: Object.entries(figures[key].statuses)
				.map(([status, n]) => `${status}×${n}`)
				.join(' '),
			'n8n CPU per request': `${cpu.toFixed(1)} ms`,
			'CPU vs ordinary': `${(cpu / ordinary).toFixed(1)}×`,
			'answer time': `${median(figures[key].ms).toFixed(0)} ms`,
		};
	});
	report.table(
		`Cost of a forged request to the trigger (medians of ${ROUNDS} alternating rounds of ${PER_BATCH}; shared 2-core machine, noisy)`,
		rows,
	);
	const large = median(figures.large.cpu);
	const many = median(figures.many.cpu);
	const atLimit = median(figures.atLimit.cpu);
	console.log(
		`forged-request cost: ordinary ${ordinary.toFixed(1)} ms CPU, 1 MB ${large.toFixed(1)} ms, 1 MB + ${MANY_HEADERS} headers ${many.toFixed(1)} ms (${(many / large).toFixed(2)}× the 1 MB one), 1 MiB at the limit with every family ${atLimit.toFixed(1)} ms`,
	);
}

module.exports = { measureForgeryCost };
