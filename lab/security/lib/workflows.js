'use strict';
/**
 * The end-to-end workflows, started by a production webhook instead of the Manual Trigger, so that they run inside
 * the n8n server (whose debug log is searched) and take a fraction of a second each, instead of a separate
 * `n8n execute` process.
 */
const { manualTriggerNode, operationWorkflow, webhookNode } = require('../../lib/workflows');
const { chargeGet: chargeGetParameters } = require('../../../test/harness/parameters');
const { waitFor } = require('../../../scripts/lib/wait');
const { settledExecutions } = require('../../lib/executions');
const { send } = require('../../lib/http');

const MANUAL_TRIGGER = manualTriggerNode().type;

/** Nobody listens there; Webhook Endpoint → Create needs some URL and the sandbox never calls it. */
const UNCALLED_URL = 'http://127.0.0.1:9/never-called';

/**
 * @typedef {import('../../lib/workflows').WorkflowJson} WorkflowJson
 * @typedef {{ id: string, name: string }} Credential
 */

/**
 * Manual Trigger → Charge → Get of `chargeId`.
 * @param {string} chargeId
 * @param {Credential} credential
 * @returns {WorkflowJson}
 */
const chargeGet = (chargeId, credential) =>
	operationWorkflow('charge get', chargeGetParameters(chargeId), credential);

/**
 * Manual Trigger → Webhook Endpoint → Create (for UNCALLED_URL): the operation that returns a secret.
 * @param {Credential} credential
 * @returns {WorkflowJson}
 */
const webhookEndpointCreate = (credential) =>
	operationWorkflow(
		'create',
		{
			resource: 'webhookEndpoint',
			operation: 'create',
			url: UNCALLED_URL,
			events: ['charge.captured'],
		},
		credential,
	);

/**
 * A copy of `workflow` whose Manual Trigger is a Webhook node (POST, answers at once); returns it and its path.
 * @param {import('../../lib/workflows').WorkflowJson & { id?: string }} workflow
 * @param {string} [name]
 */
function webhookStarted(workflow, name = workflow.name) {
	const copy = structuredClone(workflow);
	delete copy.id;
	copy.name = name;
	const start = copy.nodes.find((node) => node.type === MANUAL_TRIGGER);
	if (!start) throw new Error(`"${workflow.name}" has no Manual Trigger`);
	const webhook = webhookNode(start.name);
	Object.assign(start, webhook);
	return { workflow: copy, webhookPath: webhook.parameters.path };
}

/**
 * Imports a Manual-Trigger workflow as a webhook-started one, activates it, calls its webhook once and returns the
 * execution (with data) once it has finished.
 * @param {{ client: import('../../lib/n8n').N8nClient, instance: { url: string } }} stack
 * @param {import('../../lib/workflows').WorkflowJson} workflow
 * @param {string} name
 */
async function runThroughWebhook(stack, workflow, name) {
	const { client, instance } = stack;
	const { workflow: started, webhookPath } = webhookStarted(workflow, name);
	const created = await client.createWorkflow(started);
	await client.activateWorkflow(created.id);
	const url = `${instance.url}/webhook/${webhookPath}`;
	// Activation does not mean the webhook is served yet: call until the answer is not 404.
	const answer = await waitFor(
		`the webhook of "${name}"`,
		async () => {
			const sent = await send(url, {
				body: Buffer.from('{}'),
				headers: { 'content-type': 'application/json' },
			});
			return sent.status === 404 ? undefined : sent;
		},
		{ timeoutMs: 10_000, intervalMs: 250 },
	);
	if (answer.status !== 200)
		throw new Error(`the webhook of "${name}" answered ${answer.status ?? answer.error}`);
	const [execution] = await settledExecutions(
		client,
		{ workflowId: created.id, includeData: true },
		1,
		{
			timeoutMs: 60_000,
		},
	);
	if (!execution) throw new Error(`"${name}" left no execution`);
	await client.deactivateWorkflow(created.id);
	return { workflowId: created.id, execution };
}

module.exports = { UNCALLED_URL, chargeGet, runThroughWebhook, webhookEndpointCreate };
