'use strict';
/**
 * The user fixes a failing workflow while the platform resends its events. Four workflows, one per way of saving the
 * fix (the editor's Save then Publish; a save through n8n's public API, which publishes it again) and per sender:
 * one that keeps resending to the URL with the delivery's original signature (`resend-every-failure`) and one that
 * drops the retries of a deleted endpoint (`drop-deleted-endpoint`).
 *
 * Each is Trigger (After the Workflow Succeeds) → Record Process → Last Step, which posts to the suite's receiver;
 * the receiver needs the platform's User-Agent, which the workflow does not send: every run fails, and the platform
 * resends. The fix turns on the trigger's Include Headers and sends `headers['user-agent']`: the trigger changes,
 * so n8n runs its hooks on both publishing paths (the publication service runs them only for a changed trigger; the
 * older path for every publish).
 *
 * Asserted: n8n ran the trigger's hooks for the fixes (the platform's endpoint list was read), and per workflow:
 * every event ran exactly once after the fix (acknowledged, not given up, one successful execution; a second one
 * only where n8n itself left an attempt unanswered for longer than the trigger's Resend Runs Again After, the
 * trigger's documented duplicate), no delivery was answered 401, the endpoint kept its id and secret (no endpoint
 * created or deleted), and a resend after the fix of a delivery that ran is answered "duplicate delivery" by the
 * webhook process (one window per webhook across publishes).
 */
const { SEED } = require('../../../sandbox/seedIds');
const { waitFor } = require('../../../scripts/lib/wait');
const { endpointChanges, waitUntilQuiet } = require('./parts');
const { WEBHOOKS } = require('./cells');
const { NEEDS_USER_AGENT_PATH } = require('./lastStep');
const { recordingWorkflow } = require('./queueWorkflows');

/**
 * @typedef {import('./queueRun').QueueRun} QueueRun
 * @typedef {import('./queueRun').AddedWorkflow} AddedWorkflow
 * @typedef {'publish' | 'public API save'} FixPath
 * @typedef {AddedWorkflow & { fixPath: FixPath, profile: string }} RepublishWorkflow
 */

/** Events no other workflow of the suite selects, so that only these workflows receive them. */
const REPUBLISH_EVENTS = ['charge.pending', 'charge.authorized'];
/** How many failed attempts each delivery gets before the fix is published. */
const FAILURES_BEFORE_FIX = 2;
/** The trigger's default Resend Runs Again After: a resend of an attempt n8n has not answered by then runs again. */
const RESEND_RUNS_AFTER_MS = 25_000;

const FIX_PATHS = /** @type {const} */ (['publish', 'public API save']);
const SENDERS = ['resend-every-failure', 'drop-deleted-endpoint'];

const TRIGGER_ITEM = "$('Payment Platform Trigger').item.json";

/**
 * The workflow as the user first published it: its Last Step does not send the User-Agent, so every run fails.
 * @param {{ id: string, name: string }} credential
 * @param {string} name
 * @param {string} stepUrl
 */
function failingWorkflow(credential, name, stepUrl) {
	return recordingWorkflow(credential, name, REPUBLISH_EVENTS, 'lastNode', stepUrl);
}

/**
 * The fix: the trigger passes the request headers on (Include Headers), and the Last Step sends the User-Agent.
 * Node ids, names and everything else stay as n8n saved them.
 * @param {any} saved the workflow as n8n returned it
 */
function fixedNodes(saved) {
	return saved.nodes.map((/** @type {any} */ node) => {
		if (node.name === 'Payment Platform Trigger') {
			const options = { ...node.parameters.options, includeHeaders: true };
			return { ...node, parameters: { ...node.parameters, options } };
		}
		if (node.name === 'Last Step') {
			const body = node.parameters.bodyParameters.parameters;
			const userAgent = {
				name: 'userAgent',
				value: `={{ ${TRIGGER_ITEM}.headers['user-agent'] }}`,
			};
			return {
				...node,
				parameters: {
					...node.parameters,
					bodyParameters: { parameters: [...body, userAgent] },
				},
			};
		}
		return node;
	});
}

/**
 * Creates and publishes the four workflows.
 * @param {QueueRun} run
 * @returns {Promise<RepublishWorkflow[]>}
 */
