'use strict';
/**
 * A ready instance: the sandbox, n8n with the package installed, owner, API key, the sandbox credential and the
 * example workflows (examples/*.json).
 */
const fs = require('fs');
const path = require('path');
const { DEFAULT_OWNER, N8nClient } = require('./n8nClient');
const { startN8n } = require('./n8nProcess');
const { tail } = require('./processes');
const { installPackage } = require('./packageInstall');
const {
	CREDENTIAL_NAME,
	CREDENTIAL_TYPE,
	EXAMPLES_DIR,
	NODE_TYPES,
} = require('../../scripts/lib/packageInfo');

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
	/** @type {Record<string, { id: string, name: string, imported: boolean }>} */
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

/**
 * @typedef {object} Stack
 * @property {import('../../sandbox').Sandbox} sandbox
 * @property {import('./n8nProcess').N8nInstance} instance
 * @property {N8nClient} client Logged in as the owner, with an API key.
 * @property {{ id: string, name: string }} credential The sandbox credential.
 * @property {Record<string, { id: string, name: string, imported: boolean }>} examples
 * @property {boolean} ownerCreated Whether this start created the owner (a new user folder).
 * @property {string} packageDir The package as installed in n8n's nodes folder (what n8n loads).
 * @property {() => Promise<void>} stop Stops n8n, then the sandbox.
 */

/**
 * Starts the sandbox (in this process) and n8n with the package installed as a community node, then sets the
 * instance up: owner (created or logged in), API key, the sandbox credential, the example workflows (unless
 * `examples` is false). The package must be built (`buildPackage`). On failure, whatever was started is stopped.
 * @param {{ n8nDir: string, userFolder: string, owner?: typeof DEFAULT_OWNER, apiKeyLabel?: string,
 *   examples?: boolean, sandbox?: import('../../sandbox').SandboxOptions,
 *   n8n?: Partial<Parameters<typeof startN8n>[0]> }} options
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
		stack.packageDir = await installPackage(options.userFolder);
		stack.instance = await startN8n({
			n8nDir: options.n8nDir,
			userFolder: options.userFolder,
			...options.n8n,
		});
		const client = new N8nClient(stack.instance.url, stack.instance.version);
		stack.ownerCreated = await client.ensureOwner(options.owner ?? DEFAULT_OWNER);
		await client.createApiKey(options.apiKeyLabel ?? 'tooling');
		stack.client = client;
		stack.credential = await client.ensureCredential(sandboxCredential(stack.sandbox));
		stack.examples =
			options.examples === false
				? {}
				: await importExamples(client, {
						credential: stack.credential,
						sandboxUrl: stack.sandbox.url,
					});
		return stack;
	} catch (error) {
		if (stack.instance)
			error.message += `\nn8n's last lines:\n${tail(stack.instance.output(), 30)}`;
		await stack.stop();
		throw error;
	}
}

module.exports = {
	prepareWorkflow,
	readExamples,
	reregisterTriggerWorkflows,
	sandboxCredential,
	startStack,
};
