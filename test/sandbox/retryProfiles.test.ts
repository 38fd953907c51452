/**
 * The sandbox sender's retry profiles (sandbox/retryProfiles.js): senders that behave like real platforms, selected
 * by configuration, per endpoint. Each test drives one endpoint with a receiver answering a scripted list of statuses.
 */
import { retryDelayMs, retryProfile } from '../../sandbox/retryProfiles';
import { SEED } from '../../sandbox';
import {
	startReceiver,
	startTestSandbox,
	type Receiver,
	type TestSandbox,
} from '../harness/sandboxHttp';

const ENDPOINTS = '/v1/postbacks/endpoints';
const opened: Array<Receiver | TestSandbox> = [];

afterEach(async () => {
	for (const item of opened.splice(0)) {
		if ('close' in item) await item.close();
		else await item.sandbox.stop();
	}
});

/** A sandbox whose endpoints all use `profile`, and a receiver answering `statuses` then 200. */
async function setUp(profile: string, statuses: number[], more: Record<string, unknown> = {}) {
	const t = await startTestSandbox({
		delivery: { maxAttempts: 5, baseDelayMs: 0, profile, ...more },
	});
	const hook = await startReceiver(statuses);
	opened.push(t, hook);
	const created = await t.api.post(ENDPOINTS, { url: hook.url, events: ['charge.captured'] });
	expect(created.status).toBe(201);
	const fire = async () => {
		await t.anonymous.post(`/__admin/charges/${SEED.charges.authorized}/events`, {
			event: 'charge.captured',
		});
		await t.sandbox.waitForDeliveries();
	};
	return { t, hook, fire };
}

describe('retry profiles', () => {
	// prettier-ignore
	it.each<[string, string, number[], number, Record<string, unknown>]>([
		['resend-every-failure: a 409 and a 503 are retried until the 2xx', 'resend-every-failure', [409, 503], 3, { delivered: true, gaveUp: null }],
		['stop-at-4xx: a 409 is final (the delivery is given up)', 'stop-at-4xx', [409], 1, { delivered: false, gaveUp: 'final 409' }],
		['stop-at-4xx: a 503 (what the trigger answers for a delivery still running) is retried', 'stop-at-4xx', [503, 500], 3, { delivered: true }],
	])('%s', async (_title, profile, statuses, attempts, record) => {
		const { t, hook, fire } = await setUp(profile, statuses);
		await fire();
		expect(hook.received).toHaveLength(attempts);
		expect(t.sandbox.deliveries[0]).toMatchObject(record);
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
		const { t, hook, fire } = await setUp('pause-endpoint', [500, 500, 500, 500], {
			pauseAfter: 2,
		});
		await fire();
		expect(hook.received).toHaveLength(2);
		expect(t.sandbox.deliveries[0]).toMatchObject({ delivered: false, gaveUp: 'endpoint paused' });
		await fire();
		expect(hook.received).toHaveLength(2);
		expect(t.sandbox.deliveries[1]).toMatchObject({ attempts: 0, gaveUp: 'endpoint paused' });
	});

	it('a profile per endpoint (profileOf) overrides the default', async () => {
		const { t, hook, fire } = await setUp('resend-every-failure', [404], {
			profileOf: () => 'stop-at-4xx',
		});
		await fire();
		expect(hook.received).toHaveLength(1);
		expect(t.sandbox.deliveries[0].gaveUp).toBe('final 404');
	});

	it('an unknown profile fails when the sandbox starts', async () => {
		await expect(startTestSandbox({ delivery: { profile: 'sometimes' } })).rejects.toThrow(
			/Unknown delivery retry profile "sometimes"/,
		);
	});
});
