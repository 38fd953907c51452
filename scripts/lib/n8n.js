'use strict';
/**
 * A real n8n with this package installed, for `npm start`, the end-to-end suite and whatever else needs one
 * (benchmarks, attack suites). Everything runs on loopback. Must run under scripts/node24.sh (Node 24 on PATH).
 *
 *   const n8n = require('./scripts/lib/n8n');
 *   await n8n.buildPackage();
 *   const n8nDir = await n8n.installN8n();
 *   const stack = await n8n.startStack({ n8nDir, userFolder });
 *   // sandbox + n8n with the package installed as a community node + owner + API key + credential + examples
 *   await stack.client.activateWorkflow(stack.examples['charge-events-to-team-channel'].id);
 *   ...
 *   await stack.stop();
 *
 * or piece by piece: installPackage(userFolder), startN8n(...), new N8nClient(url).ensureOwner(), ...
 */
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { runCommand, startProcess, tail, waitUntilReady } = require('./processes');

const {
	CACHE_DIR,
	CREDENTIAL_NAME,
	CREDENTIAL_TYPE,
	EXAMPLES_DIR,
	NODE_TYPES,
	PACKAGE_JSON,
	PACKAGE_NAME,
	ROOT,
} = require('./packageInfo');
const { sleep, waitFor } = require('./wait');

/** The owner account the tooling creates. Local only: n8n listens on 127.0.0.1. */
const DEFAULT_OWNER = {
	email: 'demo@example.com',
	firstName: 'Demo',
	lastName: 'Owner',
	password: 'Payment-Platform-1',
};


// ---------------------------------------------------------------------------------------------------------------
// Build, install

/** `npm run build` (tsc + icons into dist/). */
async function buildPackage() {
	await runCommand('npm', ['run', 'build', '--silent'], { cwd: ROOT });
}

/** Installs the pinned n8n once (scripts/install-n8n.sh, cached outside the repo) and returns its folder. */
async function installN8n() {
	const { stdout } = await runCommand('bash', [path.join(ROOT, 'scripts', 'install-n8n.sh')], {
		cwd: ROOT,
		echo: true, // the first install takes minutes: show its progress
	});
	const dir = stdout.trim().split('\n').pop();
	if (!dir || !fs.existsSync(path.join(dir, 'node_modules', '.bin', 'n8n'))) {
		throw new Error(`install-n8n.sh did not give an n8n folder (got "${dir}")`);
	}
	return dir;
}

/**
 * Installs the built package the way n8n's community-node install places it: the `npm pack` tarball's contents in
 * `<userFolder>/.n8n/nodes/node_modules/<package name>` (real files, only what "files" publishes). Replaces an
 * earlier copy. Returns that folder.
 */
async function installPackage(userFolder) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-pack-'));
	try {
		const { stdout } = await runCommand(
			'npm',
			['pack', '--json', '--silent', '--pack-destination', work],
			{ cwd: ROOT },
		);
		const [{ filename }] = JSON.parse(stdout);
		await runCommand('tar', ['-xzf', path.join(work, path.basename(filename)), '-C', work]);
		fs.rmSync(target, { recursive: true, force: true });
		fs.mkdirSync(path.dirname(target), { recursive: true });
		fs.cpSync(path.join(work, 'package'), target, { recursive: true });
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
	// n8n keeps the same file next to its own community installs; nothing else needs it.
	const manifest = path.join(nodesDir, 'package.json');
	const current = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')) : {};
	current.name ??= 'installed-nodes';
	current.private = true;
	current.dependencies = { ...current.dependencies, [PACKAGE_NAME]: PACKAGE_JSON.version };
	fs.writeFileSync(manifest, `${JSON.stringify(current, null, 2)}\n`);
	return target;
}

// ---------------------------------------------------------------------------------------------------------------
// Start and stop

