'use strict';
/**
 * n8n in queue mode on loopback: one main process (editor, API, activation; it runs no production execution and
 * serves no production webhook), webhook processes (`n8n webhook`) and workers (`n8n worker`), sharing one
 * PostgreSQL database and one Redis, each with a user folder of its own (as on separate machines) holding this
 * package as a community node.
 *
 * Every process gets PP_QUEUE_PROCESS=<its name>, and expressions may read it (N8N_BLOCK_ENV_ACCESS_IN_NODE=false),
 * so a Set node `{{ $env.PP_QUEUE_PROCESS }}` records in each execution which process ran it.
 *
 * n8n 2.x publishes workflows through its publication service by default (an outbox the leader main applies; a
 * publish runs the trigger's hooks only when the trigger itself changed); `publicationService: false` is the older
 * path (every publish unpublishes, then publishes; every start of main runs checkExists).
 */
const { randomBytes } = require('crypto');
const fs = require('fs');
const path = require('path');
const n8n = require('../../lib/n8n');
const { waitFor } = require('../../../scripts/lib/wait');

/** How long a worker may take to finish its running executions when stopped (n8n's own default is 30 s). */
const GRACEFUL_SHUTDOWN_SECONDS = 30;
const WORKER_CONCURRENCY = 5;

/**
 * @typedef {object} ClusterOptions
 * @property {string} n8nDir
 * @property {string} workDir
 * @property {{ host: string, port: number, database: string, user: string, password?: string }} postgres
 * @property {{ host: string, port: number }} redis
 * @property {string} webhookBaseUrl What main registers webhooks under (the balancer in front of the webhook
 *   processes).
 * @property {string[]} webhookNames
 * @property {string[]} workerNames
 * @property {boolean} publicationService N8N_USE_WORKFLOW_PUBLICATION_SERVICE (n8n's default: true).
 * @property {string[]} [inspected] Processes that listen for the inspector protocol on 127.0.0.1 (inspectorPort()),
 *   to read their heap.
 * @property {(name: string, line: string) => void} [onLine]
 */

/** @typedef {'start' | 'webhook' | 'worker'} Command */

class Cluster {
	/** @param {ClusterOptions} options */
	constructor(options) {
		this.options = options;
		this.encryptionKey = randomBytes(24).toString('hex');
		/** @type {Map<string, import('../../lib/n8nProcess').N8nInstance>} */
		this.processes = new Map();
		/**
		 * @type {Map<string, { port: number, brokerPort: number, inspectorPort: number, command: Command }>} ports
		 *   and command by process name, kept across a restart
		 */
		this.ports = new Map();
		/** @type {import('../../lib/n8n').N8nClient | undefined} */
		this.client = undefined;
		/** @type {Set<number>} every port handed to a process of the cluster */
		this.portsHandedOut = new Set();
		/** Main's publishing path (the others keep `publicationService`). */
		this.mainPublicationService = options.publicationService;
	}

	/** The main process's URL (editor, API). */
	mainUrl() {
		const main = this.processes.get('main');
		if (!main) throw new Error('main is not running');
		return main.url;
	}

	/**
	 * The URL a process listens on.
	 * @param {string} name
	 */
	url(name) {
		return `http://127.0.0.1:${this.ports.get(name)?.port}`;
	}

	/** Installs the package for main, then starts main, the webhook processes and the workers. */
	async start() {
		const mainFolder = this.userFolder('main');
		await n8n.installPackage(mainFolder);
		await this.startProcess('main', 'start');
		/** @type {Array<[string, Command]>} */
		const others = [
			...this.options.webhookNames.map(
				(name) => /** @type {[string, Command]} */ ([name, 'webhook']),
			),
			...this.options.workerNames.map(
				(name) => /** @type {[string, Command]} */ ([name, 'worker']),
			),
		];
		for (const [name] of others) this.copyPackage(mainFolder, this.userFolder(name));
		await Promise.all(others.map(([name, command]) => this.startProcess(name, command)));
	}

	/**
	 * Starts (or starts again, on the same ports) one process.
	 * @param {string} name
	 * @param {Command} command
	 */
	async startProcess(name, command) {
		let known = this.ports.get(name);
		if (!known) {
			known = {
				port: await this.newPort(),
				brokerPort: await this.newPort(),
				inspectorPort: await this.newPort(),
				command,
			};
			this.ports.set(name, known);
		} else {
			// A port the stopped process did not listen on (a webhook process runs no task broker; the inspector is
			// off unless asked for) may have been taken since: that one is chosen again. The HTTP port stays.
			if (await n8n.portInUse(known.brokerPort)) known.brokerPort = await this.newPort();
			if (await n8n.portInUse(known.inspectorPort)) known.inspectorPort = await this.newPort();
		}
		const { port, brokerPort } = known;
		const { onLine } = this.options;
		const instance = await n8n.startN8n({
			n8nDir: this.options.n8nDir,
			userFolder: this.userFolder(name),
			port,
			brokerPort,
			command,
			args: command === 'worker' ? [`--concurrency=${WORKER_CONCURRENCY}`] : [],
			env: this.env(name, port),
			onLine: onLine ? (/** @type {string} */ line) => onLine(name, line) : undefined,
			readyTimeoutMs: 180_000,
		});
		this.processes.set(name, instance);
		return instance;
	}

