'use strict';
/**
 * n8n queue mode with this package: `npm run test:queue`.
 *
 * PostgreSQL and Redis (Debian's packages, installed when missing, started on loopback in a temporary folder), the
 * sandbox, a load balancer (test/queue/lib/balancer.js), and n8n in queue mode: main, two webhook processes, two
 * workers. One workflow: Payment Platform Trigger → Set node recording which process ran it.
 *
 * 1. Activation from main registers the endpoint at the balancer's address; main serves no production webhook.
 * 2. 300 signed deliveries through the balancer to one webhook process, every 7th acknowledgement lost (the sandbox
 *    sends that delivery again, same id and bytes); worker-b is stopped (SIGTERM, n8n's graceful shutdown) after the
 *    first 100 and started again after the second 100. Every delivery must be executed exactly once, on a worker.
 * 3. Two webhook processes, routing by path (all deliveries of an endpoint to one process): 60 deliveries, every 5th
 *    acknowledgement lost. Exactly once.
 * 4. Two webhook processes, round-robin: 60 deliveries, every 5th acknowledgement lost. A retry that reaches the
 *    other process is not recognised there (the trigger's duplicate window lives in each process's memory): each
 *    delivery runs once per process that accepted it, none is lost. Measured and printed; this is the documented
 *    limit (README, Reliability).
 *
 * Prints one line per check group, the counts, and `N passed, N failed`; exit code 1 on a failure. Logs:
 * test-results/queue/. QUEUE_KEEP=1 keeps the temporary folder.
 */
const { randomUUID } = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const { stopAll, stopAllOnSignals } = require('../../scripts/lib/processes');
const { SEED } = require('../../sandbox/seedIds');
const { TRIGGER_NODE_NAME, setNode, triggerWorkflow } = require('../e2e/lib/workflows');
const { allExecutions, nodeOutput, settledExecutions } = require('../security/lib/executions');
const { send } = require('../security/lib/http');
const { Report } = require('../security/lib/report');
const { Balancer } = require('./lib/balancer');
const { Cluster } = require('./lib/cluster');
const { ensureServices, startPostgres, startRedis } = require('./lib/services');

const RESULTS_DIR = path.join(n8n.ROOT, 'test-results', 'queue');
const WEBHOOKS = ['webhook-1', 'webhook-2'];
const WORKERS = ['worker-a', 'worker-b'];
const STOPPED_WORKER = 'worker-b';
const EVENTS = ['charge.captured', 'charge.refunded', 'charge.chargeback'];
const RECORD_NODE_NAME = 'Record Process';
/** Pause between two charge events, so that deliveries overlap with the worker stopping and starting. */
const SEND_GAP_MS = 20;
/** When, after the second hundred started, the worker is stopped (deliveries keep arriving meanwhile). */
const STOP_AFTER_MS = 300;
/** The trigger's answer to a delivery that starts the workflow. */
const ACCEPTED_ANSWER = '{"received":true}';
/** How long the sandbox waits for n8n's answer to a delivery before it counts the attempt as failed. */
const DELIVERY_TIMEOUT_MS = 15_000;
/** The trigger's answer to a delivery id it has accepted before. */
const DUPLICATE_ANSWER = 'duplicate delivery';

/** Trigger (typeVersion 1.1) → Set node with the process that ran the execution and the delivery id. */
function queueWorkflow(credential) {
	const { webhookId, workflow } = triggerWorkflow('Queue mode: charge events', EVENTS, credential);
	workflow.nodes[0].typeVersion = 1.1;
	const record = setNode(RECORD_NODE_NAME, {
		process: '={{ $env.PP_QUEUE_PROCESS }}',
		deliveryId: '={{ $json.id }}',
	});
	record.position = [250, 0];
	workflow.nodes.push(record);
	workflow.connections[TRIGGER_NODE_NAME] = {
		main: [[{ node: RECORD_NODE_NAME, type: 'main', index: 0 }]],
	};
	return { webhookId, workflow };
}

