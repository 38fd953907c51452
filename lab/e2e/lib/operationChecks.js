'use strict';
/** The action node in workflows: every operation, the invalid inputs, and the onboarding example. */
const assert = require('node:assert/strict');
const n8n = require('../../lib/n8n');
const { cliExecute, execute } = require('../../lib/n8nExecute');
const {
	BATCH_CASES,
	EXPRESSION_CASES,
	INVALID_CASES,
	OPERATION_CASES,
	registryOperations,
} = require('../../lib/operationCases');
const { ACTION_NODE_NAME, operationWorkflow } = require('../../lib/workflows');
const { allExecutions, nodeOutput } = require('../../lib/executions');

async function checkOperations(report, context) {
	const { client, admin, credential } = context;
	await admin.reset();
	const label = (c) => c.title ?? `${c.resource} → ${c.operation}`;
	const cases = [...OPERATION_CASES, ...EXPRESSION_CASES];
	const workflows = [];
	for (const c of cases) {
		const workflow = operationWorkflow(
			`E2E ${label(c)}`,
			{ resource: c.resource, operation: c.operation, ...c.parameters },
			credential,
			c.before,
		);
		workflows.push((await client.createWorkflow(workflow)).id);
	}
	assert.deepEqual(
		[...new Set(OPERATION_CASES.map((c) => `${c.resource}.${c.operation}`))].sort(),
		registryOperations().sort(),
		"the suite must run every operation of the node's registry once (test/cases: one case file each)",
	);

	for (const [index, c] of cases.entries()) {
		await report.check(c.title ?? `operation ${label(c)}`, async () => {
			await admin.clearRequests();
			const { code, run } = await execute(context, workflows[index]);
			const error = run.data.resultData.error;
			assert.equal(
				error,
				undefined,
				`execution failed: ${error?.message} ${error?.description ?? ''}`,
			);
			assert.equal(code, 0);
			const items = nodeOutput(run, ACTION_NODE_NAME);
			assert.ok(items.length > 0, 'the node emitted no item');
			await c.expect(items, await admin.requests(), { admin, store: context.sandbox.store });
		});
	}

	for (const invalid of INVALID_CASES) {
		await report.check(invalid.title, async () => {
			const execution = await runFailing(context, invalid);
			const { parameterIssuesError } = n8n.n8nLine(n8n.n8nCommand(context.n8nDir).version);
			const expected =
				invalid.failsEditorCheck && parameterIssuesError
					? parameterIssuesError
					: invalid.expectedMessage;
			assert.match(String(execution.data.resultData.error?.message), expected);
			assert.deepEqual(await admin.requests(), [], 'nothing may reach the API');
		});
	}

	for (const batch of BATCH_CASES) {
		await report.check(`${batch.label}, ${batch.title}`, async () => {
			const execution = await runFailing(context, batch);
			batch.expect(execution.data.resultData.error, await admin.requests());
		});
	}
}

/**
 * Imports the case's workflow (its operation, parameters, nodes before and settings), clears the sandbox's record, runs
 * it with `n8n execute` and returns its saved execution, which must have failed. n8n 2.41's `execute` may print no
 * execution when it fails early: the saved one is read instead.
 * @param {any} context
 * @param {{ title: string, resource: string, operation: string, parameters: object, before?: any[],
 *   settings?: object }} failing
 */
async function runFailing(context, { title, resource, operation, parameters, before, settings }) {
	const { client, admin, credential } = context;
	const workflow = operationWorkflow(
		`E2E ${title}`,
		{ resource, operation, ...parameters },
		credential,
		before,
		{ settings },
	);
	const created = await client.createWorkflow(workflow);
	await admin.clearRequests();
	const { code, signal } = await cliExecute(context, created.id);
	assert.equal(code, 1, `n8n execute should exit 1, not ${code ?? signal}`);
	const [execution] = await allExecutions(client, { workflowId: created.id, includeData: true });
	assert.equal(execution?.status, 'error');
	return execution;
}

async function checkOnboardingExample(report, context) {
	const { admin, examples } = context;
	await admin.reset();
	await report.check(
		'example "submerchant onboarding" runs: update, address, document, review, get',
		async () => {
			const { code, run } = await execute(context, examples['submerchant-onboarding'].id);
			assert.equal(run.data.resultData.error, undefined, run.data.resultData.error?.message);
			assert.equal(code, 0);
			const [submerchant] = nodeOutput(run, 'Get Submerchant');
			assert.partialDeepStrictEqual(submerchant, {
				trade_name: 'Ana Souza Atelier',
				status: 'pending_review',
			});
			assert.deepEqual(nodeOutput(run, 'Review Not Submitted'), []);
			const requests = (await admin.requests()).map(
				(r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id')}`,
			);
			assert.deepEqual(requests, [
				'PATCH /v1/submerchants/:id',
				'POST /v1/submerchants/:id/addresses',
				'POST /v1/submerchants/:id/documents',
				'POST /v1/submerchants/:id/submit-for-review',
				'GET /v1/submerchants/:id',
			]);
		},
	);
	await report.check(
		'example "submerchant onboarding" run twice takes the error branch',
		async () => {
			const { code, run } = await execute(context, examples['submerchant-onboarding'].id);
			assert.equal(code, 0, run.data.resultData.error?.message);
			assert.deepEqual(nodeOutput(run, 'Get Submerchant'), []);
			const [failure] = nodeOutput(run, 'Review Not Submitted');
			assert.ok(failure, 'the error branch did not run');
			assert.match(failure.error, /pending/i);
		},
	);
}

module.exports = { checkOnboardingExample, checkOperations };