/** A TCP port free on 127.0.0.1 right now. */
function freePort() {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
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
 * @param {{ userFolder: string, port: number, brokerPort: number, logLevel?: string, extra?: NodeJS.ProcessEnv }} options
 */
function n8nEnv({ userFolder, port, brokerPort, logLevel = 'info', extra = {} }) {
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
		N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'false',
		N8N_DISABLED_MODULES: 'mcp-registry,instance-ai,agents,chat-hub,workflow-builder,insights',
		N8N_LOG_LEVEL: logLevel,
		N8N_LOG_OUTPUT: 'console',
		...extra,
	};
}

/** The n8n executable of an installed n8n folder. */
const n8nBin = (n8nDir) => path.join(n8nDir, 'node_modules', '.bin', 'n8n');

/**
 * Runs an n8n CLI command (import:workflow, execute, publish:workflow, ...) against a user folder. Each run gets a
 * task broker port of its own (a server may be using the folder, and its broker port, at the same time).
 * @param {string} n8nDir
 * @param {{ userFolder: string, port?: number }} target The user folder, and the port of a server using it if any.
 * @param {string[]} args
 * @param {{ allowFailure?: boolean, timeoutMs?: number }} [options]
 */
async function n8nCli(n8nDir, target, args, options = {}) {
	const env = n8nEnv({
		userFolder: target.userFolder,
		port: target.port ?? 5678,
		brokerPort: await freePort(),
		// `execute` prints its result through the logger at level info.
		logLevel: 'info',
	});
	return await runCommand(n8nBin(n8nDir), args, { env, timeoutMs: 120_000, ...options });
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
		userFolder: options.userFolder,
		port,
		brokerPort,
		logLevel: options.logLevel,
		extra: options.env,
	});
	const command = options.command ?? 'start';
	const name = command === 'start' ? 'n8n' : `n8n ${command}`;
	const child = startProcess(name, n8nBin(options.n8nDir), [command, ...(options.args ?? [])], {
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
		process: child,
		output: child.output,
		stop: (timeoutMs = 20_000) => child.stop(timeoutMs),
	};
	const isReady = async () => {
		try {
			const response = await fetch(`${url}/healthz/readiness`, {
				signal: AbortSignal.timeout(2_000),
			});
			return response.ok;
		} catch {
			return false; // Not listening yet.
		}
	};
	try {
		await waitUntilReady(child, isReady, { timeoutMs: options.readyTimeoutMs ?? 120_000 });
	} catch (error) {
		await instance.stop();
		throw error;
	}
	return instance;
}

// ---------------------------------------------------------------------------------------------------------------
// REST (as the editor calls it, with the owner's cookie) and the public API (with an API key)

class N8nRequestError extends Error {
	constructor(method, url, status, body) {
		const text = typeof body === 'string' ? body : JSON.stringify(body);
		super(`${method} ${url} answered ${status}: ${text.slice(0, 500)}`);
		this.status = status;
		this.body = body;
	}
}

class N8nClient {
	/** @param {string} url e.g. http://127.0.0.1:5679 */
	constructor(url) {
		this.url = url.replace(/\/+$/, '');
		/** @type {string | undefined} */
		this.cookie = undefined;
		/** @type {string | undefined} */
		this.apiKey = undefined;
	}

	async request(method, pathAndQuery, { body, headers = {}, expect } = {}) {
		const url = `${this.url}${pathAndQuery}`;
		const response = await fetch(url, {
			method,
			headers: {
				accept: 'application/json',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(60_000),
		});
		const text = await response.text();
		let parsed = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			// Not JSON: keep the text.
		}
		const ok = expect ? expect.includes(response.status) : response.ok;
		if (!ok) throw new N8nRequestError(method, url, response.status, parsed);
		return { status: response.status, headers: response.headers, body: parsed };
	}