/** Fires `count` charge events, SEND_GAP_MS apart; returns the delivery ids the sandbox created. */
async function fireEvents(sandbox, count) {
	const ids = [];
	for (let i = 0; i < count; i++) {
		const charge = i % 2 === 0 ? SEED.charges.captured : SEED.charges.authorized;
		const records = sandbox.triggerChargeEvent(charge, EVENTS[i % EVENTS.length]);
		ids.push(...records.map((record) => record.id));
		await n8n.sleep(SEND_GAP_MS);
	}
	return ids;
}

class QueueRun {
	constructor(report) {
		this.report = report;
		this.workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-queue-'));
		// PostgreSQL runs as the `postgres` user when we are root: it must be able to enter this folder.
		fs.chmodSync(this.workDir, 0o755);
		this.logs = { sandbox: [] };
		/** @type {Record<string, { ids: string[], firstRequest: number, lastRequest: number }>} */
		this.parts = {};
		this.timeline = {};
	}

	log(name, line) {
		(this.logs[name] ??= []).push(line);
	}

	async start(n8nDir) {
		this.redis = await startRedis(path.join(this.workDir, 'redis'));
		this.postgres = await startPostgres(path.join(this.workDir, 'postgres'));
		// Required here, not at the top: the sandbox reads the build output, which the install phase produces.
		const { startSandbox } = require('../../sandbox');
		this.sandbox = await startSandbox({
			port: 0,
			log: (line) => this.log('sandbox', line),
			delivery: { maxAttempts: 8, baseDelayMs: 200, timeoutMs: DELIVERY_TIMEOUT_MS },
		});
		this.balancer = new Balancer({ upstreams: [] });
		const balancerUrl = await this.balancer.listen();
		this.cluster = new Cluster({
			n8nDir,
			workDir: this.workDir,
			postgres: this.postgres,
			redis: this.redis,
			webhookBaseUrl: balancerUrl,
			webhookNames: WEBHOOKS,
			workerNames: WORKERS,
			onLine: (name, line) => this.log(name, line),
		});
		await this.cluster.start();
		this.upstream = (name) => ({ name, url: this.cluster.url(name) });
		console.log(
			`PostgreSQL :${this.postgres.port}, Redis :${this.redis.port}, sandbox ${this.sandbox.url}, ` +
				`balancer ${balancerUrl}, main ${this.cluster.main.url}, ` +
				[...WEBHOOKS, ...WORKERS].map((name) => `${name} ${this.cluster.url(name)}`).join(', '),
		);
	}

	async setUp() {
		const client = new n8n.N8nClient(this.cluster.main.url);
		await client.ensureOwner();
		await client.createApiKey('queue');
		this.client = client;
		const credential = await client.createCredential(n8n.sandboxCredential(this.sandbox));
		const { webhookId, workflow } = queueWorkflow(credential);
		const created = await client.createWorkflow(workflow);
		this.workflowId = created.id;
		this.webhookPath = `webhook/${webhookId}/webhook`;
		this.balancer.configure({ upstreams: [this.upstream(WEBHOOKS[0])] });
		await client.activateWorkflow(created.id);
	}

	async checkActivation() {
		const { report } = this;
		const expectedUrl = `${this.balancer.url}${this.webhookPath}`;
		await report.check('activation from main registers the endpoint at the webhook address', () => {
			const endpoints = [...this.sandbox.store.webhookEndpoints.values()];
			const mine = endpoints.filter((endpoint) => endpoint.url === expectedUrl);
			if (endpoints.length !== 1 || mine.length !== 1) {
				throw new Error(`endpoints: ${JSON.stringify(endpoints.map((e) => e.url))}`);
			}
			return `${expectedUrl} (${mine[0].events.join(', ')})`;
		});
		// Each webhook process finds the webhook in the database; an unsigned delivery gets the trigger's 401.
		for (const name of WEBHOOKS) {
			await report.check(`${name} serves the trigger (unsigned delivery → 401)`, async () => {
				const url = `${this.cluster.url(name)}/${this.webhookPath}`;
				const status = await n8n.waitFor(
					`${name} to serve the webhook`,
					async () => {
						const answer = await send(url, {
							body: Buffer.from('{}'),
							headers: { 'content-type': 'application/json' },
						});
						return answer.status !== 404 && answer.status;
					},
					{ timeoutMs: 30_000 },
				);
				if (status !== 401) throw new Error(`answered ${status}`);
				return '401';
			});
		}
		await report.check('main serves no production webhook (N8N_DISABLE_PRODUCTION_MAIN_PROCESS)', async () => {
			const answer = await send(`${this.cluster.main.url}/${this.webhookPath}`, {
				body: Buffer.from('{}'),
				headers: { 'content-type': 'application/json' },
			});
			if (answer.status !== 404) throw new Error(`answered ${answer.status}`);
			return '404';
		});
	}

