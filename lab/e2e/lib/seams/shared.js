'use strict';
/**
 * What the seam checks share: the senders they configure, the broken workflow and its fix, publishing, restarting n8n
 * and reading the runs of one delivery.
 */
const { randomUUID } = require('crypto');
const { SEED } = require('../../../../sandbox/seedIds');
const { startN8n } = require('../../../lib/n8n');
const { waitFor } = require('../../../../scripts/lib/wait');
const { waitForWebhook } = require('../../../lib/http');
const {
	TRIGGER_NODE_NAME,
	setNode,
	stopAndErrorNode,
	triggerWorkflow,
} = require('../../../lib/workflows');
const { nodeOutput } = require('../../../lib/executions');
const { deliveryKeyOf } = require('../../../lib/deliveryKey');
const { executionsOf } = require('../signedDeliveries');

/** How the e2e suite's sandbox resends (lab/e2e/run.js), restored after a check that changed it. */
const SUITE_SENDER = {
	maxAttempts: 3,
	baseDelayMs: 200,
	timeoutMs: 5_000,
	profile: 'resend-every-failure',
};

const EVENTS = ['charge.captured', 'charge.refunded'];
const ENDPOINTS_PATH = '/v1/postbacks/endpoints';
/** How long to wait before saying that something did NOT happen. */
const QUIET_MS = 2_000;
/** Acknowledge After the Workflow Succeeds, set explicitly (it is the default). */
const AFTER_THE_RUN = { acknowledge: 'lastNode' };
/** A sender slow enough to publish a fix between two of its attempts, and patient enough to wait for it. */
const PATIENT_SENDER = {
	maxAttempts: 12,
	baseDelayMs: 1_000,
	maxDelayMs: 2_000,
	timeoutMs: 10_000,
};

/** A trigger workflow whose run fails at the node after the trigger ("The Bug") until it is fixed. */
function brokenWorkflow(name, credential) {
	return triggerWorkflow(
		name,
		EVENTS,
		credential,
		{},
		{
			parameters: AFTER_THE_RUN,
			after: [stopAndErrorNode('The Bug', 'E2E: fails until fixed')],
		},
	);
}

/** The broken workflow fixed: "The Bug" becomes a Set node in its place; `triggerOptions` changes the trigger too. */
function fixOf(workflow, triggerOptions) {
	const [trigger, bug] = workflow.nodes;
	const { type, typeVersion, parameters } = setNode('The Bug', { fixed: 'yes' });
	const fixedTrigger = triggerOptions
		? { ...trigger, parameters: { ...trigger.parameters, options: triggerOptions } }
		: trigger;
	return { ...workflow, nodes: [fixedTrigger, { ...bug, type, typeVersion, parameters }] };
}

/** The production URL of a trigger workflow. */
const urlOf = (context, webhookId) => `${context.instance.url}/webhook/${webhookId}/webhook`;

/**
 * Creates and publishes a workflow, and waits until its endpoint is registered and its webhook answers (n8n 2.x's
 * publication service publishes after the call returns).
 */
async function publish(context, { webhookId, workflow }) {
	const created = await context.client.createWorkflow(workflow);
	await context.client.activateWorkflow(created.id);
	const url = urlOf(context, webhookId);
	await waitFor('the endpoint registered', async () =>
		(await context.admin.webhookEndpoints()).some((endpoint) => endpoint.url === url),
	);
	await waitForWebhook(url);
	return created.id;
}

/** The platform's endpoint requests that change something (the list is read at every activation). */
function endpointChanges(sandbox) {
	return sandbox.requests
		.filter((request) => request.path.startsWith(ENDPOINTS_PATH) && request.method !== 'GET')
		.map((request) => `${request.method} ${request.path}`);
}

/** Finished executions of a workflow whose trigger item is the delivery with these signed bytes, by status. */
async function runsOfDelivery(client, workflowId, body) {
	const key = deliveryKeyOf(body);
	const executions = await executionsOf(client, workflowId);
	const runs = executions.filter(
		(execution) => nodeOutput(execution, TRIGGER_NODE_NAME)[0]?.deliveryKey === key,
	);
	return {
		success: runs.filter((execution) => execution.status === 'success').length,
		total: runs.length,
	};
}

/** A signed delivery body of the chosen shape. */
function deliveryBody(event = 'charge.captured', chargeId = SEED.charges.authorized) {
	return JSON.stringify({
		id: randomUUID(),
		event,
		charge: { id: chargeId, status: event.slice('charge.'.length), amount: 25990 },
		occurred_at: new Date().toISOString(),
	});
}

/**
 * Restarts n8n on the same port and user folder (with `env` added), and waits until a trigger's webhook answers
 * again.
 */
async function restartN8n(context, webhookUrl, env = {}) {
	const { instance } = context;
	await instance.stop();
	context.instance = await startN8n({
		n8nDir: instance.n8nDir,
		userFolder: instance.userFolder,
		port: instance.port,
		brokerPort: instance.brokerPort,
		env,
	});
	if (webhookUrl) await waitForWebhook(webhookUrl);
	// n8n serves the webhook before its start-up check of the endpoint is over: wait until the platform hears nothing
	// more from it.
	await quietPlatform(context.sandbox);
}

/** Waits until the platform has received no request for QUIET_MS. */
async function quietPlatform(sandbox) {
	let seen = -1;
	await waitFor(
		'the platform to hear nothing more',
		async () => {
			const now = sandbox.requests.length;
			const quiet = now === seen;
			seen = now;
			return quiet;
		},
		{ intervalMs: QUIET_MS, timeoutMs: 60_000 },
	);
}

module.exports = {
	AFTER_THE_RUN,
	ENDPOINTS_PATH,
	EVENTS,
	PATIENT_SENDER,
	QUIET_MS,
	SUITE_SENDER,
	brokenWorkflow,
	deliveryBody,
	endpointChanges,
	fixOf,
	publish,
	restartN8n,
	runsOfDelivery,
	urlOf,
};
