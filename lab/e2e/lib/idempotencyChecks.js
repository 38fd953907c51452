'use strict';
/**
 * Idempotency Key in a real n8n (both lines): Charge → Create with a key, run twice (a person re-running the workflow,
 * or n8n's retry of a failed execution), creates one charge; a gateway's 503 on the first attempt is sent again with
 * the same key. The sandbox honours the key (sandbox/idempotency.js).
 */
const assert = require('node:assert/strict');
const { execute } = require('../../lib/n8nExecute');
const { ACTION_NODE_NAME, operationWorkflow } = require('../../lib/workflows');
const { nodeOutput } = require('../../lib/executions');

/** Charge → Create whose key is stable for the workflow (its id): every run of it is the same intent. */
const keyedCharge = {
	resource: 'charge',
	operation: 'create',
	paymentMethod: 'pix',
	amount: 4_321,
	idempotencyKey: "={{ 'e2e-order-' + $workflow.id }}",
};

/** Runs the workflow; returns the charge it output. */
async function runCharge(context, workflowId) {
	const { code, run } = await execute(context, workflowId);
	const error = run.data.resultData.error;
	assert.equal(error, undefined, `execution failed: ${error?.message} ${error?.description ?? ''}`);
	assert.equal(code, 0);
	const [charge] = nodeOutput(run, ACTION_NODE_NAME);
	return charge;
}

async function checkIdempotencyKey(report, context) {
	const { client, admin, credential, sandbox } = context;
	const created = await client.createWorkflow(
		operationWorkflow('E2E Charge → Create with an Idempotency Key', keyedCharge, credential),
	);
	const key = `e2e-order-${created.id}`;
	await admin.clearRequests();
	const before = sandbox.store.charges.size;

	await report.check(
		'Idempotency Key: Charge → Create run twice creates one charge; both runs output it with the key sent',
		async () => {
			const first = await runCharge(context, created.id);
			const second = await runCharge(context, created.id);
			assert.equal(sandbox.store.charges.size, before + 1, 'charges created');
			assert.equal(second.id, first.id);
			assert.equal(first.idempotencyKey, key);
			const requests = await admin.requests();
			assert.deepEqual(
				requests.map((r) => [r.method, r.path, r.headers['idempotency-key'], r.replayed ?? false]),
				[
					['POST', '/v1/charges', key, false],
					['POST', '/v1/charges', key, true],
				],
			);
		},
	);

	await report.check(
		'Idempotency Key: a 503 on the first attempt is sent again with the same key, one charge',
		async () => {
			const other = await client.createWorkflow(
				operationWorkflow('E2E Charge → Create, 503 then retried', keyedCharge, credential),
			);
			sandbox.setFaults([{ route: 'POST /v1/charges', kind: 'unavailable_503', count: 1 }]);
			await admin.clearRequests();
			const size = sandbox.store.charges.size;
			try {
				const charge = await runCharge(context, other.id);
				assert.equal(charge.idempotencyKey, `e2e-order-${other.id}`);
			} finally {
				sandbox.clearFaults();
			}
			const requests = await admin.requests();
			assert.deepEqual(
				requests.map((r) => [r.status, r.headers['idempotency-key']]),
				[
					[503, `e2e-order-${other.id}`],
					[201, `e2e-order-${other.id}`],
				],
			);
			assert.equal(sandbox.store.charges.size, size + 1);
		},
	);
}

module.exports = { checkIdempotencyKey };