	/** Runs `fn` (which fires events and returns their delivery ids) and remembers the part's ids and requests. */
	async part(name, balancer, fn) {
		this.balancer.configure(balancer);
		const firstRequest = this.balancer.count + 1;
		const ids = await fn();
		await this.sandbox.waitForDeliveries();
		this.parts[name] = { ids, firstRequest, lastRequest: this.balancer.count };
		const expected = Object.values(this.parts).reduce((sum, part) => sum + part.ids.length, 0);
		await settledExecutions(
			this.client,
			{ workflowId: this.workflowId },
			expected,
			{ timeoutMs: 240_000, quietMs: 3_000 },
		);
		return ids;
	}

	/**
	 * Part 2: one webhook process; a worker stopped while deliveries keep arriving, and started again midway.
	 * The first 100 are delivered before the stop, so both workers have had work; the stop overlaps the next 100.
	 */
	async workerRestart() {
		const { cluster, sandbox, timeline } = this;
		return await this.part(
			'worker restart',
			{ upstreams: [this.upstream(WEBHOOKS[0])], policy: 'path-hash', dropEvery: 7 },
			async () => {
				const ids = await fireEvents(sandbox, 100);
				await sandbox.waitForDeliveries();
				const stopMidway = async () => {
					await n8n.sleep(STOP_AFTER_MS);
					timeline.stopStarted = Date.now();
					await cluster.stopProcess(STOPPED_WORKER);
					timeline.stopped = Date.now();
				};
				const [second] = await Promise.all([fireEvents(sandbox, 100), stopMidway()]);
				ids.push(...second);
				timeline.restartStarted = Date.now();
				await cluster.restart(STOPPED_WORKER);
				timeline.restarted = Date.now();
				ids.push(...(await fireEvents(sandbox, 100)));
				return ids;
			},
		);
	}

	/** Parts 3 and 4: two webhook processes behind the balancer. */
	async twoWebhookProcesses(name, policy) {
		return await this.part(
			name,
			{ upstreams: WEBHOOKS.map(this.upstream), policy, dropEvery: 5 },
			() => fireEvents(this.sandbox, 60),
		);
	}

	/** Every execution of the workflow, with the delivery id and process each recorded. */
	async executions() {
		const list = await allExecutions(this.client, { workflowId: this.workflowId, includeData: true });
		return list.map((execution) => {
			const [recorded] = nodeOutput(execution, RECORD_NODE_NAME);
			return {
				id: execution.id,
				status: execution.status,
				startedAt: Date.parse(execution.startedAt),
				stoppedAt: Date.parse(execution.stoppedAt),
				deliveryId: recorded?.deliveryId,
				process: recorded?.process,
			};
		});
	}

	requestsOf(partName) {
		const { firstRequest, lastRequest } = this.parts[partName];
		return this.balancer.records.filter((r) => r.n >= firstRequest && r.n <= lastRequest);
	}

	stop() {
		const stops = [
			() => this.cluster?.stop(),
			() => this.balancer?.close(),
			() => this.sandbox?.stop(),
			() => this.postgres?.stop(),
			() => this.redis?.stop(),
		];
		return stops.reduce((chain, step) => chain.then(step).catch(() => undefined), Promise.resolve());
	}