async function setUpRepublish(run) {
	const { credential } = run.workflow();
	const stepUrl = `${run.lastStep?.url}${NEEDS_USER_AGENT_PATH}`;
	/** @type {RepublishWorkflow[]} */
	const workflows = [];
	for (const fixPath of FIX_PATHS) {
		for (const profile of SENDERS) {
			const name = `Fixed while resent: ${fixPath} / ${profile}`;
			const added = await run.addWorkflow(
				name,
				failingWorkflow(credential, name, stepUrl),
				profile,
			);
			workflows.push({ ...added, fixPath, profile });
		}
	}
	await run.publish(workflows);
	return workflows;
}

/**
 * Saves the fix the way `workflow.fixPath` says.
 * @param {QueueRun} run
 * @param {RepublishWorkflow} workflow
 */
async function publishFix(run, workflow) {
	const { client } = run.workflow();
	const { saved } = workflow;
	const nodes = fixedNodes(saved);
	if (workflow.fixPath === 'publish') {
		await client.saveAndPublish(workflow.workflowId, { nodes, connections: saved.connections });
	} else {
		await client.updateWorkflow(workflow.workflowId, { ...saved, nodes });
	}
}

/**
 * Fires one event of each REPUBLISH_EVENTS (one delivery per workflow each), waits until every delivery has failed
 * FAILURES_BEFORE_FIX times, publishes the fixes, and waits until the platform has settled every delivery and n8n is
 * quiet; then resends one delivery per workflow that ran.
 * @param {QueueRun} run
 * @param {RepublishWorkflow[]} workflows
 */
async function fixWhileResent(run, workflows) {
	const { sandbox, balancer } = run.services();
	balancer.configure({ upstreams: [run.upstream(WEBHOOKS[0])], policy: 'path-hash' });
	const firstRequest = balancer.count + 1;
	const requestsBefore = sandbox.requests.length;
	const endpointsBefore = new Map(
		workflows.map((w) => [w.workflowId, run.endpointAt(w.endpointUrl)]),
	);
	const charges = [SEED.charges.captured, SEED.charges.authorized];
	const records = REPUBLISH_EVENTS.flatMap((event, i) =>
		sandbox.triggerChargeEvent(charges[i], event),
	);
	const failedEnough = () =>
		records.every((r) => !r.delivered && r.attempts >= FAILURES_BEFORE_FIX && r.lastStatus === 500);
	await waitFor(`every delivery to fail ${FAILURES_BEFORE_FIX} times`, failedEnough, {
		timeoutMs: 120_000,
		intervalMs: 100,
	});
	const attemptsBeforeFix = new Map(records.map((r) => [r.id, r.attempts]));
	for (const workflow of workflows) await publishFix(run, workflow);
	await sandbox.waitForDeliveries();
	await waitUntilQuiet(run, workflows);
	const afterFix = balancer.count;
	// One delivery per workflow that ran, sent again as the platform does (same bytes, same signature).
	const resent = workflows.flatMap((w) => {
		const record = records.find((r) => r.url === w.endpointUrl && r.delivered);
		return record ? [sandbox.redeliver(record.id)?.id ?? record.id] : [];
	});
	await sandbox.waitForDeliveries();
	await waitUntilQuiet(run, workflows);
	return {
		records,
		attemptsBeforeFix,
		resent,
		endpointsBefore,
		changes: endpointChanges(sandbox, requestsBefore),
		requests: balancer.records.filter((r) => r.n >= firstRequest),
		afterFix,
	};
}

/**
 * The part: fix and publish while resent, then the checks and the table.
 * @param {QueueRun} run
 * @param {RepublishWorkflow[]} workflows
 */
