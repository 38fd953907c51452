/**
 * The Acknowledge parameter: when n8n answers a delivery, and how duplicate suppression lets the resend of a failed
 * run through. The harness answers as n8n 2.41 does for each response mode (harness/trigger.ts), reading the mode
 * the way n8n 2.x does, without its expression engine.
 */
import { sleep } from 'n8n-workflow';
import { PaymentPlatformTrigger } from '../../nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node';
import { pausingNodesAfter } from '../../nodes/PaymentPlatformTrigger/acknowledgement';
import type { ReceiveOptions, TriggerHarness } from '../harness/trigger';
import { CAPTURED_ONLY, registeredTrigger, signedRequest } from '../harness/triggerDeliveries';

/** The Retry-After of the 503 that answers a resend of a delivery still running (docs/chosen-defaults.md). */
const RETRY_RUNNING_DELIVERY_AFTER_SECONDS = 10;

const AFTER_RUN = { ...CAPTURED_ONLY, acknowledge: 'lastNode' };
const WHEN_RECEIVED = { ...CAPTURED_ONLY, acknowledge: 'onReceived' };
const DUPLICATE = { status: 200, ran: false, body: { ignored: 'duplicate delivery' } };

/** A delivery, and the same delivery sent again while its run goes on (after `wait`). */
async function resentWhileRunning(
	harness: TriggerHarness,
	options: ReceiveOptions = {},
	wait = async () => {},
) {
	let resend: Awaited<ReturnType<TriggerHarness['receive']>> | undefined;
	const first = await harness.receive(signedRequest(), {
		...options,
		whileRunning: async () => {
			await wait();
			resend = await harness.receive(signedRequest());
		},
	});
	return { first, resend };
}

describe('Acknowledge: the parameter', () => {
	it('defaults to After the Workflow Succeeds', () => {
		const harness = registeredTrigger(CAPTURED_ONLY);
		// The Workflow constructor applies the node's defaults, as n8n does.
		expect(harness.production.getNode(harness.node.name)?.parameters.acknowledge).toBe('lastNode');
	});

	it('the webhook description reads the mode without an expression per delivery (n8n 2.x resolvers)', () => {
		const [webhook] = new PaymentPlatformTrigger().description.webhooks ?? [];
		const resolvers = (webhook as unknown as Record<symbol, Record<string, unknown>>)[
			Symbol.for('n8n.webhookDescriptionResolvers')
		];
		expect(Object.keys(resolvers).sort()).toEqual(['responseData', 'responseMode']);
	});
});

describe('Acknowledge: When Received', () => {
	it('answers 200 {"received": true} before the run', async () => {
		const outcome = await registeredTrigger(WHEN_RECEIVED).receive(signedRequest());
		expect(outcome).toMatchObject({ status: 200, body: { received: true }, ran: true });
	});

	it('the delivery is remembered once n8n answered 2xx: a resend while it runs is a duplicate', async () => {
		const { resend } = await resentWhileRunning(registeredTrigger(WHEN_RECEIVED));
		expect(resend).toMatchObject(DUPLICATE);
	});
});

describe('Acknowledge: When Received, when n8n cannot start the execution', () => {
	it('n8n answers 5xx, so the delivery is not remembered: the resend runs', async () => {
		const harness = registeredTrigger(WHEN_RECEIVED);
		const failed = await harness.receive(signedRequest(), { executionNotStarted: true });
		expect(failed).toMatchObject({ status: 500, ran: false });
		expect(await harness.receive(signedRequest())).toMatchObject({ status: 200, ran: true });
		expect(await harness.receive(signedRequest())).toMatchObject(DUPLICATE);
	});
});

describe('Acknowledge: After the Workflow Succeeds, when n8n answers 2xx without the run data', () => {
	it('n8n\'s 200 "no data was returned" goes out as 500, and the resend runs', async () => {
		const harness = registeredTrigger(AFTER_RUN);
		const first = await harness.receive(signedRequest(), { endsWithoutRunData: true });
		expect(first.status).toBe(500);
		expect(JSON.parse(String(first.body))).toMatchObject({
			message: expect.stringMatching(/without confirming/),
		});
		expect(await harness.receive(signedRequest())).toMatchObject({ status: 200, ran: true });
	});

	it('with Ignore Duplicate Deliveries off too', async () => {
		const harness = registeredTrigger({ ...AFTER_RUN, options: { ignoreDuplicates: false } });
		const first = await harness.receive(signedRequest(), { endsWithoutRunData: true });
		expect(first.status).toBe(500);
	});
});

