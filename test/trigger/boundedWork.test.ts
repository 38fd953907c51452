/**
 * What a forged request can cost the trigger: one MAC per signature family its headers claim and per distinct
 * candidate secret (the current one and those of replaced registrations), none for a family it does not claim, and
 * none at all for a body over Options → Maximum Body Size, which is answered 503 (a sender retries it) before it is
 * verified. HMACs are counted on the real createHmac.
 */
import * as crypto from 'crypto';
import { triggerProperties } from '../../nodes/PaymentPlatformTrigger/properties';
import { verificationSettings } from '../../nodes/PaymentPlatformTrigger/settings';
import {
	verifyWithSecrets,
	type VerificationSettings,
} from '../../nodes/PaymentPlatformTrigger/verification';
import { TriggerHarness } from '../harness/trigger';
import {
	CAPTURED_ONLY,
	NO_API,
	OTHER_SECRET,
	SECRET,
	STORED,
	deliveryBody,
	hex,
	nowSeconds,
	registeredTrigger,
	signedRequest,
	standardSigned,
	timestampHeaderSigned,
	timestampedSigned,
	unrelatedMac,
} from '../harness/triggerDeliveries';

// crypto's exports cannot be spied on, so this file's `crypto` counts calls to the real createHmac.
jest.mock('crypto', () => {
	const actual = jest.requireActual<typeof import('crypto')>('crypto');
	return { ...actual, createHmac: jest.fn(actual.createHmac) };
});

const counted = crypto.createHmac as jest.MockedFunction<typeof crypto.createHmac>;

async function hmacsDuring<T>(run: () => T | Promise<T>): Promise<{ count: number; result: T }> {
	counted.mockClear();
	const result = await run();
	return { count: counted.mock.calls.length, result };
}

const AUTOMATIC = verificationSettings({}) as VerificationSettings;
const KIB = 1024;
const DEFAULT_LIMIT = 1024 * KIB;
const THIRD_SECRET = `whsec_${'3c'.repeat(32)}`;
const FOURTH_SECRET = `whsec_${'4d'.repeat(32)}`;
/** The current secret and three of replaced registrations, as many as the trigger keeps. */
const PREVIOUS = [OTHER_SECRET, THIRD_SECRET, FOURTH_SECRET];

/** The headers that claim each family, every MAC forged, timestamps now. */
function claiming(t = nowSeconds()) {
	return {
		standardWebhooks: {
			'webhook-id': 'msg_forged',
			'webhook-timestamp': String(t),
			'webhook-signature': `v1,${unrelatedMac().toString('base64')}`,
		},
		timestamped: { 'stripe-signature': `t=${t},v1=${hex(unrelatedMac())}` },
		plainMac: { 'x-signature': `sha256=${hex(unrelatedMac())}` },
		timestampHeader: { 'x-timestamp': String(t) },
	};
}
type Part = keyof ReturnType<typeof claiming>;
const PARTS: Part[] = ['standardWebhooks', 'timestamped', 'plainMac', 'timestampHeader'];

/**
 * The families a combination claims: Standard Webhooks and `t=,v1=` by their own headers; a plain MAC claims Raw
 * Body, and with a timestamp header (X-Timestamp or any `*-timestamp`, webhook-timestamp included) Timestamp in Its
 * Own Header too.
 */
function claimedFamilies(parts: Part[]): number {
	const has = (part: Part) => parts.includes(part);
	const timestampHeader =
		has('plainMac') && (has('timestampHeader') || has('standardWebhooks')) ? 1 : 0;
	return (
		(has('standardWebhooks') ? 1 : 0) +
		(has('timestamped') ? 1 : 0) +
		(has('plainMac') ? 1 : 0) +
		timestampHeader
	);
}

const COMBINATIONS: Part[][] = Array.from({ length: 16 }, (_, mask) =>
	PARTS.filter((_, bit) => (mask & (1 << bit)) !== 0),
);

const BODY = Buffer.from(JSON.stringify(deliveryBody({ padding: 'p'.repeat(64 * KIB) })));

