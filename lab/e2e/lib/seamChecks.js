'use strict';
/**
 * The trigger where a real installation touches it every week, in a running n8n: publishing a fix (and saving through
 * the public API) while the platform resends the failed events, for a sender that keeps resending to the URL with the
 * original signature and one that drops the retries of a deleted endpoint; an unpublish that removes the endpoint
 * after its delay; a captured delivery replayed with other unsigned headers; restarts against a platform that lists
 * endpoints its own way; runs that pause (n8n answers them 2xx) and executions that end without their data (the
 * trigger answers them 500); a When Received delivery n8n could not start; refusals in the log; any Content-Type.
 */
const assert = require('node:assert/strict');
const { randomUUID } = require('crypto');
const { SEED } = require('../../../sandbox/seedIds');
const { n8nLine, sandboxCredential, startN8n } = require('../../lib/n8n');
const { sleep, waitFor } = require('../../../scripts/lib/wait');
const {
	TRIGGER_NODE_NAME,
	httpRequestNode,
	setNode,
	stopAndErrorNode,
	triggerWorkflow,
	waitNode,
} = require('../../lib/workflows');
const { allExecutions, nodeOutput } = require('../../lib/executions');
const { registerDirectly } = require('./repairChecks');
const { deliveryKeyOf } = require('../../lib/deliveryKey');
const { endpointSecret, executionsOf, sendSigned } = require('./triggerChecks');

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

