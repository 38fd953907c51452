'use strict';
/**
 * What the queue suite does to a running cluster: checks the activation (part 1), then sends the deliveries of
 * parts 2 to 4 through the balancer, each part waiting until everything sent so far has settled.
 */
const { sleep, waitFor } = require('../../../scripts/lib/wait');
const { SEED } = require('../../../sandbox/seedIds');
const { settledExecutions } = require('../../security/lib/executions');
const { send } = require('../../security/lib/http');
const { EVENTS, STOPPED_WORKER, WEBHOOKS } = require('./queueRun');

/**
 * @typedef {import('./queueRun').QueueRun} QueueRun
 * @typedef {import('./queueRun').Sandbox} Sandbox
 * @typedef {import('./balancer').Balancer} Balancer
 */

/** Pause between two charge events, so that deliveries overlap with the worker stopping and starting. */
const SEND_GAP_MS = 20;
/** When, after the second hundred started, the worker is stopped (deliveries keep arriving meanwhile). */
const STOP_AFTER_MS = 300;

/**
 * Fires `count` charge events, SEND_GAP_MS apart; returns the delivery ids the sandbox created.
 * @param {Sandbox} sandbox
 * @param {number} count
 */
async function fireEvents(sandbox, count) {
	/** @type {string[]} */
	const ids = [];
	for (let i = 0; i < count; i++) {
		const charge = i % 2 === 0 ? SEED.charges.captured : SEED.charges.authorized;
		const records = sandbox.triggerChargeEvent(charge, EVENTS[i % EVENTS.length]);
		ids.push(...records.map((record) => record.id));
		await sleep(SEND_GAP_MS);
	}
	return ids;
}

/**
 * Activation from main: the endpoint registered at the balancer's address, each webhook process serving the
 * trigger, main serving none.
 * @param {QueueRun} run
 */
async function checkActivation(run) {
	const { report } = run;
	const { sandbox, balancer, cluster } = run.services();
	const { webhookPath } = run.workflow();
	const expectedUrl = `${balancer.url}${webhookPath}`;
	await report.check('activation from main registers the endpoint at the webhook address', () => {
		const endpoints = [...sandbox.store.webhookEndpoints.values()];
		const mine = endpoints.filter((endpoint) => endpoint.url === expectedUrl);
		if (endpoints.length !== 1 || mine.length !== 1) {
			throw new Error(`endpoints: ${JSON.stringify(endpoints.map((e) => e.url))}`);
		}
		return `${expectedUrl} (${mine[0].events.join(', ')})`;
	});
	// Each webhook process finds the webhook in the database; an unsigned delivery gets the trigger's 401.
	for (const name of WEBHOOKS) {
		await report.check(`${name} serves the trigger (unsigned delivery → 401)`, async () => {
			const url = `${cluster.url(name)}/${webhookPath}`;
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
		});
	}
	await report.check(
		'main serves no production webhook (N8N_DISABLE_PRODUCTION_MAIN_PROCESS)',
		async () => {
			const answer = await send(`${cluster.mainUrl()}/${webhookPath}`, {
				body: Buffer.from('{}'),
				headers: { 'content-type': 'application/json' },
			});
			if (answer.status !== 404) throw new Error(`answered ${answer.status}`);
			return '404';
		},
	);
}

/**
 * Runs `fn` (which fires events and returns their delivery ids), waits until every delivery of the run so far has
 * settled, and remembers the part's ids and requests.
 * @param {QueueRun} run
 * @param {string} name
 * @param {Parameters<Balancer['configure']>[0]} balancerSettings
 * @param {() => Promise<string[]>} fn
 */
async function runPart(run, name, balancerSettings, fn) {
	const { sandbox, balancer } = run.services();
	const { client, workflowId } = run.workflow();
	balancer.configure(balancerSettings);
	const firstRequest = balancer.count + 1;
	const ids = await fn();
	await sandbox.waitForDeliveries();
	run.parts[name] = { ids, firstRequest, lastRequest: balancer.count };
	const expected = Object.values(run.parts).reduce((sum, part) => sum + part.ids.length, 0);
	await settledExecutions(client, { workflowId }, expected, {
		timeoutMs: 240_000,
		quietMs: 3_000,
	});
	return ids;
}

/**
 * Part 2: one webhook process; a worker stopped while deliveries keep arriving, and started again midway.
 * The first 100 are delivered before the stop, so both workers have had work; the stop overlaps the next 100.
 * @param {QueueRun} run
 */
async function workerRestart(run) {
	const { cluster, sandbox } = run.services();
	const { timeline } = run;
	return await runPart(
		run,
		'worker restart',
		{ upstreams: [run.upstream(WEBHOOKS[0])], policy: 'path-hash', dropEvery: 7 },
		async () => {
			const ids = await fireEvents(sandbox, 100);
			await sandbox.waitForDeliveries();
			const stopMidway = async () => {
				await sleep(STOP_AFTER_MS);
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

/**
 * Parts 3 and 4: two webhook processes behind the balancer.
 * @param {QueueRun} run
 * @param {string} name
 * @param {'path-hash' | 'round-robin'} policy
 */
async function twoWebhookProcesses(run, name, policy) {
	return await runPart(
		run,
		name,
		{ upstreams: WEBHOOKS.map((webhook) => run.upstream(webhook)), policy, dropEvery: 5 },
		() => fireEvents(run.services().sandbox, 60),
	);
}

module.exports = { checkActivation, twoWebhookProcesses, workerRestart };
