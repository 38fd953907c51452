'use strict';
/**
 * One queue-mode run: PostgreSQL, Redis, the sandbox, the balancer and the n8n processes it starts, the workflow it
 * activates, and the parts it sends (each part's delivery ids and balancer requests, and when the worker stopped).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../../../scripts/lib/n8n');
const { ROOT } = require('../../../scripts/lib/packageInfo');
const { chain } = require('../../../scripts/lib/workflowBuilder');
const { setNode, triggerWorkflow } = require('../../e2e/lib/workflows');
const { allExecutions, nodeOutput } = require('../../security/lib/executions');
const { Balancer } = require('./balancer');
const { Cluster } = require('./cluster');
const { startPostgres, startRedis } = require('./services');

/**
 * @typedef {Awaited<ReturnType<typeof import('../../../sandbox').startSandbox>>} Sandbox
 * @typedef {import('../../security/lib/report').Report} Report
 * @typedef {{ ids: string[], firstRequest: number, lastRequest: number }} Part
 * @typedef {{ id: string, status: string, startedAt: number, stoppedAt: number, deliveryId?: string,
 *   process?: string }} RecordedExecution
 */

const RESULTS_DIR = path.join(ROOT, 'test-results', 'queue');
const WEBHOOKS = ['webhook-1', 'webhook-2'];

const WORKERS = ['worker-a', 'worker-b'];

const STOPPED_WORKER = 'worker-b';

const EVENTS = ['charge.captured', 'charge.refunded', 'charge.chargeback'];

const RECORD_NODE_NAME = 'Record Process';

/** The trigger's answer to a delivery that starts the workflow. */
const ACCEPTED_ANSWER = '{"received":true}';

/** How long the sandbox waits for n8n's answer to a delivery before it counts the attempt as failed. */
const DELIVERY_TIMEOUT_MS = 15_000;

/** The trigger's answer to a delivery id it has accepted before. */
const DUPLICATE_ANSWER = 'duplicate delivery';

/**
 * Trigger (typeVersion 1.1) → Set node with the process that ran the execution and the delivery id.
 * @param {{ id: string, name: string }} credential
 */
function queueWorkflow(credential) {
	const { webhookId, workflow } = triggerWorkflow('Queue mode: charge events', EVENTS, credential);
	const [trigger] = workflow.nodes;
	const record = setNode(RECORD_NODE_NAME, {
		process: '={{ $env.PP_QUEUE_PROCESS }}',
		deliveryId: '={{ $json.id }}',
	});
	return { webhookId, workflow: chain(workflow.name, [{ ...trigger, typeVersion: 1.1 }, record]) };
}

/**
 * @typedef {Awaited<ReturnType<typeof startPostgres>>} Postgres
 * @typedef {Awaited<ReturnType<typeof startRedis>>} Redis
 * @typedef {{ redis: Redis, postgres: Postgres, sandbox: Sandbox, balancer: Balancer, cluster: Cluster }} Services
 * @typedef {{ client: import('../../../scripts/lib/n8n').N8nClient, workflowId: string, webhookPath: string }}
 *   ActiveWorkflow
 */

class QueueRun {
	/** @param {Report} report */
	constructor(report) {
		this.report = report;
		this.workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-queue-'));
		// PostgreSQL runs as the `postgres` user when we are root: it must be able to enter this folder.
		fs.chmodSync(this.workDir, 0o755);
		/** @type {Record<string, string[]> & { sandbox: string[] }} every process's output lines, by name */
		this.logs = { sandbox: [] };
		/** @type {Record<string, Part>} */
		this.parts = {};
		/** When the worker's stop and restart began and ended (ms since the epoch). */
		this.timeline = { stopStarted: 0, stopped: 0, restartStarted: 0, restarted: 0 };
		/** @type {Partial<Services>} what has been started so far (all of it once start() returned) */
		this.started = {};
		/** @type {ActiveWorkflow | undefined} */
		this.active = undefined;
	}

	/**
	 * @param {string} name
	 * @param {string} line
	 */
	log(name, line) {
		(this.logs[name] ??= []).push(line);
	}

	/** The running services; only after start(). */
	services() {
		const { redis, postgres, sandbox, balancer, cluster } = this.started;
		if (!redis || !postgres || !sandbox || !balancer || !cluster) {
			throw new Error('the queue run has not started');
		}
		return { redis, postgres, sandbox, balancer, cluster };
	}

