/**
 * The Acknowledge parameter: when n8n answers a delivery, and how duplicate suppression lets the resend of a failed
 * run through. The harness answers as n8n 2.41 does for each response mode (harness/trigger.ts), reading the mode
 * the way n8n 2.x does, without its expression engine.
 */
import { NodeHelpers, sleep } from 'n8n-workflow';
import { PaymentPlatformTrigger } from '../../nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node';
import { RETRY_RUNNING_DELIVERY_AFTER_SECONDS } from '../../nodes/PaymentPlatformTrigger/deliveryWindow';
import { CAPTURED_ONLY, registeredTrigger, signedRequest } from '../harness/triggerDeliveries';

const AFTER_RUN = { ...CAPTURED_ONLY, acknowledge: 'lastNode' };
const WHEN_RECEIVED = { ...CAPTURED_ONLY, acknowledge: 'onReceived' };

describe('Acknowledge: the default per version', () => {
	it.each([
		[1, 'onReceived'],
		[1.1, 'onReceived'],
		[1.2, 'lastNode'],
		[1.3, 'lastNode'],
	])('typeVersion %s defaults to %s', (version, mode) => {
		const harness = registeredTrigger(CAPTURED_ONLY, version);
		// The Workflow constructor applies the defaults of the node's version, as n8n does.
		expect(harness.production.getNode(harness.node.name)?.parameters.acknowledge).toBe(mode);
	});

	it('the webhook description reads the mode without an expression per delivery (n8n 2.x resolvers)', () => {
		const [webhook] = new PaymentPlatformTrigger().description.webhooks ?? [];
		const resolvers = (webhook as unknown as Record<symbol, Record<string, unknown>>)[
			Symbol.for('n8n.webhookDescriptionResolvers')
		];
		expect(Object.keys(resolvers).sort()).toEqual(['responseData', 'responseMode']);
	});
});

describe('Acknowledge: the notice on saved triggers that answer when received', () => {
	const { description } = new PaymentPlatformTrigger();
	const notice = description.properties.find((property) => property.type === 'notice');
	const shown = (typeVersion: number, acknowledge: string) =>
		NodeHelpers.displayParameter({ acknowledge }, notice!, { typeVersion }, description);

	it.each([1, 1.1])('typeVersion %s answering when received shows it', (version) => {
		expect(notice?.displayName).toMatch(/After the Workflow Succeeds/);
		expect(shown(version, 'onReceived')).toBe(true);
	});

	it.each([
		[1, 'lastNode'],
		[1.2, 'onReceived'],
		[1.3, 'onReceived'],
		[1.3, 'lastNode'],
	])('typeVersion %s with %s does not show it', (version, mode) => {
		expect(shown(version, mode)).toBe(false);
	});
});

describe('Acknowledge: When Received', () => {
	it('answers 200 {"received": true} before the run', async () => {
		const outcome = await registeredTrigger(WHEN_RECEIVED, 1.2).receive(signedRequest());
		expect(outcome).toMatchObject({ status: 200, body: { received: true }, ran: true });
	});

	it('the delivery is remembered at once: a resend while it runs is a duplicate', async () => {
		const harness = registeredTrigger(WHEN_RECEIVED, 1.2);
		let resend: Awaited<ReturnType<typeof harness.receive>> | undefined;
		await harness.receive(signedRequest(), {
			whileRunning: async () => {
				resend = await harness.receive(signedRequest());
			},
		});
		expect(resend).toMatchObject({
			status: 200,
			ran: false,
			body: { ignored: 'duplicate delivery' },
		});
	});
});