	saveLogs() {
		fs.mkdirSync(RESULTS_DIR, { recursive: true });
		for (const [name, lines] of Object.entries(this.logs)) {
			fs.writeFileSync(path.join(RESULTS_DIR, `${name}.log`), `${lines.join('\n')}\n`);
		}
		fs.writeFileSync(
			path.join(RESULTS_DIR, 'balancer.json'),
			`${JSON.stringify(this.balancer?.records ?? [], null, 1)}\n`,
		);
	}
}

// ---------------------------------------------------------------------------------------------------------------
// Verification

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
	const during = onStopped.filter((e) => e.startedAt >= stopped && e.startedAt < restartStarted).length;
	const after = onStopped.filter((e) => e.startedAt >= restarted).length;
	const { stopStarted } = run.timeline;
	const runningAtStop = onStopped.filter((e) => e.startedAt < stopStarted && e.stoppedAt > stopStarted).length;
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
	return { deliveries: runs.length, executions: flat.length, ...requestCounts(run, name, requests) };
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
	return { deliveries: runs.length, executions: runs.flat().length, ...requestCounts(run, name, requests) };
}

function verifyRoundRobin(report, run, executionsById) {
	const name = 'two webhook processes, round-robin';
	const requests = run.requestsOf(name);
	// The model of the documented guarantee: a delivery runs once in each process that accepted it as new.
	const processesAccepting = (id) =>
		new Set(requests.filter((r) => r.deliveryId === id && acceptedAsNew(r)).map((r) => r.upstream)).size;
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
	return { deliveries: ids.length, executions: runs.flat().length, ...requestCounts(run, name, requests), crossed };
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

// ---------------------------------------------------------------------------------------------------------------

async function main() {
	const report = new Report();
	stopAllOnSignals((signal) => console.log(`\n${signal}: stopping n8n, the sandbox, PostgreSQL and Redis`));
	const run = new QueueRun(report);
	try {
		const n8nDir = await report.phase('install (build, n8n, PostgreSQL, Redis)', async () => {
			await n8n.buildPackage();
			const dir = await n8n.installN8n();
			await ensureServices();
			return dir;
		});
		await report.phase('start (PostgreSQL, Redis, sandbox, balancer, 5 n8n processes)', () =>
			run.start(n8nDir),
		);
		await report.phase('part 1: set up and activate from main', async () => {
			await run.setUp();
			await run.checkActivation();
		});
		await report.phase('part 2: 300 deliveries, worker stopped and restarted', () =>
			run.workerRestart(),
		);
		await report.phase('part 3: two webhook processes, routed by path', () =>
			run.twoWebhookProcesses('two webhook processes, routed by path', 'path-hash'),
		);
		await report.phase('part 4: two webhook processes, round-robin', () =>
			run.twoWebhookProcesses('two webhook processes, round-robin', 'round-robin'),
		);
		await report.phase('verify', async () => {
			const executions = await run.executions();
			const executionsById = byDelivery(executions);
			const known = new Set(Object.values(run.parts).flatMap((part) => part.ids));
			const rows = [
				{ part: 'worker restart', ...verifyWorkerRestart(report, run, executionsById) },
				{ part: 'path routing', ...verifyPathHash(report, run, executionsById) },
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
					ok: known.has(execution.deliveryId),
					problem: `delivery id ${execution.deliveryId}`,
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
				rows.map((row) => ({ crossed: row.crossed ?? 0, ...row })),
			);
		});
	} catch {
		// Reported by phase().
	} finally {
		run.saveLogs();
		await run.stop();
		await stopAll();
		if (process.env.QUEUE_KEEP === '1') console.log(`kept ${run.workDir}`);
		else fs.rmSync(run.workDir, { recursive: true, force: true });
	}
	process.exitCode = report.summary();
}

main().catch((error) => {
	console.error(error);
	console.log('0 passed, 1 failed');
	process.exitCode = 1;
});
