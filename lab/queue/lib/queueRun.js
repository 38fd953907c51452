'use strict';
/**
 * One queue-mode run: PostgreSQL, Redis (behind a gate that can cut it off), the sandbox, the balancer and the n8n
 * processes it starts, the workflows it activates (one per cell: an Acknowledge mode and a sender retry profile), and
 * the parts it sends (each part's delivery ids and balancer requests, and when the worker stopped).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../../lib/n8n');
const { allExecutions, nodeOutput } = require('../../lib/executions');
const { waitFor } = require('../../../scripts/lib/wait');
const { Balancer } = require('./balancer');
const { Cluster } = require('./cluster');
const { servicesFromEnv, startPostgres, startRedis } = require('./services');
const { TcpGate } = require('./tcpGate');
const { cellName, WEBHOOKS, WORKERS } = require('./cells');
const { LAST_STEP_PATH, startLastStep } = require('./lastStep');
const { queueWorkflow, RECORD_NODE_NAME } = require('./queueWorkflows');
const { resultsDir } = require('../../lib/results');

/**
 * @typedef {Awaited<ReturnType<typeof import('../../../sandbox').startSandbox>>} Sandbox
 * @typedef {import('../../lib/groupReport').Report} Report
 * @typedef {import('./cells').Cell} Cell
 * @typedef {{ ids: string[], firstRequest: number, lastRequest: number, seconds: number }} Part
 * @typedef {{ id: string, status: string, startedAt: number, stoppedAt: number, deliveryId?: string,
 *   process?: string, nodesRun: string[], mode?: string }} RecordedExecution
 */

const RESULTS_DIR = resultsDir('queue');
/** How long the sandbox waits for n8n's answer to a delivery before it counts the attempt as failed. */
const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * The sandbox's default sender (profile resend-every-failure) resends every non-2xx answer for long enough to outlast
 * n8n's failing of a killed worker's job (about 90 s): 60 attempts, 250 ms doubled up to 4 s apart (about 4 min).
 * The other profiles (sandbox/retryProfiles.js) change this per endpoint.
 */
const DELIVERY_RETRIES = { maxAttempts: 60, baseDelayMs: 250, maxDelayMs: 4_000 };
/** pause-endpoint pauses an endpoint after this many failed attempts in a row. */
const PAUSE_AFTER = 20;

/**
 * @typedef {import('./services').PostgresService} Postgres
 * @typedef {import('./services').RedisService} Redis
 * @typedef {{ redis: Redis, postgres: Postgres, sandbox: Sandbox, balancer: Balancer, cluster: Cluster,
 *   redisGate: TcpGate }} Services
 * @typedef {{ name: string, workflowId: string, webhookPath: string, endpointUrl: string, saved: any }}
 *   AddedWorkflow A workflow the suite created: its endpoint's URL (the balancer's) and n8n's copy (`saved`).
 * @typedef {AddedWorkflow & { cell: Cell }} CellWorkflow
 * @typedef {{ client: import('../../lib/n8n').N8nClient, credential: { id: string, name: string },
 *   cells: CellWorkflow[] }} ActiveWorkflow
 */

