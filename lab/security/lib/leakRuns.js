'use strict';
/**
 * Part 2, first half: everything that may put a secret somewhere, run in named steps. Each step reports its own
 * group; what n8n answered is kept for the search (./leakSearch.js). The `n8n execute` runs are in ./leakCliRuns.js.
 */
const assert = require('node:assert/strict');
const { randomUUID } = require('crypto');
const n8n = require('../../lib/n8n');
const { CREDENTIAL_TYPE } = require('../../../scripts/lib/packageInfo');
const { SEED } = require('../../../sandbox/seedIds');
const { invalidCase, OPERATION_CASES } = require('../../lib/operationCases');
const { SandboxAdmin } = require('../../../scripts/lib/sandboxAdmin');
const { ACTION_NODE_NAME, operationWorkflow } = require('../../lib/workflows');
const { attempt, checkItem, errorText } = require('./checkItems');
const { nodeOutput, settledExecutions } = require('../../lib/executions');
const { runWithCli } = require('./leakCliRuns');
const { chargeGet, runThroughWebhook, webhookEndpointCreate } = require('./workflows');

/**
 * @typedef {import('./stack').SecurityStack} SecurityStack
 * @typedef {import('../../lib/groupReport').Report} Report
 * @typedef {import('./secretRegistry').SecretRegistry} SecretRegistry
 * @typedef {import('./checkItems').CheckResult} CheckResult
 * @typedef {import('../../lib/workflows').WorkflowJson} WorkflowJson
 * @typedef {{ id: string, name: string }} Credential
 *
 * @typedef {object} LeakRun What every step works with, and what the search needs afterwards.
 * @property {Report} report
 * @property {SecurityStack} stack
 * @property {SecretRegistry} registry
 * @property {SandboxAdmin} admin
 * @property {Credential} wrongCredential a second credential whose secret key is wrong (still a secret)
 * @property {string[]} restAnswers what n8n's REST API answered
 * @property {import('./leakCliRuns').CliRun[]} cliRuns what each `n8n execute` printed
 * @property {(label?: string) => void} harvest registers the endpoint secrets the sandbox holds
 */

/**
 * Runs the workflows and collects what was printed and answered; returns everything to search.
 * @param {Report} report
 * @param {SecurityStack} stack
 * @param {SecretRegistry} registry
 */
async function runWorkflows(report, stack, registry) {
	const run = await startLeakRun(report, stack, registry);
	await runEveryOperation(run);
	harvestAndReset(run);
	await runFailingExecutions(run);
	await checkCredentialInEditor(run);
	await runExamples(run);
	harvestAndReset(run);
	await runWithCli(run);
	harvestAndReset(run);
	return { restAnswers: run.restAnswers, cliRuns: run.cliRuns };
}

/**
 * Deactivates the attack triggers, registers the secrets known so far, and adds the wrong-key credential.
 * @param {Report} report
 * @param {SecurityStack} stack
 * @param {SecretRegistry} registry
 * @returns {Promise<LeakRun>}
 */
async function startLeakRun(report, stack, registry) {
	const { client, sandbox, canaries, instance, triggers } = stack;
	if (triggers) {
		await client.deactivateWorkflow(triggers.A.workflowId);
		await client.deactivateWorkflow(triggers.B.workflowId);
	}
	/** @param {string} [label] */
	const harvest = (label) => registry.harvest(sandbox, instance.url, label);
	harvest();
	sandbox.reset();
	const wrongCredential = await client.createCredential({
		name: 'Payment Platform (wrong secret key)',
		type: CREDENTIAL_TYPE,
		data: {
			publicKey: canaries.publicKey,
			secretKey: canaries.wrongSecretKey,
			baseUrl: sandbox.url,
		},
	});
	return {
		report,
		stack,
		registry,
		admin: new SandboxAdmin(sandbox.url),
		wrongCredential,
		restAnswers: [],
		cliRuns: [],
		harvest,
	};
}