describe('at most one MAC per claimed family and candidate secret', () => {
	it.each(COMBINATIONS.map((parts) => [parts.join(' + ') || 'no signature header', parts]))(
		'%s',
		async (_name, parts) => {
			const all = claiming();
			const headers = Object.assign({}, ...parts.map((part) => all[part])) as Record<
				string,
				string
			>;
			const families = claimedFamilies(parts);
			const one = await hmacsDuring(() => verifyWithSecrets(SECRET, [], BODY, headers, AUTOMATIC));
			expect(one.result.verified).toBe(false);
			expect(one.count).toBe(families);
			const four = await hmacsDuring(() =>
				verifyWithSecrets(SECRET, PREVIOUS, BODY, headers, AUTOMATIC),
			);
			expect(four.result.verified).toBe(false);
			expect(four.count).toBe(families * 4);
		},
	);

	it('500 forged *-signature headers on a 1 MiB body: one MAC (raw body)', async () => {
		const headers = Object.fromEntries(
			Array.from({ length: 500 }, (_, i) => [`x-h${i}-signature`, `sha256=${hex(unrelatedMac())}`]),
		);
		const mebibyte = Buffer.alloc(DEFAULT_LIMIT, 'a');
		const { count, result } = await hmacsDuring(() =>
			verifyWithSecrets(SECRET, [], mebibyte, headers, AUTOMATIC),
		);
		expect(result.verified).toBe(false);
		expect(count).toBe(1);
	});

	it('every family claimed with hundreds of headers and values: at most one MAC per family and secret', async () => {
		const t = nowSeconds();
		const values = (n: number) => Array.from({ length: n }, () => hex(unrelatedMac())).join(',');
		const headers = {
			...Object.fromEntries(
				Array.from({ length: 300 }, (_, i) => [`x-h${i}-signature`, values(20)]),
			),
			...claiming(t).standardWebhooks,
			'webhook-signature': Array.from(
				{ length: 40 },
				() => `v1,${unrelatedMac().toString('base64')}`,
			).join(' '),
			'stripe-signature': `t=${t},${Array.from({ length: 40 }, () => `v1=${hex(unrelatedMac())}`).join(',')}`,
			'x-timestamp': String(t),
			'x-signature': values(40),
		};
		const { count } = await hmacsDuring(() =>
			verifyWithSecrets(SECRET, PREVIOUS, BODY, headers, AUTOMATIC),
		);
		expect(count).toBeGreaterThan(0);
		expect(count).toBeLessThanOrEqual(4 * 4);
	});

	it('a secret listed twice (current and previous, or twice previous) is tried once', async () => {
		const headers = claiming().plainMac;
		const { count, result } = await hmacsDuring(() =>
			verifyWithSecrets(SECRET, [SECRET, OTHER_SECRET, OTHER_SECRET], BODY, headers, AUTOMATIC),
		);
		expect(result.verified).toBe(false);
		expect(count).toBe(2);
	});

	it('a pinned scheme claims only its own family, whatever else the headers carry', async () => {
		const all = claiming();
		const headers = { ...all.standardWebhooks, ...all.timestamped, ...all.plainMac };
		for (const scheme of ['standardWebhooks', 'timestamped', 'rawBody'] as const) {
			const settings = verificationSettings({ signatureScheme: scheme }) as VerificationSettings;
			const { count } = await hmacsDuring(() =>
				verifyWithSecrets(SECRET, PREVIOUS, BODY, headers, settings),
			);
			expect(count).toBe(4);
		}
	});

	it('a claimed timestamped family whose timestamp is outside the tolerance costs no MAC', async () => {
		const stale = claiming(nowSeconds() - 3600);
		const headers = { ...stale.standardWebhooks, ...stale.timestamped };
		const { count, result } = await hmacsDuring(() =>
			verifyWithSecrets(SECRET, PREVIOUS, BODY, headers, AUTOMATIC),
		);
		expect(result).toMatchObject({ verified: false, reason: 'outsideTolerance' });
		expect(count).toBe(0);
	});

	it('a valid delivery costs one MAC per claimed family with the current secret; signed with the oldest previous one, one per family and secret', async () => {
		for (const [secret, secrets] of [
			[SECRET, 1],
			[FOURTH_SECRET, 4],
		] as const) {
			const deliveries = [
				[signedRequest({ secret }), 1],
				[timestampedSigned(secret), 1],
				[standardSigned(secret), 1],
				[timestampHeaderSigned(secret), 2],
			] as const;
			for (const [delivery, families] of deliveries) {
				const { count, result } = await hmacsDuring(() =>
					verifyWithSecrets(SECRET, PREVIOUS, delivery.rawBody, delivery.headers, AUTOMATIC),
				);
				const verification = secrets === 1 ? {} : { secret: 'previous' };
				expect(result).toMatchObject({ verified: true, verification });
				expect(count).toBe(families * secrets);
			}
		}
	});
});