class QueueRun {
	/**
	 * @param {Report} report
	 * @param {Cell[]} cells
	 * @param {{ publicationService?: boolean, inspectWebhooks?: boolean }} [options]
	 */
	constructor(report, cells, { publicationService = true, inspectWebhooks = false } = {}) {
		this.report = report;
		this.cells = cells;
		/** Whether n8n publishes through its publication service (its default) or the older path. */
		this.publicationService = publicationService;
		/** Whether the webhook processes listen for the inspector protocol (to read their heap). */
		this.inspectWebhooks = inspectWebhooks;
		/** @type {Map<string, string>} endpoint URL -> its cell's retry profile (read by the sandbox's sender) */
		this.profileByUrl = new Map();
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
		/** @type {Awaited<ReturnType<typeof startLastStep>> | undefined} the Last Step receiver */
		this.lastStep = undefined;
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
		const { redis, postgres, sandbox, balancer, cluster, redisGate } = this.started;
		if (!redis || !postgres || !sandbox || !balancer || !cluster || !redisGate) {
			throw new Error('the queue run has not started');
		}
		return { redis, postgres, sandbox, balancer, cluster, redisGate };
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
		started.redisGate = new TcpGate(started.redis);
		const redisAddress = await started.redisGate.listen();
		this.lastStep = await startLastStep();
		started.postgres =
			given?.postgres ?? (await startPostgres(path.join(this.workDir, 'postgres')));
		// Required here, not at the top: the sandbox reads the build output, which the install phase produces.
		const { startSandbox } = require('../../../sandbox');
		started.sandbox = await startSandbox({
			port: 0,
			log: (/** @type {string} */ line) => this.log('sandbox', line),
			delivery: {
				...DELIVERY_RETRIES,
				timeoutMs: DELIVERY_TIMEOUT_MS,
				pauseAfter: PAUSE_AFTER,
				profileOf: (/** @type {{ url: string }} */ endpoint) => this.profileByUrl.get(endpoint.url),
			},
		});
		started.balancer = new Balancer({ upstreams: [] });
		const balancerUrl = await started.balancer.listen();
		started.cluster = new Cluster({
			n8nDir,
			workDir: this.workDir,
			postgres: started.postgres,
			redis: redisAddress,
			webhookBaseUrl: balancerUrl,
			webhookNames: WEBHOOKS,
			workerNames: WORKERS,
			publicationService: this.publicationService,
			inspected: this.inspectWebhooks ? WEBHOOKS : [],
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
		this.active = { client, credential, cells: [] };
		const lastStepUrl = `${this.lastStep?.url}${LAST_STEP_PATH}`;
		for (const cell of this.cells) {
			const added = await this.addWorkflow(
				cellName(cell),
				queueWorkflow(credential, cell, lastStepUrl),
				cell.profile,
			);
			this.active.cells.push({ ...added, cell });
		}
		await this.publish(this.active.cells);
	}

	/**
	 * Creates a workflow (unpublished) whose trigger's endpoint the sandbox retries with `profile`.
	 * @param {string} name
	 * @param {{ webhookId: string, workflow: object }} built
	 * @param {string} profile
	 * @returns {Promise<AddedWorkflow>}
	 */
	async addWorkflow(name, { webhookId, workflow }, profile) {
		const { client } = this.workflow();
		const saved = await client.createWorkflow(workflow);
		const webhookPath = `webhook/${webhookId}/webhook`;
		const endpointUrl = `${this.services().balancer.url}${webhookPath}`;
		this.profileByUrl.set(endpointUrl, profile);
		return { name, workflowId: saved.id, webhookPath, endpointUrl, saved };
	}

	/**
	 * Publishes workflows, and waits until the platform has an endpoint for each: with n8n's publication service the
	 * trigger registers it after the call has returned.
	 * @param {AddedWorkflow[]} workflows
	 */
	async publish(workflows) {
		const { client } = this.workflow();
		for (const { workflowId } of workflows) await client.activateWorkflow(workflowId);
		await waitFor(
			'an endpoint for every published workflow',
			() => workflows.every((w) => this.endpointAt(w.endpointUrl) !== undefined),
			{ timeoutMs: 120_000 },
		);
	}

	/**
	 * The platform's endpoint registered for `url`, if any (the newest when there are several).
	 * @param {string} url
	 */
	endpointAt(url) {
		return [...this.services().sandbox.store.webhookEndpoints.values()]
			.filter((endpoint) => endpoint.url === url)
			.at(-1);
	}

	/**
	 * Every execution of a workflow, with the delivery id and process each recorded.
	 * @param {{ workflowId: string }} cell
	 * @returns {Promise<RecordedExecution[]>}
	 */
	async executions(cell) {
		const { client } = this.workflow();
		const list = await allExecutions(client, {
			workflowId: cell.workflowId,
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
				nodesRun: Object.keys(execution?.data?.resultData?.runData ?? {}),
				mode: /** @type {{ mode?: string }} */ (execution).mode,
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
			() => started.redisGate?.close(),
			() => this.lastStep?.stop(),
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
		for (const [name, lines] of Object.entries(this.logs)) {
			fs.writeFileSync(path.join(RESULTS_DIR, `${name}.log`), `${lines.join('\n')}\n`);
		}
		fs.writeFileSync(
			path.join(RESULTS_DIR, 'balancer.json'),
			`${JSON.stringify(this.started.balancer?.records ?? [], null, 1)}\n`,
		);
	}
}

module.exports = { QueueRun };