/** @param {LeakRun} run */
function harvestAndReset(run) {
	run.harvest();
	run.stack.sandbox.reset();
}

/**
 * Every operation, in the end-to-end suite's order and with its expectations.
 * @param {LeakRun} run
 */
async function runEveryOperation(run) {
	const { stack, registry, admin } = run;
	const label = (/** @type {{ resource: string, operation: string }} */ c) =>
		`${c.resource} → ${c.operation}`;
	/** @type {CheckResult[]} */
	const operations = [];
	for (const c of OPERATION_CASES) {
		const workflow = operationWorkflow(
			`Security: ${label(c)}`,
			{ resource: c.resource, operation: c.operation, ...c.parameters },
			stack.credential,
			c.before,
		);
		await admin.clearRequests();
		const problem = await attempt(async () => {
			const { execution } = await runThroughWebhook(stack, workflow, workflow.name);
			assert.equal(execution.status, 'success', errorText(execution));
			const items = nodeOutput(execution, ACTION_NODE_NAME);
			await c.expect(items, await admin.requests(), { admin, store: stack.sandbox.store });
			if (c.resource === 'webhookEndpoint' && c.operation === 'create') {
				const created = registry.add(
					'created secret (Create, run in n8n)',
					'createdSecret',
					items[0].secret,
				);
				registry.createdIn.set(created.name, { executionIds: [execution.id], cli: false });
			}
		});
		operations.push({ label: label(c), ok: !problem, problem });
	}
	run.report.group(
		'workflows run in n8n: every operation, as in the end-to-end suite',
		operations,
		`${operations.length} executions`,
	);
}

/**
 * Failing executions: invalid inputs (stopped before any request) and API errors.
 * @param {LeakRun} run
 */
async function runFailingExecutions(run) {
	const { stack, wrongCredential } = run;
	const { sandbox, credential } = stack;
	/** @type {CheckResult[]} */
	const failing = [];
	/**
	 * @param {string} title
	 * @param {WorkflowJson} workflow
	 * @param {RegExp} expectedMessage
	 * @param {() => void} [setup]
	 */
	const expectFailure = async (title, workflow, expectedMessage, setup) => {
		const problem = await attempt(async () => {
			setup?.();
			const { execution } = await runThroughWebhook(stack, workflow, `Security: ${title}`);
			assert.equal(execution.status, 'error', `status ${execution.status}`);
			assert.match(String(execution.data.resultData.error?.message), expectedMessage);
		});
		sandbox.clearFaults();
		failing.push({ label: title, ok: !problem, problem });
	};
	// The first invalid input is caught by the node; the second by n8n's own parameter check, which also refuses to
	// activate such a workflow: that one runs with n8n execute (./leakCliRuns.js).
	const nodeChecked = invalidCase(false);
	await expectFailure(
		nodeChecked.title,
		operationWorkflow(
			'invalid',
			{
				resource: nodeChecked.resource,
				operation: nodeChecked.operation,
				...nodeChecked.parameters,
			},
			credential,
		),
		nodeChecked.expectedMessage,
	);
	await expectFailure(
		'API error: wrong secret key (401)',
		chargeGet(SEED.charges.captured, wrongCredential),
		/./,
	);
	await expectFailure('API error: unknown charge (404)', chargeGet(randomUUID(), credential), /./);
	await expectFailure(
		'API error: connection reset on Charge → Get',
		chargeGet(SEED.charges.captured, credential),
		/./,
		() => sandbox.setFaults([{ route: 'GET /v1/charges/*', kind: 'reset', count: 1 }]),
	);
	await expectFailure(
		'API error: 500 on Webhook Endpoint → Create',
		webhookEndpointCreate(credential),
		/./,
		() =>
			sandbox.setFaults([{ route: 'POST /v1/postbacks/endpoints', kind: 'error_500', count: 1 }]),
	);
	run.report.group(
		'failing executions: invalid inputs and API errors',
		failing,
		`${failing.length} executions with status error`,
	);
}