async function waitForWebhook(url) {
	await waitFor('the production webhook', async () => {
		const response = await fetch(url, { method: 'POST', body: '{}' });
		return response.status !== 404;
	});
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
 * Publishing a fix while the platform resends: the workflow fails on two events; the user replaces the failing node
 * and publishes (`how`); the platform keeps resending. Each event must run once after the fix.
 */
async function fixWhileResending(report, context, profile, how) {
	const { admin, client, credential, sandbox } = context;
	await report.check(
		`seams: a fix published (${how}) while a sender that ${profile === 'drop-deleted-endpoint' ? 'drops the retries of a deleted endpoint' : 'resends with the original signature'} resends two failed events: each runs once after the fix`,
		async () => {
			await admin.reset();
			sandbox.configureDelivery({ ...PATIENT_SENDER, profile });
			const broken = brokenWorkflow(`E2E seams: fix (${how}, ${profile})`, credential);
			const workflowId = await publish(context, broken);
			try {
				const fired = [
					await admin.chargeEvent(SEED.charges.authorized, 'charge.captured'),
					await admin.chargeEvent(SEED.charges.captured, 'charge.refunded'),
				].flatMap((answer) => answer.deliveries.map((delivery) => delivery.id));
				assert.equal(fired.length, 2);
				await waitFor('both events failed once', async () => {
					const records = (await admin.deliveries()).filter((d) => fired.includes(d.id));
					return records.every((d) => d.attempts >= 1 && d.lastStatus === 500) ? true : undefined;
				});
				const fixed = fixOf(broken.workflow);
				sandbox.clearRequests();
				if (how === 'save through the public API') {
					await client.updateWorkflow(workflowId, fixed);
				} else {
					await client.updateWorkflow(workflowId, fixed, { publishIfActive: false });
					await client.activateWorkflow(workflowId);
				}
				await sandbox.waitForDeliveries();
				const records = (await admin.deliveries()).filter((d) => fired.includes(d.id));
				assert.deepEqual(
					records.map((d) => ({ delivered: d.delivered, status: d.lastStatus, gaveUp: d.gaveUp })),
					records.map(() => ({ delivered: true, status: 200, gaveUp: null })),
				);
				for (const id of fired) {
					const runs = await runsOfDelivery(client, workflowId, sandbox.deliveryBody(id));
					assert.equal(runs.success, 1, `delivery ${id}: ${runs.success} successful runs`);
				}
				assert.deepEqual(endpointChanges(sandbox), [], 'the endpoint was changed');
			} finally {
				await client.deactivateWorkflow(workflowId);
				sandbox.configureDelivery(SUITE_SENDER);
			}
		},
	);
}

async function checkReplays(report, context) {
	const { admin, client, credential } = context;
	await admin.reset();
	const trigger = triggerWorkflow('E2E seams: replays', EVENTS, credential);
	const logBefore = context.instance.output().length;
	const workflowId = await publish(context, trigger);
	const url = urlOf(context, trigger.webhookId);
	const secret = endpointSecret(context, url);
	try {
		await report.check(
			'seams: a captured delivery replayed with new X-Delivery-Ids, without one and with another X-Event runs nothing more',
			async () => {
				const body = deliveryBody();
				const headers = { 'content-type': 'application/json', 'x-event': 'charge.captured' };
				const first = await sendSigned(url, secret, body, {
					...headers,
					'x-delivery-id': randomUUID(),
				});
				assert.equal(first.status, 200, first.text);
				const replays = [
					{ ...headers, 'x-delivery-id': randomUUID() },
					{ ...headers, 'x-delivery-id': randomUUID() },
					{ 'content-type': 'application/json', 'x-event': 'charge.captured' },
					{ ...headers, 'x-event': 'charge.refunded', 'x-delivery-id': randomUUID() },
				];
				for (const replay of replays) {
					const answer = await sendSigned(url, secret, body, replay);
					assert.equal(answer.status, 200, answer.text);
					assert.match(answer.text, /duplicate delivery/);
				}
				await sleep(QUIET_MS);
				assert.deepEqual(await runsOfDelivery(client, workflowId, body), { success: 1, total: 1 });
			},
		);

		await report.check(
			"seams: a replay carrying a victim's future X-Delivery-Id does not stop the victim's delivery",
			async () => {
				const captured = deliveryBody();
				const victimId = randomUUID();
				const headers = { 'content-type': 'application/json', 'x-delivery-id': victimId };
				await sendSigned(url, secret, captured, { 'content-type': 'application/json' });
				await sendSigned(url, secret, captured, headers);
				const victim = deliveryBody('charge.refunded', SEED.charges.captured);
				const answer = await sendSigned(url, secret, victim, headers);
				assert.equal(answer.status, 200, answer.text);
				assert.doesNotMatch(answer.text, /duplicate/);
				await waitFor('the victim run', async () =>
					(await runsOfDelivery(client, workflowId, victim)).success === 1 ? true : undefined,
				);
			},
		);

		await report.check(
			'seams: a correctly signed delivery runs whatever its Content-Type (cloudevents, octet-stream, none)',
			async () => {
				for (const contentType of [
					'application/cloudevents+json',
					'application/octet-stream',
					undefined,
				]) {
					const body = deliveryBody();
					const answer = await sendSigned(
						url,
						secret,
						body,
						contentType ? { 'content-type': contentType } : {},
					);
					assert.equal(answer.status, 200, `${contentType}: ${answer.status} ${answer.text}`);
					await waitFor(`the ${contentType} run`, async () =>
						(await runsOfDelivery(client, workflowId, body)).success === 1 ? true : undefined,
					);
				}
			},
		);

		await report.check(
			'seams: refusals are logged at warn, one line a minute per webhook, without the secret or the signature',
			async () => {
				// The unsigned probe that waited for the webhook was the first refusal of this minute: logged. The forged
				// deliveries after it are counted for the next line.
				const forged = [];
				for (let i = 0; i < 3; i++) {
					const answer = await sendSigned(url, `whsec_${'0'.repeat(64)}`, deliveryBody(), {
						'content-type': 'application/json',
					});
					assert.equal(answer.status, 401);
					forged.push(answer);
				}
				await sleep(500);
				const logged = context.instance.output().slice(logBefore);
				const lines = logged
					.split('\n')
					.filter((line) => line.includes('E2E seams: replays" answered 401 to a delivery'));
				assert.equal(lines.length, 1, logged);
				assert.match(lines[0], /no signature matches the endpoint secret|no endpoint secret/);
				assert.ok(!logged.includes(secret), 'the log holds the secret');
			},
		);
	} finally {
		await client.deactivateWorkflow(workflowId);
	}
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

/**
 * n8n 2.x's publication service (its default; the suites switch it off to publish synchronously): publishing a fix
 * that also changes the trigger (here an option) unpublishes and publishes the trigger; the events the platform is
 * resending must run once after the fix.
 */
async function checkPublicationService(report, context) {
	const { admin, client, credential, sandbox } = context;
	if (!('N8N_USE_WORKFLOW_PUBLICATION_SERVICE' in n8nLine(context.instance.version).env)) return;
	await restartN8n(context, undefined, { N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true' });
	try {
		await report.check(
			"seams: with n8n 2.x's publication service, a fix that also changes the trigger, published while the platform resends: each event runs once after the fix",
			async () => {
				await admin.reset();
				sandbox.configureDelivery({ ...PATIENT_SENDER, profile: 'drop-deleted-endpoint' });
				const broken = brokenWorkflow('E2E seams: publication service', credential);
				const workflowId = await publish(context, broken);
				try {
					const fired = (
						await admin.chargeEvent(SEED.charges.authorized, 'charge.captured')
					).deliveries.map((delivery) => delivery.id);
					await waitFor('the event failed once', async () => {
						const [record] = (await admin.deliveries()).filter((d) => fired.includes(d.id));
						return record?.lastStatus === 500 ? true : undefined;
					});
					// The fix also changes the trigger (an option), so that n8n unpublishes and publishes the trigger.
					await client.updateWorkflow(
						workflowId,
						fixOf(broken.workflow, { includeHeaders: true }),
						{
							publishIfActive: false,
						},
					);
					await client.activateWorkflow(workflowId);
					await sandbox.waitForDeliveries();
					const [record] = (await admin.deliveries()).filter((d) => fired.includes(d.id));
					assert.deepEqual(
						{ delivered: record.delivered, gaveUp: record.gaveUp },
						{ delivered: true, gaveUp: null },
					);
					const runs = await runsOfDelivery(client, workflowId, sandbox.deliveryBody(fired[0]));
					assert.equal(runs.success, 1);
				} finally {
					await client.deactivateWorkflow(workflowId);
					sandbox.configureDelivery(SUITE_SENDER);
				}
			},
		);
	} finally {
		await restartN8n(context);
	}
}

async function checkRestarts(report, context) {
	const { admin, client, credential, sandbox } = context;
	await admin.reset();
	const trigger = triggerWorkflow('E2E seams: restarts', EVENTS, credential);
	const workflowId = await publish(context, trigger);
	const url = urlOf(context, trigger.webhookId);
	await report.check(
		'seams: three restarts against a platform that writes URLs and events its own way and pages without totals: 0 creates, 0 deletes, deliveries verify',
		async () => {
			const secret = endpointSecret(context, url);
			// Other endpoints of the merchant, so that the list runs over pages of 2.
			for (let i = 0; i < 3; i++)
				await registerDirectly(sandbox, `https://elsewhere.example.com/${i}`);
			sandbox.setEndpointList('rewritten');
			try {
				sandbox.clearRequests();
				for (let restart = 0; restart < 3; restart++) await restartN8n(context, url);
				const requests = sandbox.requests
					.filter((request) => request.path.startsWith(ENDPOINTS_PATH))
					.map(
						(request) =>
							`${request.method} ${request.path}${request.method === 'GET' ? ` page ${String(request.query.page)}` : ''}`,
					);
				console.log(`      the endpoint requests of the 3 starts: ${requests.join(', ')}`);
				assert.ok(requests.length >= 3, 'n8n did not check the endpoint at its starts');
				assert.deepEqual(endpointChanges(sandbox), []);
				assert.equal(endpointSecret(context, url), secret);
				const body = deliveryBody();
				const answer = await sendSigned(url, secret, body, { 'content-type': 'application/json' });
				assert.equal(answer.status, 200, answer.text);
			} finally {
				sandbox.setEndpointList('as-registered');
			}
		},
	);
	await client.deactivateWorkflow(workflowId);
}

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
	await client.deactivateWorkflow(pausingId);
	await client.deactivateWorkflow(unconfirmed.id);
	await client.deactivateWorkflow(notStarted.id);
}

async function checkUnpublishRemoval(report, context) {
	const { admin, client, credential } = context;
	await admin.reset();
	const trigger = triggerWorkflow('E2E seams: unpublish', EVENTS, credential, {
		endpointRemovalDelay: 2,
	});
	const workflowId = await publish(context, trigger);
	await report.check(
		'seams: an unpublish not followed by a publish removes the endpoint after its delay (2 s here)',
		async () => {
			await client.deactivateWorkflow(workflowId);
			assert.equal((await admin.webhookEndpoints()).length, 1);
			await waitFor('the endpoint removed', async () =>
				(await admin.webhookEndpoints()).length === 0 ? true : undefined,
			);
		},
	);
}

async function checkTriggerSeams(report, context) {
	for (const profile of ['resend-every-failure', 'drop-deleted-endpoint']) {
		for (const how of ['saved, then published', 'save through the public API']) {
			await fixWhileResending(report, context, profile, how);
		}
	}
	await checkUnpublishRemoval(report, context);
	await checkReplays(report, context);
	await checkWaitsAndUnconfirmedAnswers(report, context);
	await checkRestarts(report, context);
	await checkPublicationService(report, context);
}

module.exports = { checkTriggerSeams };
