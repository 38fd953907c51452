'use strict';
/**
 * What the queue suite does to a running cluster: checks the activation (part 1), then sends the charge events of the
 * fault parts through the balancer. Each charge event is delivered to every cell's workflow (an Acknowledge mode and a
 * sender retry profile), and each part waits until every delivery so far has settled (delivered, or given up by the
 * sandbox) and n8n is quiet.
 */
const { sleep, waitFor } = require('../../../scripts/lib/wait');
const { SEED } = require('../../../sandbox/seedIds');
const { allExecutions, isSettled } = require('../../lib/executions');
const { send } = require('../../lib/http');
const { EVENTS, FAILING_ONCE_EVENTS, LONG_EVENTS, WEBHOOKS } = require('./cells');

/**
 * @typedef {import('./queueRun').QueueRun} QueueRun
 * @typedef {import('./queueRun').Sandbox} Sandbox
 * @typedef {import('./cells').Mode} Mode
 * @typedef {import('./balancer').Balancer} Balancer
 */

/** Pause between two charge events, so that deliveries overlap with the fault. */
const SEND_GAP_MS = 20;
/** When, after the second batch of events started, the fault happens (deliveries keep arriving meanwhile). */
const FAULT_AFTER_MS = 300;
/** Charge events per batch; a fault part sends three batches (before, during, after the fault). */
const BATCH = 10;
/** Charge events of the part whose runs outlast the senders' timeouts (each run takes LONG_RUN_SECONDS). */
const LONG_RUNS = 6;
/** How long Redis is unreachable. */
const REDIS_CUT_MS = 5_000;
/** How many executions a worker must be running when it is stopped or killed. */
const RUNNING_AT_FAULT = 3;
/** n8n is quiet when no execution appeared or changed status for this long. */
const QUIET_MS = 6_000;

/**
 * Fires `count` charge events, SEND_GAP_MS apart, taking turns among `events`; returns the delivery ids the sandbox
 * created (one per workflow).
 * @param {Sandbox} sandbox
 * @param {number} count
 * @param {readonly string[]} [events]
 */
async function fireEvents(sandbox, count, events = EVENTS) {
	/** @type {string[]} */
	const ids = [];
	for (let i = 0; i < count; i++) {
		const charge = i % 2 === 0 ? SEED.charges.captured : SEED.charges.authorized;
		const records = sandbox.triggerChargeEvent(charge, events[i % events.length]);
		ids.push(...records.map((record) => record.id));
		await sleep(SEND_GAP_MS);
	}
	return ids;
}

/**
 * Activation from main: every cell's endpoint registered at the balancer's address, each webhook process serving
 * every trigger, main serving none.
 * @param {QueueRun} run
 */