describe('Acknowledge: After the Workflow Succeeds', () => {
	it('answers 200 with no body once the run succeeded (no workflow data goes to the platform)', async () => {
		const outcome = await registeredTrigger(AFTER_RUN).receive(signedRequest());
		expect(outcome).toMatchObject({ status: 200, body: undefined, ran: true });
		expect(outcome.items).toHaveLength(1);
	});

	it('a succeeded delivery sent again is a duplicate', async () => {
		const harness = registeredTrigger(AFTER_RUN);
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		expect(await harness.receive(signedRequest())).toMatchObject(DUPLICATE);
	});

	it('a failed run answers 500, and the resend runs', async () => {
		const harness = registeredTrigger(AFTER_RUN);
		const failed = await harness.receive(signedRequest(), { runFails: true });
		expect(failed.status).toBe(500);
		const resent = await harness.receive(signedRequest());
		expect(resent).toMatchObject({ status: 200, ran: true });
		expect(await harness.receive(signedRequest())).toMatchObject({ status: 200, ran: false });
	});

	it('a caller that hung up: resends get 503 until n8n answers, then a duplicate (it ran once)', async () => {
		const harness = registeredTrigger(AFTER_RUN);
		const { first, resend } = await resentWhileRunning(harness, { callerHangsUp: true });
		expect(first).toMatchObject({ status: 200, ran: true });
		expect(resend).toMatchObject({
			status: 503,
			ran: false,
			headers: { 'retry-after': expect.stringMatching(/^[1-9][0-9]*$/) },
		});
		expect(await harness.receive(signedRequest())).toMatchObject(DUPLICATE);
	});

	it('a resend while the first is still running gets 503 with Retry-After, never a 4xx that ends retries', async () => {
		const { first, resend } = await resentWhileRunning(registeredTrigger(AFTER_RUN));
		expect(resend).toMatchObject({
			status: 503,
			ran: false,
			headers: { 'retry-after': String(RETRY_RUNNING_DELIVERY_AFTER_SECONDS) },
		});
		expect(first).toMatchObject({ status: 200, ran: true });
	});

	it('a resend refused while the run went on, after that run failed, runs (the 5xx went to a caller that had gone)', async () => {
		const harness = registeredTrigger(AFTER_RUN);
		const { first, resend: refused } = await resentWhileRunning(harness, {
			callerHangsUp: true,
			runFails: true,
		});
		expect(refused?.status).toBe(503);
		expect(first.status).toBe(500);
		expect(await harness.receive(signedRequest())).toMatchObject({ status: 200, ran: true });
	});

	it('once Resend Runs Again After has passed, a resend of a delivery still running runs (the first may be lost)', async () => {
		const harness = registeredTrigger({ ...AFTER_RUN, options: { resendRunsAfter: 1 } });
		const { resend } = await resentWhileRunning(harness, { callerHangsUp: true }, () =>
			sleep(1_100),
		);
		expect(resend).toMatchObject({ status: 200, ran: true });
	});

	it('a delivery without any id is recognised by its signed bytes', async () => {
		const harness = registeredTrigger(AFTER_RUN);
		const request = () =>
			signedRequest({ body: { type: 'charge.captured', data: { id: 'c' } }, deliveryId: null });
		expect((await harness.receive(request(), { runFails: true })).status).toBe(500);
		expect((await harness.receive(request())).ran).toBe(true);
		expect((await harness.receive(request())).ran).toBe(false);
	});

	it('with Ignore Duplicate Deliveries off, every resend runs', async () => {
		const harness = registeredTrigger({ ...AFTER_RUN, options: { ignoreDuplicates: false } });
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		expect((await harness.receive(signedRequest())).ran).toBe(true);
	});
});

describe('Acknowledge: nodes after the trigger that can pause the run (n8n answers 2xx when it pauses)', () => {
	const node = (type: string, parameters: Record<string, unknown> = {}, disabled = false) => ({
		name: `${type} ${JSON.stringify(parameters)}`,
		type,
		disabled,
		parameters,
	});

	// prettier-ignore
	it.each([
		['a Wait of its default (1 hour)', node('n8n-nodes-base.wait', {}), 'Wait of 65 seconds or more'],
		['a Wait of 70 s', node('n8n-nodes-base.wait', { amount: 70, unit: 'seconds' }), 'Wait of 65 seconds or more'],
		['a Wait of an expression', node('n8n-nodes-base.wait', { amount: '={{ 5 }}', unit: 'minutes' }), 'Wait of 65 seconds or more'],
		['a Wait for a webhook call (an approval)', node('n8n-nodes-base.wait', { resume: 'webhook' }), 'Wait (resume: webhook)'],
		['a Wait for a form', node('n8n-nodes-base.wait', { resume: 'form' }), 'Wait (resume: form)'],
		['a Wait until a time', node('n8n-nodes-base.wait', { resume: 'specificTime' }), 'Wait (resume: specificTime)'],
		['a Send and Wait', node('n8n-nodes-base.slack', { operation: 'sendAndWait' }), 'Send and Wait'],
		['a form page', node('n8n-nodes-base.form'), 'a form'],
		['a human-review tool', node('n8n-nodes-base.slackHitlTool'), 'human review'],
	])('%s can pause it', (_label, child, why) => {
		expect(pausingNodesAfter([child])).toEqual([{ name: child.name, why }]);
	});

	it.each([
		[
			'a Wait of 64 s (n8n waits in the run)',
			node('n8n-nodes-base.wait', { amount: 64, unit: 'seconds' }),
		],
		['a disabled Wait', node('n8n-nodes-base.wait', {}, true)],
		['an HTTP request', node('n8n-nodes-base.httpRequest')],
		['a Slack message', node('n8n-nodes-base.slack', { operation: 'post' })],
	])('%s does not', (_label, child) => {
		expect(pausingNodesAfter([child])).toEqual([]);
	});
});