	/** The editor's REST API (`/rest/...`) with the session cookie; returns the `data` of n8n's envelope. */
	async rest(method, restPath, body) {
		const headers = this.cookie ? { cookie: this.cookie } : {};
		const response = await this.request(method, `/rest${restPath}`, { body, headers });
		return response.body && typeof response.body === 'object' && 'data' in response.body
			? response.body.data
			: response.body;
	}

	/** The public API (`/api/v1/...`) with the API key. */
	async api(method, apiPath, body) {
		if (!this.apiKey) throw new Error('No API key: call createApiKey() first');
		const response = await this.request(method, `/api/v1${apiPath}`, {
			body,
			headers: { 'X-N8N-API-KEY': this.apiKey },
		});
		return response.body;
	}

	keepCookie(response) {
		const cookies = response.headers.getSetCookie?.() ?? [];
		const auth = cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (!auth) throw new Error('n8n did not set the n8n-auth cookie');
		this.cookie = auth;
	}

	/** Whether the instance still waits for its owner account (GET /rest/settings). */
	async needsOwnerSetup() {
		const settings = await this.rest('GET', '/settings');
		return settings?.userManagement?.showSetupOnFirstLoad === true;
	}

	/** Creates the owner account (POST /rest/owner/setup) and keeps its cookie. */
	async setupOwner(owner = DEFAULT_OWNER) {
		const response = await this.request('POST', '/rest/owner/setup', { body: owner });
		this.keepCookie(response);
	}

	/** Logs in (POST /rest/login) and keeps the cookie. */
	async login(owner = DEFAULT_OWNER) {
		const response = await this.request('POST', '/rest/login', {
			body: { emailOrLdapLoginId: owner.email, password: owner.password },
		});
		this.keepCookie(response);
	}

	/** Sets the owner up on a new instance, or logs in as the owner. Returns true when it created the owner. */
	async ensureOwner(owner = DEFAULT_OWNER) {
		if (await this.needsOwnerSetup()) {
			await this.setupOwner(owner);
			return true;
		}
		await this.login(owner);
		return false;
	}

	/**
	 * Creates an API key with every scope the owner may grant and keeps it for `api()`. Keys with the same label are
	 * deleted first (the raw key is shown only once, so a new run needs a new one).
	 */
	async createApiKey(label = 'tooling') {
		const existing = await this.rest('GET', `/api-keys?label=${encodeURIComponent(label)}`);
		for (const key of Array.isArray(existing) ? existing : (existing?.items ?? [])) {
			if (key.label === label) await this.rest('DELETE', `/api-keys/${key.id}`);
		}
		const scopes = await this.rest('GET', '/api-keys/scopes');
		const key = await this.rest('POST', '/api-keys', { label, expiresAt: null, scopes });
		this.apiKey = key.rawApiKey;
		return key;
	}

	/** @returns {Promise<Array<{ id: string, name: string, type: string }>>} */
	async listCredentials() {
		return await this.rest('GET', '/credentials');
	}

	/** Creates a credential (POST /rest/credentials) and returns it ({ id, name, type, ... }). */
	async createCredential({ name, type, data }) {
		return await this.rest('POST', '/credentials', { name, type, data });
	}

	/** The credential with this name and type: created when missing, else its data replaced by `data`. */
	async ensureCredential({ name, type, data }) {
		const existing = (await this.listCredentials()).find((c) => c.name === name && c.type === type);
		if (!existing) return await this.createCredential({ name, type, data });
		await this.rest('PATCH', `/credentials/${existing.id}`, { name, type, data });
		return existing;
	}

	/** @returns {Promise<Array<{ id: string, name: string, active: boolean }>>} */
	async listWorkflows() {
		return await this.rest('GET', '/workflows');
	}

	/** Creates a workflow (POST /rest/workflows; `id` may be given) and returns it. */
	async createWorkflow(workflow) {
		return await this.rest('POST', '/workflows', workflow);
	}