	/** The workflow setUp() activated. */
	workflow() {
		if (!this.active) throw new Error('the queue workflow is not set up');
		return this.active;
	}

	get sandbox() {
		return this.services().sandbox;
	}

	get balancer() {
		return this.services().balancer;
	}

	/** @param {string} n8nDir */
	async start(n8nDir) {
		const { started } = this;
		started.redis = await startRedis(path.join(this.workDir, 'redis'));
		started.postgres = await startPostgres(path.join(this.workDir, 'postgres'));
		// Required here, not at the top: the sandbox reads the build output, which the install phase produces.
		const { startSandbox } = require('../../../sandbox');
		started.sandbox = await startSandbox({
			port: 0,
			log: (/** @type {string} */ line) => this.log('sandbox', line),
			delivery: { maxAttempts: 8, baseDelayMs: 200, timeoutMs: DELIVERY_TIMEOUT_MS },
		});
		started.balancer = new Balancer({ upstreams: [] });
		const balancerUrl = await started.balancer.listen();
		started.cluster = new Cluster({
			n8nDir,
			workDir: this.workDir,
			postgres: started.postgres,
			redis: started.redis,
			webhookBaseUrl: balancerUrl,
			webhookNames: WEBHOOKS,
			workerNames: WORKERS,
			onLine: (name, line) => this.log(name, line),
		});
		await started.cluster.start();
		const { postgres, redis, sandbox, cluster } = this.services();
		console.log(
			`PostgreSQL :${postgres.port}, Redis :${redis.port}, sandbox ${sandbox.url}, ` +
				`balancer ${balancerUrl}, main ${cluster.mainUrl()}, ` +
				[...WEBHOOKS, ...WORKERS].map((name) => `${name} ${cluster.url(name)}`).join(', '),
		);
	}

	/**
	 * The balancer's upstream for webhook process `name`.
	 * @param {string} name
	 */
	upstream(name) {
		return { name, url: this.services().cluster.url(name) };
	}

	async setUp() {
		const { sandbox, balancer, cluster } = this.services();
		const client = new n8n.N8nClient(cluster.mainUrl());
		await client.ensureOwner();
		await client.createApiKey('queue');
		const credential = await client.createCredential(n8n.sandboxCredential(sandbox));
		const { webhookId, workflow } = queueWorkflow(credential);
		const created = await client.createWorkflow(workflow);
		this.active = { client, workflowId: created.id, webhookPath: `webhook/${webhookId}/webhook` };
		balancer.configure({ upstreams: [this.upstream(WEBHOOKS[0])] });
		await client.activateWorkflow(created.id);
	}

	/**
	 * Every execution of the workflow, with the delivery id and process each recorded.
	 * @returns {Promise<RecordedExecution[]>}
	 */
	async executions() {
		const { client, workflowId } = this.workflow();
		const list = await allExecutions(client, { workflowId, includeData: true });
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

	/**
	 * The balancer's records of one part's requests.
	 * @param {string} partName
	 */
	requestsOf(partName) {
		const { firstRequest, lastRequest } = this.parts[partName];
		return this.services().balancer.records.filter(
			(r) => r.n >= firstRequest && r.n <= lastRequest,
		);
	}

	/** Stops whatever was started, in order; a failing stop does not keep the next one from running. */
	stop() {
		const { started } = this;
		const stops = [
			() => started.cluster?.stop(),
			() => started.balancer?.close(),
			() => started.sandbox?.stop(),
			() => started.postgres?.stop(),
			() => started.redis?.stop(),
		];
		return stops.reduce(
			(/** @type {Promise<unknown>} */ chain, step) => chain.then(step).catch(() => undefined),
			Promise.resolve(),
		);
	}

	saveLogs() {
		fs.mkdirSync(RESULTS_DIR, { recursive: true });
		for (const [name, lines] of Object.entries(this.logs)) {
			fs.writeFileSync(path.join(RESULTS_DIR, `${name}.log`), `${lines.join('\n')}\n`);
		}
		fs.writeFileSync(
			path.join(RESULTS_DIR, 'balancer.json'),
			`${JSON.stringify(this.started.balancer?.records ?? [], null, 1)}\n`,
		);
	}
}

module.exports = {
	ACCEPTED_ANSWER,
	EVENTS,
	DELIVERY_TIMEOUT_MS,
	DUPLICATE_ANSWER,
	QueueRun,
	STOPPED_WORKER,
	WEBHOOKS,
	WORKERS,
};
