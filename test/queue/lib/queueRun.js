'use strict';
/**
 * One queue-mode run: PostgreSQL, Redis, the sandbox, the balancer and the n8n processes it starts, the workflow it
 * activates, and the parts it sends (each part's delivery ids and balancer requests, and when the worker stopped).
 */
const { randomUUID } = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../../../scripts/lib/n8n');
const { ROOT } = require('../../../scripts/lib/packageInfo');
const { chain } = require('../../../scripts/lib/workflowBuilder');
const { setNode, triggerWorkflow } = require('../../../scripts/lib/workflows');
const { allExecutions, nodeOutput } = require('../../../scripts/lib/executions');
const { Balancer } = require('./balancer');
const { Cluster } = require('./cluster');
const { servicesFromEnv, startPostgres, startRedis } = require('./services');

/**
 * @typedef {Awaited<ReturnType<typeof import('../../../sandbox').startSandbox>>} Sandbox
 * @typedef {import('../../../scripts/lib/groupReport').Report} Report
 * @typedef {{ ids: string[], firstRequest: number, lastRequest: number, seconds: number }} Part
 * @typedef {{ id: string, status: string, startedAt: number, stoppedAt: number, deliveryId?: string,
 *   process?: string }} RecordedExecution
 */

const RESULTS_DIR = path.join(ROOT, 'test-results', 'queue');
const WEBHOOKS = ['webhook-1', 'webhook-2'];

const WORKERS = ['worker-a', 'worker-b'];

const EVENTS = ['charge.captured', 'charge.refunded', 'charge.chargeback'];

const RECORD_NODE_NAME = 'Record Process';

/** How long the sandbox waits for n8n's answer to a delivery before it counts the attempt as failed. */
const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * The sandbox resends every non-2xx answer as a platform does, for long enough to outlast n8n's failing of a killed
 * worker's job (about 90 s): 60 attempts, 250 ms doubled up to 4 s apart (about 4 min).
 */
const DELIVERY_RETRIES = { maxAttempts: 60, baseDelayMs: 250, maxDelayMs: 4_000 };

/** The two acknowledgement modes, each with a workflow of its own (and so an endpoint of its own). */
const MODES = /** @type {const} */ (['onReceived', 'lastNode']);
/** @typedef {typeof MODES[number]} Mode */

/** How long each execution takes (a Wait node), so that a killed worker has executions running. */
const RUN_SECONDS = 1;

/**
 * Trigger (typeVersion 1.2, Acknowledge `mode`) → Set node with the process that ran the execution and the delivery
 * id → Wait RUN_SECONDS.
 * @param {{ id: string, name: string }} credential
 * @param {Mode} mode
 */
function queueWorkflow(credential, mode) {
	const { webhookId, workflow } = triggerWorkflow(`Queue mode: ${mode}`, EVENTS, credential);
	const [trigger] = workflow.nodes;
	const record = setNode(RECORD_NODE_NAME, {
		process: '={{ $env.PP_QUEUE_PROCESS }}',
		deliveryId: '={{ $json.id }}',
	});
	const wait = {
		id: randomUUID(),
		name: 'Take a Second',
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		position: [0, 0],
		parameters: { resume: 'timeInterval', amount: RUN_SECONDS, unit: 'seconds' },
		webhookId: randomUUID(),
	};
	const acknowledging = {
		...trigger,
		typeVersion: 1.2,
		parameters: { ...trigger.parameters, acknowledge: mode },
	};
	return { webhookId, workflow: chain(workflow.name, [acknowledging, record, wait]) };
}

/**
 * @typedef {import('./services').PostgresService} Postgres
 * @typedef {import('./services').RedisService} Redis
 * @typedef {{ redis: Redis, postgres: Postgres, sandbox: Sandbox, balancer: Balancer, cluster: Cluster }} Services
 * @typedef {{ workflowId: string, webhookPath: string, endpointUrl: string }} ModeWorkflow
 * @typedef {{ client: import('../../../scripts/lib/n8n').N8nClient, modes: Record<Mode, ModeWorkflow> }}
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
		/**
		 * @type {Record<string, { faultStarted: number, runningAtFault?: number, faultEnded?: number,
		 *   recovered?: number }>} per part
		 */
		this.timeline = {};
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

	/**
	 * The executions a worker has started and not finished, from its log ("Worker started/finished execution N").
	 * @param {string} name
	 */
	runningOn(name) {
		const running = new Set();
		for (const line of this.logs[name] ?? []) {
			const match = /^Worker (started|finished) execution (\d+)/.exec(line);
			if (match?.[1] === 'started') running.add(match[2]);
			else if (match) running.delete(match[2]);
		}
		return running;
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
		const given = servicesFromEnv();
		started.redis = given?.redis ?? (await startRedis(path.join(this.workDir, 'redis')));
		started.postgres =
			given?.postgres ?? (await startPostgres(path.join(this.workDir, 'postgres')));
		// Required here, not at the top: the sandbox reads the build output, which the install phase produces.
		const { startSandbox } = require('../../../sandbox');
		started.sandbox = await startSandbox({
			port: 0,
			log: (/** @type {string} */ line) => this.log('sandbox', line),
			delivery: { ...DELIVERY_RETRIES, timeoutMs: DELIVERY_TIMEOUT_MS },
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
		balancer.configure({ upstreams: [this.upstream(WEBHOOKS[0])] });
		/** @type {Partial<Record<Mode, ModeWorkflow>>} */
		const modes = {};
		for (const mode of MODES) {
			const { webhookId, workflow } = queueWorkflow(credential, mode);
			const created = await client.createWorkflow(workflow);
			const webhookPath = `webhook/${webhookId}/webhook`;
			modes[mode] = {
				workflowId: created.id,
				webhookPath,
				endpointUrl: `${balancer.url}${webhookPath}`,
			};
		}
		this.active = { client, modes: /** @type {Record<Mode, ModeWorkflow>} */ (modes) };
		for (const mode of MODES) await client.activateWorkflow(this.active.modes[mode].workflowId);
	}

	/**
	 * Every execution of a mode's workflow, with the delivery id and process each recorded.
	 * @param {Mode} mode
	 * @returns {Promise<RecordedExecution[]>}
	 */
	async executions(mode) {
		const { client, modes } = this.workflow();
		const list = await allExecutions(client, {
			workflowId: modes[mode].workflowId,
			includeData: true,
		});
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
	EVENTS,
	MODES,
	QueueRun,
	WEBHOOKS,
	WORKERS,
};