	/** Public API: activates (publishes) a workflow. Its triggers' webhook `create` has run when this returns. */
	async activateWorkflow(id) {
		return await this.api('POST', `/workflows/${encodeURIComponent(id)}/activate`);
	}

	/** Public API: deactivates a workflow (its triggers' webhook `delete` runs). */
	async deactivateWorkflow(id) {
		return await this.api('POST', `/workflows/${encodeURIComponent(id)}/deactivate`);
	}

	/** Public API: the workflows (first page of up to 250), e.g. `{ active: true }`. */
	async listWorkflowsWithNodes(query = {}) {
		const qs = new URLSearchParams({ limit: '250' });
		for (const [key, value] of Object.entries(query)) qs.set(key, String(value));
		return (await this.api('GET', `/workflows?${qs}`)).data;
	}

	/** Public API: a workflow with its `active` flag. */
	async getWorkflow(id) {
		return await this.api('GET', `/workflows/${encodeURIComponent(id)}`);
	}

	/**
	 * Public API: executions, newest first.
	 * @param {{ workflowId?: string, includeData?: boolean, status?: string, limit?: number }} [query]
	 */
	async listExecutions(query = {}) {
		const qs = new URLSearchParams();
		for (const [key, value] of Object.entries(query))
			if (value !== undefined) qs.set(key, String(value));
		const page = await this.api('GET', `/executions?${qs}`);
		return page.data;
	}

	/** Node types the editor gets (POST /rest/node-types with every known type and version). */
	async nodeTypes(typesWithVersions) {
		return await this.rest('POST', '/node-types', { nodeInfos: typesWithVersions });
	}
}

// ---------------------------------------------------------------------------------------------------------------
// The sandbox credential and the example workflows

/** The credential that points to a running sandbox. */
function sandboxCredential(sandbox, name = CREDENTIAL_NAME) {
	return {
		name,
		type: CREDENTIAL_TYPE,
		data: { publicKey: sandbox.publicKey, secretKey: sandbox.secretKey, baseUrl: sandbox.url },
	};
}

/** The example workflows in examples/*.json, by file name without extension. */
function readExamples() {
	const examples = {};
	for (const file of fs
		.readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()) {
		examples[path.basename(file, '.json')] = JSON.parse(
			fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'),
		);
	}
	return examples;
}

/** The sandbox address the example files are written with (the default of `npm run sandbox`). */
const EXAMPLE_SANDBOX_URL = 'http://127.0.0.1:4010';

/**
 * A workflow ready to import: every Payment Platform credential reference points to `credential`, and the example
 * sandbox address is replaced by `sandboxUrl`.
 */
function prepareWorkflow(workflow, { credential, sandboxUrl }) {
	const text = JSON.stringify(workflow)
		.split(EXAMPLE_SANDBOX_URL)
		.join(sandboxUrl.replace(/\/+$/, ''));
	const copy = JSON.parse(text);
	for (const node of copy.nodes) {
		if (node.type === NODE_TYPES.action || node.type === NODE_TYPES.trigger) {
			node.credentials = { [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } };
		}
	}
	return copy;
}

/**
 * Imports the examples that are not in the instance yet (matched by id). Returns every example workflow by key,
 * with `imported: true` for those created now.
 */
async function importExamples(client, { credential, sandboxUrl }) {
	const existing = new Set((await client.listWorkflows()).map((w) => w.id));
	const result = {};
	for (const [key, workflow] of Object.entries(readExamples())) {
		if (existing.has(workflow.id)) {
			result[key] = { id: workflow.id, name: workflow.name, imported: false };
			continue;
		}
		const created = await client.createWorkflow(
			prepareWorkflow(workflow, { credential, sandboxUrl }),
		);
		result[key] = { id: created.id, name: created.name, imported: true };
	}
	return result;
}

/** Whether a workflow (as the public API returns it) has a Payment Platform Trigger. */
const hasPaymentPlatformTrigger = (workflow) =>
	(workflow.nodes ?? []).some((node) => node.type === NODE_TYPES.trigger && !node.disabled);

