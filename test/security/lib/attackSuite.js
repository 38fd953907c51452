'use strict';
/**
 * Part 1: attacks against an active Payment Platform Trigger in the real n8n.
 *
 * Two trigger workflows are activated: A (charge.captured, charge.refunded, charge.chargeback) is the target; B
 * (charge.authorized) is "another endpoint" whose real deliveries and secret are used against A. Each attack group
 * is sent in turn, and after each one valid deliveries: a real one from the sandbox and one signed here in another
 * accepted variant. At the end every delivery's status is checked, every execution is traced back to the delivery
 * that caused it (by the id in the trigger's item), and n8n's health is checked.
 */
const fs = require('fs');
const { SEED } = require('../../../sandbox/seedIds');
const { waitFor } = require('../../../scripts/lib/n8n');
const { TRIGGER_NODE_NAME, triggerWorkflow } = require('../../e2e/lib/workflows');
const attacks = require('./attacks');
const { allExecutions, nodeOutput, settledExecutions } = require('./executions');
const { inParallel, send } = require('./http');
const { validSignature } = require('./signing');

const EVENTS_A = ['charge.captured', 'charge.refunded', 'charge.chargeback'];
const EVENTS_B = ['charge.authorized'];
const UNSELECTED_FOR_A = [
	'charge.pending',
	'charge.authorized',
	'charge.voided',
	'charge.failed',
	'charge.expired',
	'charge.partially_refunded',
];
const CHARGES = [SEED.charges.authorized, SEED.charges.captured];
/** How long to wait, after the expected executions are there, for any that should not be. */
const QUIET_MS = 2_500;
/** Deliveries signed right whose body n8n does not read at this typeVersion (see attacks.bodyReachesNode). */
const UNREAD_TITLE = 'signed, body of a content type n8n does not read';

/**
 * Activates a trigger workflow and returns what the attacks need: its URL and the endpoint the sandbox registered
 * (with its secret).
 */
async function activateTrigger(stack, name, events, version) {
	const { client, credential, instance, sandbox } = stack;
	const { webhookId, workflow } = triggerWorkflow(name, events, credential);
	workflow.nodes[0].typeVersion = version;
	const created = await client.createWorkflow(workflow);
	await client.activateWorkflow(created.id);
	const url = `${instance.url}/webhook/${webhookId}/webhook`;
	const endpoint = [...sandbox.store.webhookEndpoints.values()].find((e) => e.url === url);
	if (!endpoint) throw new Error(`activating "${name}" registered no endpoint for ${url}`);
	// Readiness does not mean the webhook is served: wait for an answer other than 404.
	await waitFor(
		`the webhook of "${name}"`,
		async () => (await send(url, { body: Buffer.alloc(0) })).status !== 404,
		{
			timeoutMs: 30_000,
		},
	);
	return { workflowId: created.id, url, endpointId: endpoint.id, secret: endpoint.secret, events };
}

/** The headers the sandbox sends with a delivery (to replay it byte for byte). */
function sandboxHeaders(secret, record, body) {
	return {
		'content-type': 'application/json',
		'x-signature': validSignature(secret, body),
		'x-event': record.event,
		'x-delivery-id': record.id,
		'user-agent': 'payment-platform-sandbox',
	};
}

class AttackRun {
	constructor(stack, version) {
		this.stack = stack;
		this.version = version;
		/** @type {Array<{ group: string, delivery: object, answer: import('./http').Answer }>} */
		this.sent = [];
		/** Valid deliveries per trigger: { id, label, answer, body, headers } */
		this.valid = { A: [], B: [] };
		this.chargeTurn = 0;
	}

	/** Sends one catalogue delivery to its target and records the answer. */
	async sendDelivery(group, delivery) {
		const target = delivery.target === 'B' ? this.B : this.A;
		const answer = await send(target.url, {
			method: delivery.method,
			body: delivery.body,
			headers: delivery.headers,
			timeoutMs: delivery.timeoutMs,
		});
		this.sent.push({ group, delivery, answer });
		return answer;
	}

	/** Fires a real charge event in the sandbox and waits for its deliveries; they must run A (or B) once each. */
	async realEvent(event) {
		const chargeId = CHARGES[this.chargeTurn++ % CHARGES.length];
		const records = this.stack.sandbox.triggerChargeEvent(chargeId, event);
		await this.stack.sandbox.waitForDeliveries();
		for (const record of records) {
			const trigger =
				record.endpointId === this.A.endpointId
					? 'A'
					: record.endpointId === this.B.endpointId
						? 'B'
						: undefined;
			if (!trigger) continue;
			const body = this.stack.sandbox.deliveryBody(record.id);
			const secret = trigger === 'A' ? this.A.secret : this.B.secret;
			this.valid[trigger].push({
				id: record.id,
				label: `real ${event} from the sandbox`,
				answer: { status: record.lastStatus, text: '', error: record.lastError ?? undefined },
				body,
				headers: sandboxHeaders(secret, record, body),
			});
		}
		return records;
	}