describe('Acknowledge: After the Workflow Succeeds', () => {
	it('answers 200 with no body once the run succeeded (no workflow data goes to the platform)', async () => {
		const outcome = await registeredTrigger(AFTER_RUN, 1.2).receive(signedRequest());
		expect(outcome).toMatchObject({ status: 200, body: undefined, ran: true });
		expect(outcome.items).toHaveLength(1);
	});

	it('is the default of new nodes (1.2)', async () => {
		const outcome = await registeredTrigger(CAPTURED_ONLY, 1.2).receive(signedRequest());
		expect(outcome).toMatchObject({ status: 200, body: undefined, ran: true });
	});

	it('a succeeded delivery sent again is a duplicate', async () => {
		const harness = registeredTrigger(AFTER_RUN, 1.2);
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		expect(await harness.receive(signedRequest())).toMatchObject({
			status: 200,
			ran: false,
			body: { ignored: 'duplicate delivery' },
		});
	});

	it('a failed run answers 500, and the resend runs', async () => {
		const harness = registeredTrigger(AFTER_RUN, 1.2);
		const failed = await harness.receive(signedRequest(), { runFails: true });
		expect(failed.status).toBe(500);
		const resent = await harness.receive(signedRequest());
		expect(resent).toMatchObject({ status: 200, ran: true });
		expect(await harness.receive(signedRequest())).toMatchObject({ status: 200, ran: false });
	});

	it('a caller that hung up: resends get 503 until n8n answers, then a duplicate (it ran once)', async () => {
		const harness = registeredTrigger(AFTER_RUN, 1.2);
		const resends: Array<Awaited<ReturnType<typeof harness.receive>>> = [];
		const first = await harness.receive(signedRequest(), {
			callerHangsUp: true,
			whileRunning: async () => {
				resends.push(await harness.receive(signedRequest()));
			},
		});
		expect(first).toMatchObject({ status: 200, ran: true });
		expect(resends).toMatchObject([
			{
				status: 503,
				ran: false,
				headers: { 'retry-after': expect.stringMatching(/^[1-9][0-9]*$/) },
			},
		]);
		expect(await harness.receive(signedRequest())).toMatchObject({
			status: 200,
			ran: false,
			body: { ignored: 'duplicate delivery' },
		});
	});

	it('a caller that hung up on a run that then failed: the resend runs', async () => {
		const harness = registeredTrigger(AFTER_RUN, 1.2);
		const first = await harness.receive(signedRequest(), { callerHangsUp: true, runFails: true });
		expect(first.status).toBe(500);
		expect(await harness.receive(signedRequest())).toMatchObject({ status: 200, ran: true });
	});

	it('a resend while the first is still running gets 503 with Retry-After, never a 4xx that ends retries', async () => {
		const harness = registeredTrigger(AFTER_RUN, 1.2);
		let resend: Awaited<ReturnType<typeof harness.receive>> | undefined;
		const first = await harness.receive(signedRequest(), {
			whileRunning: async () => {
				resend = await harness.receive(signedRequest());
			},
		});
		expect(resend).toMatchObject({
			status: 503,
			ran: false,
			headers: { 'retry-after': String(RETRY_RUNNING_DELIVERY_AFTER_SECONDS) },
		});
		expect(first).toMatchObject({ status: 200, ran: true });
	});

	it('a resend refused while the run went on, after that run failed, runs (the 5xx went to a caller that had gone)', async () => {
		const harness = registeredTrigger(AFTER_RUN, 1.2);
		let refused: Awaited<ReturnType<typeof harness.receive>> | undefined;
		const first = await harness.receive(signedRequest(), {
			callerHangsUp: true,
			runFails: true,
			whileRunning: async () => {
				refused = await harness.receive(signedRequest());
			},
		});
		expect(refused?.status).toBe(503);
		expect(first.status).toBe(500);
		expect(await harness.receive(signedRequest())).toMatchObject({ status: 200, ran: true });
	});

	it('once Resend Runs Again After has passed, a resend of a delivery still running runs (the first may be lost)', async () => {
		const harness = registeredTrigger({ ...AFTER_RUN, options: { resendRunsAfter: 0.01 } }, 1.3);
		let resend: Awaited<ReturnType<typeof harness.receive>> | undefined;
		await harness.receive(signedRequest(), {
			callerHangsUp: true,
			whileRunning: async () => {
				await sleep(30);
				resend = await harness.receive(signedRequest());
			},
		});
		expect(resend).toMatchObject({ status: 200, ran: true });
	});

	it('a delivery without any id is recognised by its signed bytes', async () => {
		const harness = registeredTrigger(AFTER_RUN, 1.2);
		const request = () =>
			signedRequest({ body: { type: 'charge.captured', data: { id: 'c' } }, deliveryId: null });
		expect((await harness.receive(request(), { runFails: true })).status).toBe(500);
		expect((await harness.receive(request())).ran).toBe(true);
		expect((await harness.receive(request())).ran).toBe(false);
	});

	it('with Ignore Duplicate Deliveries off, every resend runs', async () => {
		const harness = registeredTrigger({ ...AFTER_RUN, options: { ignoreDuplicates: false } }, 1.2);
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		expect((await harness.receive(signedRequest())).ran).toBe(true);
	});
});