/**
 * Deactivates and activates again every active workflow with a Payment Platform Trigger, so that each registers a
 * webhook endpoint with the sandbox that is running now. The sandbox keeps its endpoints in memory, and n8n does not
 * register webhooks again when it restarts with them in its database. Returns the workflows' names.
 */
async function reregisterTriggerWorkflows(client) {
	const names = [];
	for (const workflow of await client.listWorkflowsWithNodes({ active: true })) {
		if (!hasPaymentPlatformTrigger(workflow)) continue;
		await client.deactivateWorkflow(workflow.id);
		await client.activateWorkflow(workflow.id);
		names.push(workflow.name);
	}
	return names;
}

// ---------------------------------------------------------------------------------------------------------------
// The whole stack: sandbox + n8n with the package, owner, API key, credential and examples

/**
 * @typedef {object} Stack
 * @property {import('../../sandbox').Sandbox} sandbox
 * @property {N8nInstance} instance
 * @property {N8nClient} client Logged in as the owner, with an API key.
 * @property {{ id: string, name: string }} credential The sandbox credential.
 * @property {Record<string, { id: string, name: string, imported: boolean }>} examples
 * @property {boolean} ownerCreated Whether this start created the owner (a new user folder).
 * @property {() => Promise<void>} stop Stops n8n, then the sandbox.
 */

/**
 * Starts the sandbox (in this process) and n8n with the package installed as a community node, then sets the
 * instance up: owner (created or logged in), API key, the sandbox credential, the example workflows. The package
 * must be built (`buildPackage`). On failure, whatever was started is stopped.
 * @param {{ n8nDir: string, userFolder: string, owner?: typeof DEFAULT_OWNER, apiKeyLabel?: string,
 *   sandbox?: import('../../sandbox').SandboxOptions, n8n?: Partial<Parameters<typeof startN8n>[0]> }} options
 * @returns {Promise<Stack>}
 */
async function startStack(options) {
	const { startSandbox } = require('../../sandbox');
	const stack = /** @type {Stack} */ ({});
	stack.stop = async () => {
		await stack.instance?.stop();
		await stack.sandbox?.stop();
	};
	try {
		stack.sandbox = await startSandbox({ port: 0, ...options.sandbox });
		await installPackage(options.userFolder);
		stack.instance = await startN8n({
			n8nDir: options.n8nDir,
			userFolder: options.userFolder,
			...options.n8n,
		});
		const client = new N8nClient(stack.instance.url);
		stack.ownerCreated = await client.ensureOwner(options.owner ?? DEFAULT_OWNER);
		await client.createApiKey(options.apiKeyLabel ?? 'tooling');
		stack.client = client;
		stack.credential = await client.ensureCredential(sandboxCredential(stack.sandbox));
		stack.examples = await importExamples(client, {
			credential: stack.credential,
			sandboxUrl: stack.sandbox.url,
		});
		return stack;
	} catch (error) {
		await stack.stop();
		throw error;
	}
}

// ---------------------------------------------------------------------------------------------------------------

module.exports = {
	CACHE_DIR,
	CREDENTIAL_NAME,
	CREDENTIAL_TYPE,
	DEFAULT_OWNER,
	EXAMPLE_SANDBOX_URL,
	EXAMPLES_DIR,
	NODE_TYPES,
	PACKAGE_NAME,
	ROOT,
	N8nClient,
	N8nRequestError,
	buildPackage,
	freePort,
	hasPaymentPlatformTrigger,
	importExamples,
	installN8n,
	installPackage,
	n8nCli,
	n8nEnv,
	parseRawOutput,
	portInUse,
	prepareWorkflow,
	readExamples,
	reregisterTriggerWorkflows,
	sandboxCredential,
	sleep,
	startN8n,
	startStack,
	tail,
	waitFor,
};