	/** Sends a valid delivery signed here (one of the accepted variants) to A. */
	async signedValid(delivery) {
		attacks.resolve([delivery], this.context());
		if (delivery.valid === false) {
			await this.sendDelivery(UNREAD_TITLE, delivery);
			return;
		}
		const answer = await send(this.A.url, { body: delivery.body, headers: delivery.headers });
		this.valid.A.push({
			id: delivery.ids[0],
			label: delivery.label,
			answer,
			body: delivery.body,
			headers: delivery.headers,
		});
	}

	context() {
		const { canaries } = this.stack;
		return {
			secret: this.A.secret,
			otherSecret: this.B.secret,
			endpointId: this.A.endpointId,
			webhookUrl: this.A.url,
			secretKey: canaries.secretKey,
			publicKey: canaries.publicKey,
			unselectedEvents: UNSELECTED_FOR_A,
			version: this.version,
		};
	}
}

/**
 * Runs the attacks against triggers at `version` (the node's typeVersion). Triggers of an earlier run are
 * deactivated first; this run's stay active (part 2 looks at where an active trigger keeps its secret).
 * @param {{ label?: string }} [options] label: put before each group name (when several versions run)
 */
async function runAttacks(report, stack, version, { label = '' } = {}) {
	for (const earlier of stack.triggerRuns ?? []) {
		await stack.client.deactivateWorkflow(earlier.A.workflowId);
		await stack.client.deactivateWorkflow(earlier.B.workflowId);
	}
	const executionsBefore = (await allExecutions(stack.client, {})).length;
	const run = new AttackRun(stack, version);
	run.label = label;
	run.A = await activateTrigger(stack, `Security: trigger A (v${version})`, EVENTS_A, version);
	run.B = await activateTrigger(stack, `Security: trigger B (v${version})`, EVENTS_B, version);
	stack.triggers = { A: run.A, B: run.B };
	stack.triggerRuns = [...(stack.triggerRuns ?? []), { version, A: run.A, B: run.B }];
	const variants = attacks.validVariants(40, version);
	let nextVariant = 0;
	const validBetween = async (i) => {
		await run.realEvent(EVENTS_A[i % EVENTS_A.length]);
		await run.signedValid(variants[nextVariant++]);
	};

	// B's real deliveries: they run B, and are then replayed against A.
	for (let i = 0; i < 6; i++) await run.realEvent('charge.authorized');
	await validBetween(0);

	const groups = [];
	for (const [i, group] of attacks.GROUPS.entries()) {
		const deliveries = attacks.resolve(group.build(run.context()), run.context());
		for (const delivery of deliveries) await run.sendDelivery(group.title, delivery);
		groups.push({ ...group, count: deliveries.length });
		await validBetween(i + 1);
	}

	const anotherEndpoint = attacks.resolve(
		attacks.anotherEndpoint(run.context(), run.valid.B.slice(0, 6)),
		run.context(),
	);
	for (const delivery of anotherEndpoint)
		await run.sendDelivery('valid signature for another endpoint', delivery);
	groups.push({ title: 'valid signature for another endpoint', count: anotherEndpoint.length });
	await validBetween(groups.length);

	// Replays: by hand, by the platform itself (redeliver), and a burst of the same new delivery at once.
	const replayTitle = 'replayed (same delivery id)';
	const replays = attacks.replayed(run.valid.A.filter((v) => v.answer.status === 200));
	for (const delivery of replays) await run.sendDelivery(replayTitle, delivery);
	let replayCount = replays.length;
	for (const original of run.valid.A.filter((v) => v.label.startsWith('real')).slice(0, 3)) {
		stack.sandbox.redeliver(original.id);
		await stack.sandbox.waitForDeliveries();
		const record = stack.sandbox.deliveries.find((d) => d.id === original.id);
		run.sent.push({
			group: replayTitle,
			delivery: {
				label: `platform redelivery of ${original.id.slice(0, 8)}`,
				ids: [original.id],
				expectStatus: 200,
			},
			answer: { status: record.lastStatus, text: '', error: record.lastError ?? undefined },
		});
		replayCount++;
	}
	const burst = attacks.resolve(attacks.validVariants(1, version), run.context())[0];
	const burstAnswers = await Promise.all(
		Array.from({ length: 12 }, () => send(run.A.url, { body: burst.body, headers: burst.headers })),
	);
	run.valid.A.push({
		id: burst.ids[0],
		label: 'valid: first of a burst of 12 identical deliveries',
		answer: burstAnswers[0],
		body: burst.body,
		headers: burst.headers,
	});
	for (const answer of burstAnswers.slice(1)) {
		run.sent.push({
			group: replayTitle,
			delivery: { label: 'same delivery sent 12 times at once', ids: burst.ids, expectStatus: 200 },
			answer,
		});
		replayCount++;
	}
	groups.push({ title: replayTitle, count: replayCount });
	await validBetween(groups.length);

	// Everything at once: attacks of every kind mixed with valid deliveries, 12 in flight.
	const mixTitle = 'concurrent mix (attacks + valid)';
	const mixed = [];
	for (const group of attacks.GROUPS.filter((g) =>
		[
			'unsigned',
			'wrongSecret',
			'tampered',
			'truncated',
			'algorithm',
			'unselected',
			'headers',
		].includes(g.key),
	)) {
		mixed.push(...attacks.resolve(group.build(run.context()), run.context()).slice(0, 7));
	}
	const mixedValid = attacks
		.resolve(
			attacks.validVariants(14, version).filter((v) => !v.label.includes('5 MB')),
			run.context(),
		)
		.filter((v) => v.valid)
		.slice(0, 12);
	const sendValid = async (valid) => {
		const answer = await send(run.A.url, { body: valid.body, headers: valid.headers });
		run.valid.A.push({
			id: valid.ids[0],
			label: `${valid.label} (in the concurrent mix)`,
			answer,
			body: valid.body,
			headers: valid.headers,
		});
	};
	// One valid delivery after every four attacks.
	const tasks = mixed.flatMap((delivery, i) => [
		() => run.sendDelivery(mixTitle, delivery),
		...(i % 4 === 3 && mixedValid[(i - 3) / 4] ? [() => sendValid(mixedValid[(i - 3) / 4])] : []),
	]);
	await inParallel(tasks, 12);
	groups.push({ title: mixTitle, count: mixed.length });

	// Late replays of the very first deliveries, after all of the above, then one last valid delivery.
	const first = run.valid.A[0];
	for (let i = 0; i < 2; i++) {
		await run.sendDelivery(replayTitle, {
			label: `late replay of the first delivery ${first.id.slice(0, 8)}`,
			body: first.body,
			headers: first.headers,
			ids: [first.id],
			expectStatus: 200,
			expectText: 'duplicate delivery',
		});
	}
	groups.find((g) => g.title === replayTitle).count += 2;
	await validBetween(groups.length + 1);
	if (run.sent.some((s) => s.group === UNREAD_TITLE)) groups.push({ title: UNREAD_TITLE });

	return await verify(report, stack, run, groups, executionsBefore);
}

