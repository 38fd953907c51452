/**
 * Webhook endpoints and signed deliveries: endpoint rules, secrets returned only at creation, delivery body and
 * headers verified with signature.ts, retries with the same delivery id and bytes, redelivery, the admin routes, and
 * the sender's retry profiles (sandbox/retryProfiles.js): senders that behave like real platforms, selected by
 * configuration, per endpoint.
 */
import { WEBHOOK_EVENTS } from '../../nodes/shared/documentedValues';
import { SEED, type SandboxOptions } from '../../sandbox';
import { retryDelayMs, retryProfile } from '../../sandbox/retryProfiles';
import { triggerAcceptsRawBody } from '../harness/triggerDeliveries';
import {
	expectNotFound,
	expectValidationError,
	startReceiver,
	UNKNOWN_ID,
	useOwnServers,
	useTestSandbox,
	type TestSandbox,
} from '../harness/sandboxHttp';

const C = SEED.charges;
const ENDPOINTS = '/v1/postbacks/endpoints';

const t = useTestSandbox();
const own = useOwnServers();
const receiver = own.receiver;

/** Registers an endpoint for `url` and `events` (on the file's sandbox unless told); its id and secret. */
async function createEndpoint(
	url: string,
	events: string[],
	on: TestSandbox = t(),
): Promise<{ id: string; secret: string }> {
	const response = await on.api.post(ENDPOINTS, { url, events });
	expect(response.status).toBe(201);
	return response.data.data;
}

const fire = (chargeId: string, event: string, on: TestSandbox = t()) =>
	on.anonymous.post(`/__admin/charges/${chargeId}/events`, { event });

/**
 * An endpoint for `event` at a new receiver answering `statuses` (then 200), and the event fired for `chargeId`, its
 * deliveries done: the receiver (what it received) and the endpoint's secret.
 */
async function delivered(event: string, chargeId: string = C.authorized, statuses: number[] = []) {
	const hook = await receiver(statuses);
	const { secret } = await createEndpoint(hook.url, [event]);
	await fire(chargeId, event);
	await t().sandbox.waitForDeliveries();
	return { hook, secret };
}

/**
 * A sandbox of the test's own with `delivery` settings, an endpoint for charge.captured at a receiver answering
 * `statuses` (then 200), and `send`: the authorized charge captured, its deliveries awaited.
 */
async function ownEndpoint(delivery: SandboxOptions['delivery'], statuses: number[] = []) {
	const sandbox = await own.sandbox({ delivery });
	const hook = await receiver(statuses);
	await createEndpoint(hook.url, ['charge.captured'], sandbox);
	const send = async () => {
		await fire(C.authorized, 'charge.captured', sandbox);
		await sandbox.sandbox.waitForDeliveries();
	};
	return { sandbox, hook, send };
}

describe('POST /v1/postbacks/endpoints rules', () => {
	const valid = { url: 'https://hooks.example.com/payments', events: ['charge.captured'] };
	// prettier-ignore
	it.each([
		['url not a string', { ...valid, url: 42 }, 'url', 'string', 'url must be a string'],
		['events a string', { ...valid, events: 'charge.captured' }, 'events', 'array', 'events must be an array'],
		['an unknown field', { ...valid, secret: 'mine' }, 'secret', 'unknown_field', 'secret is not an allowed field'],
	])('%s', async (_label, body, field, rule, message) => {
		expectValidationError(await t().api.post(ENDPOINTS, body), field, rule, message);
		expect(t().sandbox.store.webhookEndpoints.size).toBe(0);
	});
});

