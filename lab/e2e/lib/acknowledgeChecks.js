'use strict';
const assert = require('node:assert/strict');
const { randomUUID } = require('crypto');
const { SEED } = require('../../../sandbox/seedIds');
const { deliveryKeyOf } = require('../../lib/deliveryKey');
const { postNode, stopAndErrorNode, triggerWorkflow } = require('../../lib/workflows');
const { endpointSecret, runsOf, sendSigned } = require('./signedDeliveries');
const { publish, urlOf } = require('./seams/shared');

/**
 * A trigger acknowledging "After the Workflow Succeeds" (its default, set here explicitly): n8n answers when the run
 * is over, an empty 200 when it succeeded, 500 when it failed, and the platform resends then.
 */
async function checkAcknowledgeAfterRun(report, context) {
	const { admin, client, credential, sandbox } = context;
	await admin.reset();
	const afterRun = { parameters: { acknowledge: 'lastNode' } };
	const passing = triggerWorkflow(
		'E2E trigger: acknowledge after the run',
		['charge.captured'],
		credential,
		{},
		{
			...afterRun,
			after: [
				postNode('Post to Sink', `${sandbox.url}/__admin/sink`, { delivery: '={{ $json.id }}' }),
			],
		},
	);
	const failing = triggerWorkflow(
		'E2E trigger: acknowledge after a failed run',
		['charge.refunded'],
		credential,
		{},
		{
			...afterRun,
			after: [stopAndErrorNode('Fail', 'E2E: this run fails on purpose')],
		},
	);
	const workflows = [];
	try {
		for (const trigger of [passing, failing]) {
			const id = await publish(context, trigger);
			workflows.push({ id, url: urlOf(context, trigger.webhookId) });
		}
		const [ok, fails] = workflows;

		await report.check(
			'trigger, after the workflow succeeds: an empty 200, sent once the run is over',
			async () => {
				const delivery = {
					id: randomUUID(),
					event: 'charge.captured',
					charge: { id: SEED.charges.authorized, status: 'captured', amount: 25990 },
				};
				const answer = await sendSigned(
					ok.url,
					endpointSecret(context, ok.url),
					JSON.stringify(delivery),
					{ 'content-type': 'application/json' },
				);
				assert.equal(answer.status, 200, `n8n answered ${answer.status} ${answer.text}`);
				assert.equal(answer.text, '', 'the answer carries a body');
				// The run's last node posted to the sink before n8n answered: it is there already, no waiting.
				const sink = await admin.sink();
				assert.deepEqual(
					sink.map((entry) => entry.body),
					[{ delivery: delivery.id }],
					'the answer came before the run was over',
				);
				const [execution] = await runsOf(client, ok.id, 1, deliveryKeyOf(JSON.stringify(delivery)));
				assert.equal(execution?.execution.status, 'success');
			},
		);

		await report.check(
			'trigger, after the workflow succeeds: a failed run is answered 500, and each resend runs again',
			async () => {
				const fired = await admin.chargeEvent(SEED.charges.authorized, 'charge.refunded');
				// Both endpoints have every event (the default); the other answers 200 and runs nothing.
				const mine = fired.deliveries.filter((d) => d.url === fails.url);
				assert.equal(mine.length, 1, JSON.stringify(fired.deliveries));
				const { id } = mine[0];
				await sandbox.waitForDeliveries();
				const record = (await admin.deliveries()).find((d) => d.id === id);
				assert.ok(record, `no delivery ${id}`);
				assert.equal(
					record.lastStatus,
					500,
					`n8n answered ${record.lastStatus ?? record.lastError}`,
				);
				assert.equal(record.delivered, false);
				assert.ok(
					record.attempts > 1,
					`${record.attempts} attempt(s): the platform did not resend`,
				);
				const runs = await runsOf(
					client,
					fails.id,
					record.attempts,
					deliveryKeyOf(sandbox.deliveryBody(id)),
				);
				assert.equal(runs.length, record.attempts, 'one execution per attempt');
				assert.ok(
					runs.every((run) => run.execution.status === 'error'),
					runs.map((run) => run.execution.status).join(', '),
				);
			},
		);
	} finally {
		for (const workflow of workflows) await client.deactivateWorkflow(workflow.id);
	}
}

module.exports = { checkAcknowledgeAfterRun };