/**
 * The credential as the editor handles it: tested with the right and the wrong key, and read back.
 * @param {LeakRun} run
 */
async function checkCredentialInEditor(run) {
	const { stack, wrongCredential, restAnswers } = run;
	const { client, credential, canaries, sandbox } = stack;
	/** @param {Credential} c @param {object} data */
	const testCredential = async (c, data) => {
		const result = await client.rest('POST', '/credentials/test', {
			credentials: { id: c.id, name: c.name, type: CREDENTIAL_TYPE, data },
		});
		restAnswers.push(JSON.stringify(result));
		return result;
	};
	const editor = [
		await checkItem('credential test (right key) answers OK', async () => {
			const result = await testCredential(credential, n8n.sandboxCredential(sandbox).data);
			assert.equal(result.status, 'OK', JSON.stringify(result));
		}),
		await checkItem('credential test (wrong key) fails', async () => {
			const result = await testCredential(wrongCredential, {
				publicKey: canaries.publicKey,
				secretKey: canaries.wrongSecretKey,
				baseUrl: sandbox.url,
			});
			assert.equal(result.status, 'Error', JSON.stringify(result));
		}),
		await checkItem('the editor gets the credential without its secret key', async () => {
			for (const c of [credential, wrongCredential]) {
				const answer = await client.rest('GET', `/credentials/${c.id}?includeData=true`);
				restAnswers.push(JSON.stringify(answer));
				assert.equal(typeof answer.data?.publicKey, 'string', JSON.stringify(answer).slice(0, 300));
				assert.match(String(answer.data?.secretKey), /^__n8n_BLANK_VALUE_/);
			}
		}),
	];
	run.report.group('credential in the editor (REST)', editor);
}

/**
 * The example workflows: onboarding twice (the second time its API error goes to the error branch), and the charge
 * events example with a real delivery.
 * @param {LeakRun} run
 */
async function runExamples(run) {
	const { stack, harvest } = run;
	const { client, credential, sandbox } = stack;
	const examples = n8n.readExamples();
	const onboarding = n8n.prepareWorkflow(examples['submerchant-onboarding'], {
		credential,
		sandboxUrl: sandbox.url,
	});
	const exampleChecks = [
		await checkItem('example "submerchant onboarding" runs to Get Submerchant', async () => {
			const { execution } = await runThroughWebhook(stack, onboarding, 'Security: onboarding (1)');
			assert.equal(execution.status, 'success', errorText(execution));
			assert.equal(nodeOutput(execution, 'Get Submerchant')[0]?.status, 'pending_review');
		}),
		await checkItem(
			'example "submerchant onboarding" again: the API error goes to the error branch',
			async () => {
				const { execution } = await runThroughWebhook(
					stack,
					onboarding,
					'Security: onboarding (2)',
				);
				assert.equal(execution.status, 'success', errorText(execution));
				assert.match(String(nodeOutput(execution, 'Review Not Submitted')[0]?.error), /pending/i);
			},
		),
		await checkItem('example "charge events": a refund is posted to the team channel', async () => {
			const workflow = n8n.prepareWorkflow(examples['charge-events-to-team-channel'], {
				credential,
				sandboxUrl: sandbox.url,
			});
			const created = await client.createWorkflow(workflow);
			await client.activateWorkflow(created.id);
			try {
				harvest('example "charge events"');
				const [record] = sandbox.triggerChargeEvent(SEED.charges.authorized, 'charge.refunded');
				await sandbox.waitForDeliveries();
				assert.equal(record?.lastStatus, 200, `n8n answered ${record?.lastStatus}`);
				const [execution] = await settledExecutions(client, { workflowId: created.id }, 1);
				assert.equal(execution?.status, 'success');
				assert.match(String(sandbox.store.sink[0]?.body?.text), /^Refund issued/);
			} finally {
				await client.deactivateWorkflow(created.id);
			}
		}),
	];
	run.report.group('examples', exampleChecks);
}

module.exports = { runWorkflows };