	/**
	 * A port free now and not handed to another process of the cluster (two calls of freePort() at the same moment
	 * can get the same port, and a port handed out but not yet listened on looks free).
	 */
	async newPort() {
		for (;;) {
			const port = await n8n.freePort();
			if (!this.portsHandedOut.has(port)) {
				this.portsHandedOut.add(port);
				return port;
			}
		}
	}

	/**
	 * Starts a stopped process again (same name, ports and user folder).
	 * @param {string} name
	 */
	async restart(name) {
		const known = this.ports.get(name);
		if (!known) throw new Error(`unknown process ${name}`);
		return await this.startProcess(name, known.command);
	}

	/**
	 * Stops main (SIGTERM) and starts it again; resolves once it has activated the published workflows: its start
	 * prints the editor's address after that (n8n's `start` command), and with the publication service the startup
	 * reconciliation is under way.
	 * @param {{ publicationService?: boolean }} [settings] main's publishing path from now on (default: unchanged)
	 */
	async restartMain({ publicationService } = {}) {
		if (publicationService !== undefined) this.mainPublicationService = publicationService;
		await this.stopProcess('main');
		const main = await this.restart('main');
		await waitFor(
			'main to activate the published workflows',
			() => main.output().includes('Editor is now accessible via'),
			{ timeoutMs: 120_000, intervalMs: 100 },
		);
	}

	/**
	 * The inspector port of a process started with `inspected`.
	 * @param {string} name
	 */
	inspectorPort(name) {
		const port = this.ports.get(name)?.inspectorPort;
		if (port === undefined || !this.options.inspected?.includes(name))
			throw new Error(`${name} listens for no inspector`);
		return port;
	}

	/**
	 * Stops one process with SIGTERM (n8n's graceful shutdown), SIGKILL only past the graceful time.
	 * @param {string} name
	 */
	async stopProcess(name) {
		const instance = this.processes.get(name);
		this.processes.delete(name);
		await instance?.stop((GRACEFUL_SHUTDOWN_SECONDS + 15) * 1000);
	}

	/**
	 * Kills one process with SIGKILL (a crash: no graceful shutdown, running executions cut off).
	 * @param {string} name
	 */
	async killProcess(name) {
		const instance = this.processes.get(name);
		this.processes.delete(name);
		await instance?.process.kill?.();
	}

	/** Stops the workers and webhook processes together, then main. */
	async stop() {
		const others = [...this.processes.keys()].filter((name) => name !== 'main');
		await Promise.all(others.map((name) => this.stopProcess(name)));
		await this.stopProcess('main');
	}

	/** @param {string} name */
	userFolder(name) {
		return path.join(this.options.workDir, 'n8n', name);
	}

	/**
	 * A copy of the installed package in another process's user folder.
	 * @param {string} fromFolder
	 * @param {string} toFolder
	 */
	copyPackage(fromFolder, toFolder) {
		const nodes = path.join('.n8n', 'nodes');
		fs.rmSync(path.join(toFolder, nodes), { recursive: true, force: true });
		fs.mkdirSync(path.join(toFolder, '.n8n'), { recursive: true });
		fs.cpSync(path.join(fromFolder, nodes), path.join(toFolder, nodes), { recursive: true });
	}

	/**
	 * @param {string} name
	 * @param {number} port
	 */
	env(name, port) {
		const { postgres, redis, webhookBaseUrl, publicationService, inspected } = this.options;
		const inspectorPort = this.ports.get(name)?.inspectorPort;
		return {
			...(inspected?.includes(name)
				? { NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort}` }
				: {}),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: postgres.host,
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: postgres.database,
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_PASSWORD: postgres.password ?? '',
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: redis.host,
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			// A worker answers /healthz/readiness on this port (main and webhook processes on N8N_PORT).
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(port),
			N8N_ENCRYPTION_KEY: this.encryptionKey,
			N8N_WEBHOOK_URL: webhookBaseUrl,
			N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: String(GRACEFUL_SHUTDOWN_SECONDS),
			N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
			N8N_USE_WORKFLOW_PUBLICATION_SERVICE: String(
				name === 'main' ? this.mainPublicationService : publicationService,
			),
			PP_QUEUE_PROCESS: name,
		};
	}
}

module.exports = { Cluster };