describe('Maximum Body Size: a larger body is refused before any MAC', () => {
	const everyFamily = () =>
		Object.assign({}, ...Object.values(claiming())) as Record<string, string>;

	it('defaults to 1 MiB; one byte over costs no MAC, whatever the headers and secrets', async () => {
		expect(AUTOMATIC.maxBodyBytes).toBe(DEFAULT_LIMIT);
		const over = Buffer.alloc(DEFAULT_LIMIT + 1, 'a');
		const { count, result } = await hmacsDuring(() =>
			verifyWithSecrets(SECRET, PREVIOUS, over, everyFamily(), AUTOMATIC),
		);
		expect(result).toMatchObject({ verified: false, reason: 'tooLarge' });
		expect(count).toBe(0);
	});

	it('a body of exactly the limit is verified as usual', async () => {
		const settings = verificationSettings({ maxBodySize: 4 }) as VerificationSettings;
		const rawBody = Buffer.from(JSON.stringify(deliveryBody({ padding: '' })));
		const exact = Buffer.concat([rawBody, Buffer.alloc(4 * KIB - rawBody.length, ' ')]);
		const signed = signedRequest({ rawBody: exact });
		expect(verifyWithSecrets(SECRET, [], exact, signed.headers, settings).verified).toBe(true);
		const over = Buffer.concat([exact, Buffer.from(' ')]);
		const again = signedRequest({ rawBody: over });
		expect(verifyWithSecrets(SECRET, [], over, again.headers, settings)).toMatchObject({
			verified: false,
			reason: 'tooLarge',
		});
	});

	it('is an option in KiB, 1 to 1,048,576; a value out of range is refused by name', () => {
		const options = triggerProperties.find((property) => property.name === 'options');
		const option = (options?.options as Array<{ name: string; default: unknown }>).find(
			(o) => o.name === 'maxBodySize',
		);
		expect(option).toMatchObject({ displayName: 'Maximum Body Size (KiB)', default: 1024 });
		expect(verificationSettings({ maxBodySize: 64 })).toMatchObject({ maxBodyBytes: 64 * KIB });
		expect(verificationSettings({ maxBodySize: 0 })).toBe(
			'Options → Maximum Body Size (KiB) must be a whole number from 1 to 1048576; got 0',
		);
	});
});

describe('webhook(): a body over the limit is answered 503 and runs nothing, until the limit is raised', () => {
	const big = () => signedRequest({ body: deliveryBody({ padding: 'x'.repeat(DEFAULT_LIMIT) }) });

	it.each(['application/json', 'application/octet-stream'])(
		'%s: a validly signed body of 1 MiB and more gets 503 (retried by every sender), without any MAC',
		async (contentType) => {
			const harness = registeredTrigger();
			const delivery = big();
			delivery.headers['content-type'] = contentType;
			delivery.headers['content-length'] = String(delivery.rawBody.length);
			const { count, result } = await hmacsDuring(() => harness.receive(delivery));
			expect(result).toMatchObject({ status: 503, ran: false, items: [] });
			expect(result.body).toEqual({
				message:
					'The body is larger than this webhook accepts; it was not verified. Send it again later.',
			});
			expect(count).toBe(0);
		},
	);

	it('with Maximum Body Size raised, the same delivery runs once', async () => {
		const delivery = big();
		expect((await registeredTrigger().receive(delivery)).status).toBe(503);
		const raised = registeredTrigger({ ...CAPTURED_ONLY, options: { maxBodySize: 2048 } });
		const outcome = await raised.receive(delivery);
		expect(outcome).toMatchObject({ status: 200, ran: true });
		expect(outcome.items).toHaveLength(1);
	});

	it("n8n's log says 503, the reason and the size, never the secret", async () => {
		const harness = registeredTrigger();
		const warn = jest.spyOn(harness.logger(), 'warn');
		const delivery = big();
		await harness.receive(delivery);
		expect(warn).toHaveBeenCalledTimes(1);
		const [line] = warn.mock.calls[0];
		expect(String(line)).toMatch(
			new RegExp(
				`answered 503 to a delivery: the body is over Options → Maximum Body Size.*${delivery.rawBody.length} bytes`,
			),
		);
		expect(JSON.stringify(warn.mock.calls)).not.toContain(SECRET);
	});

	it('a trigger with no secret yet still refuses the size first', async () => {
		const harness = new TriggerHarness({ target: NO_API, parameters: CAPTURED_ONLY });
		expect(harness.staticData()[STORED.secret]).toBeUndefined();
		expect((await harness.receive(big())).status).toBe(503);
	});
});