/** Checks every answer, traces every execution, checks health; prints the per-attack table. */
async function verify(report, stack, run, groups, executionsBefore) {
	const name = (text) => `${run.label}${text}`;
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
		const ok = report.group(
			name(`attack: ${group.title}`),
			results,
			`${entries.length} deliveries, ${statuses}, ${executions} executions`,
		);
		table.push({
			attack: group.title,
			sent: entries.length,
			statuses,
			expected,
			executions,
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
		name('valid deliveries to A between the attacks: 200 and exactly one execution each'),
		validResults('A', runsA),
		`${run.valid.A.length} deliveries`,
	);
	report.group(
		name('valid deliveries to B (the other endpoint): 200 and exactly one execution each'),
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
		name('executions traced to deliveries'),
		totals,
		`${everything.length - executionsBefore} new executions in n8n`,
	);

	const health = await checkHealth(instance, stack.n8nLog);
	report.group(name('n8n still healthy after the attacks'), health.results, health.detail);

	const bad = run.sent.length;
	report.table(
		`Attacks on the trigger at typeVersion ${run.version} (${bad} bad deliveries, ${run.valid.A.length + run.valid.B.length} valid ones between them)`,
		[
			{ key: 'attack', title: 'attack' },
			{ key: 'sent', title: 'sent' },
			{ key: 'statuses', title: 'statuses' },
			{ key: 'expected', title: 'expected' },
			{ key: 'executions', title: 'executions' },
			{ key: 'result', title: 'result' },
		],
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
		table,
	};
}

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

/** "401×16, 400×2" */
function tally(values) {
	const counts = new Map();
	for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
	return [...counts].map(([value, count]) => `${value}×${count}`).join(' ');
}

module.exports = { EVENTS_A, EVENTS_B, activateTrigger, runAttacks, tally };
