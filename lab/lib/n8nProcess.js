'use strict';
/** n8n processes on loopback: free ports, the environment, CLI runs (`import`, `execute`) and servers. */
const fs = require('fs');
const net = require('net');
const { n8nCommand } = require('./n8nInstall');
const { n8nLine } = require('./n8nLines');
const { runCommand, startProcess, waitUntilReady } = require('./processes');

/**
 * A TCP port free on 127.0.0.1 right now.
 * @returns {Promise<number>}
 */
function freePort() {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = /** @type {import('net').AddressInfo} */ (server.address());
			server.close(() => resolve(port));
		});
	});
}

/** Whether something accepts connections on 127.0.0.1:port. */
function portInUse(port) {
	return new Promise((resolve) => {
		const socket = net.connect({ port, host: '127.0.0.1' });
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

/**
 * The environment that keeps n8n on loopback, quiet, and without calls to the outside.
 * @param {{ n8nDir: string, userFolder: string, port: number, brokerPort: number, logLevel?: string,
 *   extra?: NodeJS.ProcessEnv }} options
 */
function n8nEnv({ n8nDir, userFolder, port, brokerPort, logLevel = 'info', extra = {} }) {
	return {
		...process.env,
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		...n8nLine(n8nCommand(n8nDir).version).env,
		N8N_LOG_LEVEL: logLevel,
		N8N_LOG_OUTPUT: 'console',
		...extra,
	};
}

/**
 * Runs an n8n CLI command (import:workflow, execute, publish:workflow, ...) against a user folder. Each run gets a
 * task broker port of its own (a server may be using the folder, and its broker port, at the same time).
 * @param {string} n8nDir
 * @param {{ userFolder: string, port?: number }} target The user folder, and the port of a server using it if any.
 * @param {string[]} args
 * @param {{ allowFailure?: boolean, timeoutMs?: number, logLevel?: string }} [options] logLevel: n8n's, default
 *   info (`execute` prints its result through the logger at level info).
 */
async function n8nCli(n8nDir, target, args, { logLevel = 'info', ...options } = {}) {
	const env = n8nEnv({
		n8nDir,
		userFolder: target.userFolder,
		port: target.port ?? 5678,
		brokerPort: await freePort(),
		logLevel,
	});
	const n8n = n8nCommand(n8nDir);
	return await runCommand(n8n.command, [...n8n.args, ...args], {
		env,
		timeoutMs: 120_000,
		...options,
	});
}

/**
 * The JSON document `n8n execute --rawOutput` prints among its log lines: from a line that is exactly "{" or "["
 * to the next line that is exactly "}" or "]".
 */
function parseRawOutput(stdout) {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line === '{' || line === '[');
	if (start === -1) return undefined;
	const close = lines[start] === '{' ? '}' : ']';
	for (let end = start + 1; end < lines.length; end++) {
		if (lines[end] !== close) continue;
		try {
			return JSON.parse(lines.slice(start, end + 1).join('\n'));
		} catch {
			// A nested line that happened to be a bare brace: keep looking.
		}
	}
	return undefined;
}

/**
 * @typedef {object} N8nInstance
 * @property {string} url e.g. http://127.0.0.1:5679
 * @property {number} port
 * @property {number} brokerPort
 * @property {string} userFolder
 * @property {string} n8nDir
 * @property {string} version n8n's version
 * @property {import('./processes').ManagedProcess} process
 * @property {() => string} output
 * @property {(timeoutMs?: number) => Promise<void>} stop SIGTERM, SIGKILL after timeoutMs (default 20 s).
 */

/**
 * Starts `n8n start` (or `command`: `webhook`, `worker`) and waits until /healthz/readiness answers 200 on `port`
 * (a worker answers there only with QUEUE_HEALTH_CHECK_ACTIVE=true and QUEUE_HEALTH_CHECK_PORT=port in `env`).
 * @param {{ n8nDir: string, userFolder: string, port?: number, brokerPort?: number, logLevel?: string,
 *   env?: NodeJS.ProcessEnv, onLine?: (line: string) => void, readyTimeoutMs?: number,
 *   command?: 'start' | 'webhook' | 'worker', args?: string[] }} options
 * @returns {Promise<N8nInstance>}
 */
async function startN8n(options) {
	const port = options.port ?? (await freePort());
	const brokerPort = options.brokerPort ?? (await freePort());
	for (const p of [port, brokerPort]) {
		if (await portInUse(p)) throw new Error(`port ${p} is already in use on 127.0.0.1`);
	}
	fs.mkdirSync(options.userFolder, { recursive: true });
	const env = n8nEnv({
		n8nDir: options.n8nDir,
		userFolder: options.userFolder,
		port,
		brokerPort,
		logLevel: options.logLevel,
		extra: options.env,
	});
	const command = options.command ?? 'start';
	const name = command === 'start' ? 'n8n' : `n8n ${command}`;
	const n8n = n8nCommand(options.n8nDir);
	const child = startProcess(name, n8n.command, [...n8n.args, command, ...(options.args ?? [])], {
		env,
		onLine: options.onLine,
	});
	const url = `http://127.0.0.1:${port}`;
	/** @type {N8nInstance} */
	const instance = {
		url,
		port,
		brokerPort,
		userFolder: options.userFolder,
		n8nDir: options.n8nDir,
		version: n8n.version,
		process: child,
		output: child.output,
		stop: (timeoutMs = 20_000) => child.stop(timeoutMs),
	};
	// n8n 1.x answers readiness once its database is ready, before the REST API is mounted: a main process is ready
	// when its REST API answers too.
	const readyPaths =
		command === 'start' ? ['/healthz/readiness', '/rest/settings'] : ['/healthz/readiness'];
	const isReady = async () => {
		for (const readyPath of readyPaths) {
			try {
				const response = await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(2_000) });
				if (!response.ok) return false;
			} catch {
				return false; // Not listening yet.
			}
		}
		return true;
	};
	try {
		await waitUntilReady(child, isReady, { timeoutMs: options.readyTimeoutMs ?? 120_000 });
	} catch (error) {
		await instance.stop();
		throw error;
	}
	return instance;
}

module.exports = { freePort, n8nCli, n8nEnv, parseRawOutput, portInUse, startN8n };
