'use strict';
/**
 * Runs that pause (n8n answers them 2xx), executions that end without their data (the trigger answers them 500), a
 * When Received delivery n8n could not start.
 */
const assert = require('node:assert/strict');
const { randomUUID } = require('crypto');
const { sandboxCredential } = require('../../../lib/n8n');
const { sleep, waitFor } = require('../../../../scripts/lib/wait');
const {
	stopAndErrorNode,
	triggerWorkflow,
	waitNode,
	httpRequestNode,
} = require('../../../lib/workflows');
const { allExecutions } = require('../../../lib/executions');
const { endpointSecret, executionsOf, sendSigned } = require('../signedDeliveries');
const { QUIET_MS, AFTER_THE_RUN, urlOf, publish, deliveryBody } = require('./shared');
const { waitForWebhook } = require('../../../lib/http');

async function checkWaitsAndUnconfirmedAnswers(report, context) {
	const { admin, client, credential, instance } = context;
	await admin.reset();
	const pausing = triggerWorkflow(
		'E2E seams: a run that pauses',
		['charge.captured'],
		credential,
		{},
		{
			parameters: AFTER_THE_RUN,
			after: [
				waitNode('Wait 70 s', { resume: 'timeInterval', amount: 70, unit: 'seconds' }),
				stopAndErrorNode('Fails After the Wait', 'E2E: fails after the pause'),
			],
		},
	);
	const before = instance.output().length;
	const pausingId = await publish(context, pausing);
	const url = urlOf(context, pausing.webhookId);
	const body = deliveryBody();
	let answeredAt = 0;
	const sentAt = Date.now();

	await report.check(
		'seams: a run that pauses at a Wait of 70 s is answered 2xx when it pauses (measured), and activation warns about it',
		async () => {
			const logged = context.instance.output().slice(before);
			assert.match(logged, /"Wait 70 s" \(Wait of 65 seconds or more\) can pause the execution/);
			const answer = await sendSigned(url, endpointSecret(context, url), body, {
				'content-type': 'application/json',
			});
			answeredAt = Date.now();
			assert.equal(answer.status, 200, answer.text);
			console.log(
				`      n8n answered ${answer.status} ${Math.round((answeredAt - sentAt) / 100) / 10} s after the delivery, the run paused`,
			);
		},
	);

	await report.check(
		'seams: a run waiting for an approval (a Wait for a webhook call) is answered 2xx when it pauses (measured)',
		async () => {
			const approval = triggerWorkflow(
				'E2E seams: an approval',
				['charge.captured'],
				credential,
				{},
				{
					parameters: AFTER_THE_RUN,
					after: [waitNode('Wait for Approval', { resume: 'webhook', options: {} })],
				},
			);
			const approvalId = await publish(context, approval);
			try {
				const target = urlOf(context, approval.webhookId);
				const started = Date.now();
				const answer = await sendSigned(target, endpointSecret(context, target), deliveryBody(), {
					'content-type': 'application/json',
				});
				assert.equal(answer.status, 200, answer.text);
				console.log(
					`      n8n answered ${answer.status} ${Math.round((Date.now() - started) / 100) / 10} s after the delivery, the run waiting for its approval`,
				);
				// The run has not ended: it waits for its approval (n8n 1.x's public API does not list waiting ones).
				await sleep(QUIET_MS);
				for (const status of ['success', 'error']) {
					assert.deepEqual(await allExecutions(client, { workflowId: approvalId, status }), []);
				}
			} finally {
				await client.deactivateWorkflow(approvalId);
			}
		},
	);

	// An execution n8n fails before it runs: a member's workflow whose HTTP Request credential is deleted (by a
	// colleague, the owner here). n8n's credential check fails it (InaccessibleCredentialError → failExecution in
	// workflow-runner).
	const member = await client.inviteMember({
		email: `member-${randomUUID()}@example.com`,
		firstName: 'Member',
		lastName: 'E2E',
		password: 'Member-Password-1',
	});
	const memberPlatform = await member.createCredential(
		sandboxCredential(context.sandbox, 'Payment Platform (member)'),
	);
	/** The member's trigger → a node with a credential of the member's that is deleted below. */
	const withDeletedCredential = async (name, parameters) => {
		const doomed = await member.createCredential({
			name: `${name}: its header credential`,
			type: 'httpHeaderAuth',
			data: { name: 'X-Test', value: 'dummy' },
		});
		const built = triggerWorkflow(
			name,
			['charge.captured'],
			memberPlatform,
			{},
			{
				parameters,
				after: [
					{
						...httpRequestNode('Uses a Deleted Credential', {
							url: `${context.sandbox.url}/__admin/sink`,
							authentication: 'genericCredentialType',
							genericAuthType: 'httpHeaderAuth',
							options: {},
						}),
						credentials: { httpHeaderAuth: { id: doomed.id, name: doomed.name } },
					},
				],
			},
		);
		const created = await member.createWorkflow(built.workflow);
		await client.activateWorkflow(created.id);
		await waitForWebhook(urlOf(context, built.webhookId));
		await client.rest('DELETE', `/credentials/${doomed.id}`);
		return { ...built, id: created.id };
	};
	const unconfirmed = await withDeletedCredential(
		'E2E seams: an execution without its data',
		AFTER_THE_RUN,
	);
	const notStarted = await withDeletedCredential('E2E seams: When Received, not started', {
		acknowledge: 'onReceived',
	});

	/** One signed delivery sent to the workflow's webhook, then resent: both answers, as `<status> <text>`. */
	const sentTwice = async (webhookId) => {
		const target = urlOf(context, webhookId);
		const secret = endpointSecret(context, target);
		const event = deliveryBody();
		const answers = [];
		for (let attempt = 1; attempt <= 2; attempt++) {
			const answer = await sendSigned(target, secret, event, {
				'content-type': 'application/json',
			});
			answers.push(`${answer.status} ${answer.text}`);
		}
		return answers;
	};

	await report.check(
		"seams: After the Workflow Succeeds, an execution n8n fails before it runs (a member's credential deleted) is answered 5xx, and its resend is not a duplicate",
		async () => {
			const answers = await sentTwice(unconfirmed.webhookId);
			console.log(`      the platform was answered: ${answers.join(' | ')}`);
			answers.forEach((answer, attempt) => {
				assert.match(answer, /^500 /, `attempt ${attempt + 1}: ${answer}`);
				assert.doesNotMatch(answer, /duplicate/);
			});
		},
	);

	await report.check(
		'seams: When Received, an execution n8n fails before it runs: measured what n8n answers (a 2xx is remembered, a 5xx leaves the resend free)',
		async () => {
			const answers = await sentTwice(notStarted.webhookId);
			console.log(`      n8n answered: ${answers.join(' | ')}`);
			if (answers[0].startsWith('200')) {
				// n8n answered before its pre-execution checks: the platform is not told, as the docs say.
				assert.match(answers[1], /duplicate delivery/);
			} else {
				assert.match(answers[0], /^5\d\d /);
				assert.match(answers[1], /^5\d\d /);
				assert.doesNotMatch(answers[1], /duplicate/);
			}
		},
	);

	// 70 s of waiting: where the run ends after a pause is n8n's own doing, checked on the primary version only.
	if (!context.compat) await checkPausedRunEnded(report, client, pausingId, sentAt);
	await client.deactivateWorkflow(pausingId);
	await client.deactivateWorkflow(unconfirmed.id);
	await client.deactivateWorkflow(notStarted.id);
}

async function checkPausedRunEnded(report, client, pausingId, sentAt) {
	await report.check(
		'seams: the paused run failed after its Wait, 70 s after n8n had answered 200',
		async () => {
			const waited = Math.max(0, sentAt + 75_000 - Date.now());
			await sleep(waited);
			const execution = await waitFor(
				'the paused execution to end',
				async () => {
					const [latest] = await executionsOf(client, pausingId);
					return latest && !['new', 'waiting', 'running'].includes(latest.status)
						? latest
						: undefined;
				},
				{ timeoutMs: 60_000 },
			);
			assert.equal(execution.status, 'error');
		},
	);
}

module.exports = { checkWaitsAndUnconfirmedAnswers };