async function checkActivation(run) {
	const { report } = run;
	const { sandbox, cluster } = run.services();
	const { cells } = run.workflow();
	await report.check(
		'activation from main registers one endpoint per workflow at the webhook address',
		() => {
			const urls = [...sandbox.store.webhookEndpoints.values()]
				.map((endpoint) => endpoint.url)
				.sort();
			const expected = cells.map((cell) => cell.endpointUrl).sort();
			if (JSON.stringify(urls) !== JSON.stringify(expected))
				throw new Error(`endpoints: ${JSON.stringify(urls)}`);
			return expected.join(', ');
		},
	);
	// Each webhook process finds the webhooks in the database; an unsigned delivery gets the trigger's 401.
	for (const name of WEBHOOKS) {
		for (const cell of cells) {
			await report.check(
				`${name} serves the trigger of ${cell.name} (unsigned delivery → 401)`,
				async () => {
					const url = `${cluster.url(name)}/${cell.webhookPath}`;
					const status = await waitFor(
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
				},
			);
		}
	}
	await report.check(
		'main serves no production webhook (N8N_DISABLE_PRODUCTION_MAIN_PROCESS)',
		async () => {
			const answer = await send(`${cluster.mainUrl()}/${cells[0].webhookPath}`, {
				body: Buffer.from('{}'),
				headers: { 'content-type': 'application/json' },
			});
			if (answer.status !== 404) throw new Error(`answered ${answer.status}`);
			return '404';
		},
	);
}

/**
 * Waits until no execution of the workflows (by default every cell's) appears or changes status for QUIET_MS.
 * Executions cut off by a killed worker stay "running" in n8n's database (until main's recovery, hours later), so
 * "all settled" never comes.
 * @param {QueueRun} run
 * @param {Array<{ workflowId: string }>} [workflows]
 */
async function waitUntilQuiet(run, workflows) {
	const { client } = run.workflow();
	const cells = workflows ?? run.workflow().cells;
	let last = '';
	let since = Date.now();
	await waitFor(
		'n8n to be quiet',
		async () => {
			const lists = await Promise.all(
				cells.map((cell) => allExecutions(client, { workflowId: cell.workflowId })),
			);
			const now = lists
				.flat()
				.map((e) => `${e.id}:${isSettled(e) ? e.status : 'running'}`)
				.sort()
				.join(',');
			if (now !== last) {
				last = now;
				since = Date.now();
			}
			return Date.now() - since >= QUIET_MS;
		},
		{ timeoutMs: 300_000, intervalMs: 1_000 },
	);
}

/**
 * Runs `fn` (which fires events and returns their delivery ids), waits until the sandbox has settled every delivery
 * and n8n is quiet, and remembers the part's ids and requests.
 * @param {QueueRun} run
 * @param {string} name
 * @param {Parameters<Balancer['configure']>[0]} balancerSettings
 * @param {() => Promise<string[]>} fn
 */
async function runPart(run, name, balancerSettings, fn) {
	const { sandbox, balancer } = run.services();
	balancer.configure(balancerSettings);
	const firstRequest = balancer.count + 1;
	const started = Date.now();
	const ids = await fn();
	await sandbox.waitForDeliveries();
	await waitUntilQuiet(run);
	run.parts[name] = {
		ids,
		firstRequest,
		lastRequest: balancer.count,
		seconds: (Date.now() - started) / 1000,
	};
	return ids;
}

/**
 * A fault part: one webhook process, every 7th answer withheld; BATCH events, then BATCH more with `fault` starting
 * FAULT_AFTER_MS in, then `recover`, then a last BATCH.
 * @param {QueueRun} run
 * @param {string} name
 * @param {() => Promise<void>} fault
 * @param {() => Promise<void>} recover
 */
async function faultPart(run, name, fault, recover) {
	const { sandbox } = run.services();
	return await runPart(
		run,
		name,
		{ upstreams: [run.upstream(WEBHOOKS[0])], policy: 'path-hash', dropEvery: 7 },
		async () => {
			const ids = await fireEvents(sandbox, BATCH);
			const faultMidway = async () => {
				await sleep(FAULT_AFTER_MS);
				run.timeline[name] = { faultStarted: Date.now() };
				await fault();
				run.timeline[name].faultEnded = Date.now();
			};
			const [second] = await Promise.all([fireEvents(sandbox, BATCH), faultMidway()]);
			ids.push(...second);
			await recover();
			run.timeline[name].recovered = Date.now();
			ids.push(...(await fireEvents(sandbox, BATCH)));
			return ids;
		},
	);
}

/**
 * Waits until worker `name` is running at least RUNNING_AT_FAULT executions, so that the fault lands on them, and
 * records how many it was running.
 * @param {QueueRun} run
 * @param {string} partName
 * @param {string} name
 */
async function whenWorkerBusy(run, partName, name) {
	await waitFor(`${name} to run executions`, () => run.runningOn(name).size >= RUNNING_AT_FAULT, {
		timeoutMs: 30_000,
		intervalMs: 20,
	});
	run.timeline[partName] = { faultStarted: Date.now(), runningAtFault: run.runningOn(name).size };
}

/**
 * The fault parts, in order. Workers run executions of RUN_SECONDS each; a worker's fault waits until it runs some.
 * @param {QueueRun} run
 */
function faultParts(run) {
	const { cluster } = run.services();
	return [
		{
			name: 'worker stopped (SIGTERM)',
			fault: async () => {
				await whenWorkerBusy(run, 'worker stopped (SIGTERM)', 'worker-b');
				await cluster.stopProcess('worker-b');
			},
			recover: async () => void (await cluster.restart('worker-b')),
		},
		{
			name: 'worker killed (SIGKILL)',
			fault: async () => {
				await whenWorkerBusy(run, 'worker killed (SIGKILL)', 'worker-a');
				await cluster.killProcess('worker-a');
			},
			recover: async () => void (await cluster.restart('worker-a')),
		},
		{
			name: 'webhook process restarted',
			fault: async () => {
				await cluster.stopProcess(WEBHOOKS[0]);
				await cluster.restart(WEBHOOKS[0]);
			},
			recover: async () => undefined,
		},
		{
			name: `Redis unreachable for ${REDIS_CUT_MS / 1000} s`,
			fault: async () => await run.services().redisGate.cutFor(REDIS_CUT_MS),
			recover: async () => undefined,
		},
	];
}

/**
 * Runs whose deliveries are answered late or fail once, with one webhook process, every 7th answer withheld: runs
 * longer than every sender's timeout (half of them failing at their last node on their first run), and runs failing
 * at their last node on their first run.
 * @param {QueueRun} run
 */
function slowAndFailingParts(run) {
	/** @type {Parameters<Balancer['configure']>[0]} */
	const settings = { upstreams: [run.upstream(WEBHOOKS[0])], policy: 'path-hash', dropEvery: 7 };
	return [
		{
			name: "run longer than the sender's timeout",
			send: () =>
				runPart(run, "run longer than the sender's timeout", settings, () =>
					fireEvents(run.services().sandbox, LONG_RUNS, LONG_EVENTS),
				),
		},
		{
			name: 'run failing at its last node (first run)',
			send: () =>
				runPart(run, 'run failing at its last node (first run)', settings, () =>
					fireEvents(
						run.services().sandbox,
						BATCH,
						FAILING_ONCE_EVENTS.filter((e) => !LONG_EVENTS.includes(e)),
					),
				),
		},
	];
}

/**
 * Parts with two webhook processes behind the balancer.
 * @param {QueueRun} run
 * @param {string} name
 * @param {'path-hash' | 'round-robin'} policy
 */
async function twoWebhookProcesses(run, name, policy) {
	return await runPart(
		run,
		name,
		{ upstreams: WEBHOOKS.map((webhook) => run.upstream(webhook)), policy, dropEvery: 5 },
		() => fireEvents(run.services().sandbox, 2 * BATCH),
	);
}

/**
 * What the sandbox was asked to do to its webhook endpoints since request number `from` (its request log): per URL,
 * endpoints created, and whether an endpoint was deleted or changed.
 * @param {Sandbox} sandbox
 * @param {number} from
 */
function endpointChanges(sandbox, from) {
	const { WEBHOOK_ENDPOINTS_PATH } = require('../../../sandbox/api/names');
	const requests = sandbox.requests
		.slice(from)
		.filter(
			(r) => r.path === WEBHOOK_ENDPOINTS_PATH || r.path.startsWith(`${WEBHOOK_ENDPOINTS_PATH}/`),
		);
	const byMethod = (/** @type {string} */ method) => requests.filter((r) => r.method === method);
	const idOf = (/** @type {{ path: string }} */ r) =>
		r.path.slice(WEBHOOK_ENDPOINTS_PATH.length + 1);
	return {
		created: byMethod('POST').length,
		deleted: byMethod('DELETE').length,
		changed: byMethod('PATCH').length,
		listed: byMethod('GET').length,
		/**
		 * @param {string} url
		 * @param {string | undefined} endpointId
		 */
		forUrl: (url, endpointId) => ({
			created: byMethod('POST').filter((r) => /** @type {{ url?: string }} */ (r.body)?.url === url)
				.length,
			deleted: byMethod('DELETE').filter((r) => idOf(r) === endpointId).length,
			changed: byMethod('PATCH').filter((r) => idOf(r) === endpointId).length,
		}),
	};
}

module.exports = {
	BATCH,
	checkActivation,
	endpointChanges,
	fireEvents,
	runPart,
	waitUntilQuiet,
	faultPart,
	faultParts,
	slowAndFailingParts,
	twoWebhookProcesses,
};