describe('webhook endpoints', () => {
	it('creation returns the endpoint with a generated secret; nothing else ever shows it', async () => {
		const response = await t().api.post(ENDPOINTS, {
			url: 'http://127.0.0.1:9/hook',
			events: ['charge.captured'],
		});
		expect(response.status).toBe(201);
		const endpoint = response.data.data;
		expect(Object.keys(endpoint).sort()).toEqual([
			'created_at',
			'events',
			'id',
			'secret',
			'status',
			'url',
		]);
		expect(endpoint).toMatchObject({
			url: 'http://127.0.0.1:9/hook',
			events: ['charge.captured'],
			status: 'active',
		});
		expect(endpoint.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
		const second = await t().api.post(ENDPOINTS, {
			url: 'http://127.0.0.1:9/hook',
			events: ['charge.captured'],
		});
		expect(second.data.data.secret).not.toBe(endpoint.secret);

		const listed = await t().anonymous.get('/__admin/webhook-endpoints');
		expect(listed.data.data).toHaveLength(2);
		expect(listed.data.data[0]).toEqual({
			id: endpoint.id,
			url: endpoint.url,
			events: endpoint.events,
			status: 'active',
			created_at: endpoint.created_at,
		});
		await fire(C.authorized, 'charge.captured');
		await t().sandbox.waitForDeliveries();
		const elsewhere = [
			JSON.stringify(listed.data),
			JSON.stringify((await t().anonymous.get('/__admin/deliveries')).data),
			JSON.stringify((await t().anonymous.get('/__admin/requests')).data),
			JSON.stringify(t().sandbox.deliveries),
		].join('\n');
		expect(elsewhere).not.toContain(endpoint.secret);
	});
});

describe('signed deliveries', () => {
	// test/trigger/endToEnd.test.ts pins the body (its four keys and id), the signature the node verifies and the
	// delivery record; the headers it does not read and the exact bytes stay here.
	it('delivers charge.captured as compact JSON with the chosen headers, the secret nowhere in it', async () => {
		const { hook, secret } = await delivered('charge.captured');
		const [delivery] = hook.received;
		expect(delivery.method).toBe('POST');
		expect(delivery.headers['content-type']).toBe('application/json');
		expect(delivery.headers['x-event']).toBe('charge.captured');
		expect(delivery.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
		expect(
			triggerAcceptsRawBody(
				'whsec_wrong',
				delivery.body,
				delivery.headers['x-signature'] as string,
			),
		).toBe(false);
		const payload = JSON.parse(delivery.body.toString('utf8'));
		expect(delivery.body.toString('utf8')).toBe(JSON.stringify(payload));
		expect(JSON.stringify(payload)).not.toContain(secret);
	});

	it('creating a charge emits charge.pending', async () => {
		const hook = await receiver();
		const { secret } = await createEndpoint(hook.url, ['charge.pending']);
		const created = await t().api.post('/v1/charges', { amount: 700, payment_method: 'pix' });
		const [delivery] = await hook.waitFor(1);
		const payload = JSON.parse(delivery.body.toString());
		expect(payload).toMatchObject({
			event: 'charge.pending',
			charge: { id: created.data.data.id, status: 'pending' },
		});
		expect(
			triggerAcceptsRawBody(secret, delivery.body, delivery.headers['x-signature'] as string),
		).toBe(true);
	});

	it('charge.chargeback records a chargeback and keeps the status', async () => {
		const { hook } = await delivered('charge.chargeback', C.captured);
		const payload = JSON.parse(hook.received[0].body.toString());
		expect(payload.event).toBe('charge.chargeback');
		expect(payload.charge.status).toBe('captured');
		expect(payload.charge.chargebacks).toHaveLength(1);
		expect(t().sandbox.store.charges.get(C.captured)?.chargebacks).toHaveLength(1);
	});

	it('triggerChargeEvent does the same programmatically', async () => {
		const hook = await receiver();
		await createEndpoint(hook.url, ['charge.voided']);
		const records = t().sandbox.triggerChargeEvent(C.authorized, 'charge.voided');
		expect(records).toHaveLength(1);
		const [delivery] = await hook.waitFor(1);
		expect(delivery.headers['x-delivery-id']).toBe(records[0].id);
		expect(t().sandbox.store.charges.get(C.authorized)?.status).toBe('voided');
	});

	it('retries a failing receiver: 500, 503, then 200 → 3 attempts with the same id and bytes', async () => {
		const { hook, secret } = await delivered('charge.captured', C.authorized, [500, 503]);
		const attempts = hook.received;
		const ids = new Set(attempts.map((a) => a.headers['x-delivery-id']));
		expect(ids.size).toBe(1);
		expect(attempts[1].body.equals(attempts[0].body)).toBe(true);
		expect(attempts[2].body.equals(attempts[0].body)).toBe(true);
		expect(new Set(attempts.map((a) => a.headers['x-signature'])).size).toBe(1);
		for (const attempt of attempts)
			expect(
				triggerAcceptsRawBody(secret, attempt.body, attempt.headers['x-signature'] as string),
			).toBe(true);
		expect(t().sandbox.deliveries[0]).toMatchObject({
			attempts: 3,
			lastStatus: 200,
			delivered: true,
		});
		expect(hook.received).toHaveLength(3);
	});

	it('retries network errors too', async () => {
		const closed = await startReceiver();
		await closed.close();
		await createEndpoint(closed.url, ['charge.captured']);
		await fire(C.authorized, 'charge.captured');
		await t().sandbox.waitForDeliveries();
		expect(t().sandbox.deliveries[0]).toMatchObject({
			attempts: 3,
			lastStatus: null,
			delivered: false,
			lastError: 'ECONNREFUSED',
		});
	});

	it('redeliver sends the same delivery again: same id, same bytes', async () => {
		const { hook } = await delivered('charge.captured');
		const [first] = hook.received;
		const deliveryId = first.headers['x-delivery-id'] as string;
		const response = await t().anonymous.post(`/__admin/deliveries/${deliveryId}/redeliver`);
		expect(response.status).toBe(200);
		const [, second] = await hook.waitFor(2);
		expect(second.headers['x-delivery-id']).toBe(deliveryId);
		expect(second.body.equals(first.body)).toBe(true);
		expect(second.headers['x-signature']).toBe(first.headers['x-signature']);
		await t().sandbox.waitForDeliveries();
		expect(t().sandbox.deliveries).toHaveLength(1);
		expect(t().sandbox.deliveries[0]).toMatchObject({ attempts: 2, delivered: true });
		expectNotFound(await t().anonymous.post(`/__admin/deliveries/${UNKNOWN_ID}/redeliver`));
	});

	it('GET /__admin/deliveries lists the records with the exact body sent', async () => {
		const { hook } = await delivered('charge.expired', C.pending);
		const [delivery] = hook.received;
		const listed = await t().anonymous.get('/__admin/deliveries');
		expect(listed.data.data).toHaveLength(1);
		expect(listed.data.data[0]).toMatchObject({
			id: delivery.headers['x-delivery-id'],
			event: 'charge.expired',
			delivered: true,
		});
		expect(listed.data.data[0].body).toBe(delivery.body.toString('utf8'));
	});

	it('stop() cancels pending retries at once', async () => {
		const { sandbox, hook } = await ownEndpoint(
			{ maxAttempts: 5, baseDelayMs: 60_000 },
			[500, 500],
		);
		sandbox.sandbox.triggerChargeEvent(C.authorized, 'charge.captured');
		await hook.waitFor(1);
		const started = Date.now();
		await sandbox.sandbox.stop();
		expect(Date.now() - started).toBeLessThan(1_000);
		await sandbox.sandbox.waitForDeliveries();
		expect(sandbox.sandbox.deliveries[0]).toMatchObject({ attempts: 1, delivered: false });
		expect(hook.received).toHaveLength(1);
	});
});

describe('admin routes', () => {
	// prettier-ignore
	it.each<[string, unknown, string, string, string?]>([
		[`/__admin/charges/${C.pending}/events`, { event: 'charge.paid' }, 'event', 'enum', 'event must be one of charge.pending'],
		[`/__admin/charges/${C.pending}/events`, {}, 'event', 'required'],
		['/__admin/seed/charges', { count: 0 }, 'count', 'min'],
		['/__admin/seed/charges', {}, 'count', 'required'],
		['/__admin/legal-representatives', { submerchant_id: SEED.submerchants.active }, 'name', 'required'],
	])('POST %s %j → %s %s', async (...row) => {
		// A rest parameter, so that jest does not take the 5th parameter for a `done` callback.
		const [url, body, field, rule, message] = row;
		expectValidationError(await t().anonymous.post(url, body), field, rule, message);
	});

	it('answers 404 for an unknown charge or submerchant', async () => {
		expectNotFound(await fire(UNKNOWN_ID, 'charge.captured'), 'Charge');
		const representative = { submerchant_id: UNKNOWN_ID, name: 'X' };
		expectNotFound(await t().anonymous.post('/__admin/legal-representatives', representative));
	});

	it.each(WEBHOOK_EVENTS.filter((e) => e !== 'charge.chargeback'))(
		'%s sets the matching status',
		async (event) => {
			const response = await fire(C.pending, event);
			expect(response.data.data.charge.status).toBe(event.slice('charge.'.length));
		},
	);

	it('POST /__admin/reset goes back to the seed state', async () => {
		await createEndpoint('https://hooks.example.com/x', ['charge.captured']);
		await fire(C.pending, 'charge.captured');
		await t().api.post('/v1/charges', { amount: 1, payment_method: 'pix' });
		await t().anonymous.post('/__admin/sink', { text: 'hi' });
		expect((await t().anonymous.post('/__admin/reset')).status).toBe(200);
		expect(t().sandbox.store.charges.get(C.pending)?.status).toBe('pending');
		expect(t().sandbox.store.charges.size).toBe(8);
		expect(t().sandbox.store.webhookEndpoints.size).toBe(0);
		expect(t().sandbox.requests).toEqual([]);
		expect(t().sandbox.deliveries).toEqual([]);
		expect((await t().anonymous.get('/__admin/sink')).data.data).toEqual([]);
	});

	it('the sink records any JSON it receives', async () => {
		await t().anonymous.post('/__admin/sink', { text: 'Charge captured', blocks: [1, 2] });
		await t().anonymous.post('/__admin/sink', ['a', 'b']);
		const sink = await t().anonymous.get('/__admin/sink');
		expect(sink.data.data.map((e: { body: unknown }) => e.body)).toEqual([
			{ text: 'Charge captured', blocks: [1, 2] },
			['a', 'b'],
		]);
		expect((await t().anonymous.delete('/__admin/sink')).status).toBe(200);
		expect((await t().anonymous.get('/__admin/sink')).data.data).toEqual([]);
	});

	it('GET /__admin lists the admin routes, the fault routes among them', async () => {
		const routes: string[] = (await t().anonymous.get('/__admin')).data.data;
		expect(routes.join('\n')).toContain('/__admin/deliveries/{id}/redeliver');
		expect(routes.filter((route) => route.includes('/__admin/faults'))).toHaveLength(3);
	});
});

/** Each retry profile test drives one endpoint of its own sandbox; its receiver answers a scripted list of statuses. */
const PROFILE = { maxAttempts: 5, baseDelayMs: 0 };

describe('retry profiles', () => {
	// prettier-ignore
	it.each<[string, string, number[], number, Record<string, unknown>]>([
		['resend-every-failure: a 409 and a 503 are retried until the 2xx', 'resend-every-failure', [409, 503], 3, { delivered: true, gaveUp: null }],
		['stop-at-4xx: a 409 is final (the delivery is given up)', 'stop-at-4xx', [409], 1, { delivered: false, gaveUp: 'final 409' }],
		['stop-at-4xx: a 503 (what the trigger answers for a delivery still running) is retried', 'stop-at-4xx', [503, 500], 3, { delivered: true }],
	])('%s', async (_title, profile, statuses, attempts, record) => {
		const { sandbox, hook, send } = await ownEndpoint({ ...PROFILE, profile }, statuses);
		await send();
		expect(hook.received).toHaveLength(attempts);
		expect(sandbox.sandbox.deliveries[0]).toMatchObject(record);
	});

	it('short-timeout: 5 s per attempt, 4 attempts, 5 s, 15 s and 45 s apart', () => {
		const settings = retryProfile('short-timeout').settings({
			maxAttempts: 60,
			baseDelayMs: 250,
			maxDelayMs: 4_000,
			timeoutMs: 15_000,
		});
		expect(settings).toMatchObject({ timeoutMs: 5_000, maxAttempts: 4 });
		expect([1, 2, 3].map((attempt) => retryDelayMs(settings, attempt))).toEqual([
			5_000, 15_000, 45_000,
		]);
	});

	it('pause-endpoint: after N failed attempts in a row the endpoint is paused and its deliveries given up', async () => {
		const { sandbox, hook, send } = await ownEndpoint(
			{ ...PROFILE, profile: 'pause-endpoint', pauseAfter: 2 },
			[500, 500, 500, 500],
		);
		await send();
		expect(hook.received).toHaveLength(2);
		expect(sandbox.sandbox.deliveries[0]).toMatchObject({
			delivered: false,
			gaveUp: 'endpoint paused',
		});
		await send();
		expect(hook.received).toHaveLength(2);
		expect(sandbox.sandbox.deliveries[1]).toMatchObject({ attempts: 0, gaveUp: 'endpoint paused' });
	});

	it('a profile per endpoint (profileOf) overrides the default', async () => {
		const { sandbox, hook, send } = await ownEndpoint(
			{ ...PROFILE, profile: 'resend-every-failure', profileOf: () => 'stop-at-4xx' },
			[404],
		);
		await send();
		expect(hook.received).toHaveLength(1);
		expect(sandbox.sandbox.deliveries[0].gaveUp).toBe('final 404');
	});

	it('an unknown profile fails when the sandbox starts', async () => {
		await expect(own.sandbox({ delivery: { profile: 'sometimes' } })).rejects.toThrow(
			/Unknown delivery retry profile "sometimes"/,
		);
	});
});