async function republishPart(run, workflows) {
	const { report } = run;
	const outcome = await fixWhileResent(run, workflows);
	await report.check(
		"the fixes made n8n run the trigger's hooks (the endpoint list was read)",
		() => {
			if (outcome.changes.listed < workflows.length)
				throw new Error(
					`the endpoint list was read ${outcome.changes.listed} times for ${workflows.length} fixes`,
				);
			return `read ${outcome.changes.listed} times for ${workflows.length} fixes`;
		},
	);
	const rows = [];
	for (const workflow of workflows) {
		const executions = await run.executions(workflow);
		const deliveries = outcome.records.filter((r) => r.url === workflow.endpointUrl);
		const requests = outcome.requests.filter((r) => r.path === `/${workflow.webhookPath}`);
		const refused = requests.filter((r) => r.status === 401);
		const successes = (/** @type {string} */ id) =>
			executions.filter((e) => e.deliveryId === id && e.status === 'success');
		// n8n left an attempt unanswered past the trigger's bound: the resend after it may run again (documented).
		const unanswered = (/** @type {string} */ id) =>
			requests.some(
				(r) =>
					r.deliveryId === id && (r.answeredAt ?? Infinity) - r.receivedAt >= RESEND_RUNS_AFTER_MS,
			);
		const ranOnce = (/** @type {string} */ id) =>
			successes(id).length === 1 || (successes(id).length === 2 && unanswered(id));
		report.group(
			`${workflow.name}: each event ran exactly once after the fix`,
			deliveries.map((d) => ({
				label: `${d.event} ${d.id}`,
				ok: d.delivered && d.gaveUp === null && ranOnce(d.id),
				problem:
					`${successes(d.id).length} successful executions of ${executions.filter((e) => e.deliveryId === d.id).length}` +
					`${unanswered(d.id) ? ' (n8n left an attempt unanswered 25 s)' : ''}, ` +
					`acknowledged ${d.delivered}, gave up ${d.gaveUp ?? 'no'}, ${d.attempts} attempts, last ${d.lastStatus ?? d.lastError}`,
			})),
			`${deliveries.length} deliveries, each failed ${FAILURES_BEFORE_FIX}+ times before the fix`,
		);
		await report.check(`${workflow.name}: no delivery answered 401`, () => {
			if (refused.length > 0)
				throw new Error(`${refused.length} answers 401: ${refused[0].body.slice(0, 200)}`);
			return `${requests.length} requests`;
		});
		const before = outcome.endpointsBefore.get(workflow.workflowId);
		const after = run.endpointAt(workflow.endpointUrl);
		const changed = outcome.changes.forUrl(workflow.endpointUrl, before?.id);
		await report.check(`${workflow.name}: the endpoint kept its id and secret`, () => {
			if (!before || !after || after.id !== before.id || after.secret !== before.secret)
				throw new Error(`endpoint ${before?.id} before the fix, ${after?.id ?? 'none'} after`);
			if (changed.created + changed.deleted > 0)
				throw new Error(`${changed.created} created, ${changed.deleted} deleted`);
			return `endpoint ${after.id}: 0 created, 0 deleted`;
		});
		const resentId = outcome.resent.find((id) => deliveries.some((d) => d.id === id));
		const resendAnswers = requests.filter(
			(r) => r.n > outcome.afterFix && r.deliveryId === resentId,
		);
		await report.check(
			`${workflow.name}: a resend after the fix of a delivery that ran is answered "duplicate delivery"`,
			() => {
				const answer = resendAnswers[0];
				if (!answer || answer.status !== 200 || !answer.body.includes('duplicate delivery'))
					throw new Error(`answered ${answer?.status ?? 'nothing'}: ${answer?.body.slice(0, 200)}`);
				if (!ranOnce(String(resentId)))
					throw new Error(`${successes(String(resentId)).length} successful executions`);
				return `${answer.status} ${answer.body}`;
			},
		);
		rows.push({
			'fix saved by / sender': workflow.name.replace('Fixed while resent: ', ''),
			deliveries: deliveries.length,
			'attempts before the fix (each delivery)': deliveries
				.map((d) => outcome.attemptsBeforeFix.get(d.id))
				.join(', '),
			'answered 401': refused.length,
			'given up by the sender': deliveries.filter((d) => d.gaveUp !== null).length,
			'ran exactly once after the fix': deliveries.filter((d) => successes(d.id).length === 1)
				.length,
			'ran twice (n8n left a run unanswered 25 s)': deliveries.filter(
				(d) => successes(d.id).length > 1,
			).length,
			endpoint:
				changed.created + changed.deleted === 0 && after?.id === before?.id ? 'kept' : 'replaced',
			'a resend of one that ran, after the fix': resendAnswers[0]
				? `${resendAnswers[0].status} ${resendAnswers[0].body}`
				: 'none',
		});
	}
	report.table(
		`Fixed and published while the platform resends (${run.publicationService ? "n8n's publication service" : 'older publishing path'})`,
		rows,
	);
}

module.exports = { REPUBLISH_EVENTS, republishPart, setUpRepublish };
