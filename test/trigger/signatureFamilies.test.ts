/**
 * The trigger's webhook() with every signature family, through n8n-core's real WebhookContext (harness/trigger.ts):
 * each family × encoding × key rotation runs once with Automatic and with the family pinned; stale and future
 * timestamps, a wrong secret and a tampered body get 401 and no run; the bound on what is read holds.
 */
import type { INodeParameters } from 'n8n-workflow';
import { hmac, signedText } from '../../sandbox/signature';
import {
	CAPTURED_ONLY,
	OTHER_SECRET,
	SECRET,
	base64,
	bodyBytes,
	hex,
	nowSeconds,
	registeredTrigger,
	sha256Base64,
	sha256Hex,
	signedRequest,
	standardLibrarySigned,
	standardSigned,
	stripeSigned,
	timestampHeaderSigned,
	timestampedSigned,
	unrelatedMac,
	type SignedDelivery,
} from '../harness/triggerDeliveries';

/** What one request can make the trigger read (verification.ts; the Signature Header option says 8 headers). */
const MAX_SIGNATURE_HEADERS = 8;
const MAX_SIGNATURE_VALUES = 16;

type Outcome = Awaited<ReturnType<ReturnType<typeof registeredTrigger>['receive']>>;

function expectRan(outcome: Outcome, verification: Record<string, unknown>) {
	expect({ status: outcome.status, ran: outcome.ran, items: outcome.items.length }).toEqual({
		status: 200,
		ran: true,
		items: 1,
	});
	expect(outcome.items[0].json.verification).toEqual(verification);
}

function expectRefused(outcome: Outcome, message = 'Missing or invalid signature') {
	expect({ status: outcome.status, ran: outcome.ran, items: outcome.items }).toEqual({
		status: 401,
		ran: false,
		items: [],
	});
	expect(outcome.body).toEqual({ message });
}

const STALE = 'Signature timestamp outside the tolerance';
const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();
const receive = (
	delivery: SignedDelivery,
	options: Record<string, unknown> = {},
	secret = SECRET,
) =>
	registeredTrigger({ ...CAPTURED_ONLY, options: options as INodeParameters }, secret).receive(
		delivery,
	);

/** Each family's valid deliveries: [name, family pinned, signed delivery, timestamp in seconds or undefined]. */
function validDeliveries(): Array<[string, string, SignedDelivery, number | undefined]> {
	const t = nowSeconds() - 30;
	const bad = unrelatedMac();
	// prettier-ignore
	return [
		['raw body, sha256=<hex>', 'rawBody', signedRequest({ encode: sha256Hex }), undefined],
		['raw body, bare hex', 'rawBody', signedRequest({ encode: hex }), undefined],
		['raw body, base64', 'rawBody', signedRequest({ encode: base64 }), undefined],
		['raw body, uppercase hex', 'rawBody', signedRequest({ encode: (mac) => hex(mac).toUpperCase() }), undefined],
		['raw body, sha256=<base64>', 'rawBody', signedRequest({ encode: sha256Base64 }), undefined],
		['raw body, rotation: a bad MAC first in the list', 'rawBody', signedRequest({ valueFirst: sha256Hex(bad) }), undefined],
		['raw body in a provider header (X-Provider-Signature)', 'rawBody', signedRequest({ signatureHeader: 'x-provider-signature' }), undefined],
		['timestamped t=,v1=', 'timestamped', timestampedSigned(SECRET, { t }), t],
		['timestamped, rotation: a bad v1 first', 'timestamped', timestampedSigned(SECRET, { t, v1First: hex(bad) }), t],
		['timestamped by the stripe package', 'timestamped', stripeSigned(SECRET, t), t],
		['timestamp header, {timestamp}.{body}, hex', 'timestampHeader', timestampHeaderSigned(SECRET, { timestamp: String(t) }), t],
		['timestamp header, base64 in a provider header (X-Acme-Signature, X-Acme-Timestamp)', 'timestampHeader', timestampHeaderSigned(SECRET, { timestamp: String(t), encode: base64, timestampHeader: 'x-acme-timestamp', signatureHeader: 'x-acme-signature' }), t],
		['timestamp header, rotation: a bad value first', 'timestampHeader', timestampHeaderSigned(SECRET, { timestamp: String(t), valueFirst: hex(bad) }), t],
		['Standard Webhooks by hand', 'standardWebhooks', standardSigned(SECRET, { t }), t],
		['Standard Webhooks, rotation: a bad v1 first', 'standardWebhooks', standardSigned(SECRET, { t, valueFirst: `v1,${base64(bad)}` }), t],
		['Standard Webhooks by the standardwebhooks package', 'standardWebhooks', standardLibrarySigned(SECRET, t), t],
	];
}

describe('every family reaches the workflow with no setting changed, and when pinned', () => {
	it.each(validDeliveries())('%s', async (_name, family, delivery, t) => {
		const verification =
			t === undefined ? { scheme: family } : { scheme: family, timestamp: isoOf(t) };
		expectRan(await receive(delivery), verification);
		expectRan(await receive(delivery, { signatureScheme: family }), verification);
	});

	it('the item says how, and carries neither the secret nor a signature', async () => {
		for (const [, , delivery] of validDeliveries()) {
			const outcome = await receive(delivery, { includeHeaders: true });
			const text = JSON.stringify(outcome.items);
			expect(text).not.toContain(SECRET);
			expect(text).not.toContain(SECRET.slice('whsec_'.length));
			for (const name of [
				'x-signature',
				'x-provider-signature',
				'stripe-signature',
				'webhook-signature',
			]) {
				const value = delivery.headers[name];
				if (value !== undefined) expect(text).not.toContain(value);
			}
		}
	});
});

describe('a pinned scheme accepts only its own family', () => {
	const t = nowSeconds();
	it.each([
		['standardWebhooks', signedRequest()],
		['rawBody', timestampedSigned(SECRET, { t })],
		['timestamped', standardSigned(SECRET, { t })],
		['timestampHeader', stripeSigned(SECRET, t)],
	])('pinned %s refuses another family', async (scheme, delivery) => {
		expectRefused(await receive(delivery, { signatureScheme: scheme }));
	});
});

describe('the replay window: 5 minutes by default, either way, and the user can change it', () => {
	const families: Array<[string, (t: number) => SignedDelivery]> = [
		['timestamped', (t) => timestampedSigned(SECRET, { t })],
		['stripe package', (t) => stripeSigned(SECRET, t)],
		['timestamp header', (t) => timestampHeaderSigned(SECRET, { timestamp: String(t) })],
		['Standard Webhooks', (t) => standardSigned(SECRET, { t })],
		['standardwebhooks package', (t) => standardLibrarySigned(SECRET, t)],
	];

	it.each(families)('%s: 301 s old or ahead → 401, nothing runs', async (_name, sign) => {
		// The clock stands still: one second passing between signing and checking would make 301 s ahead 300 s.
		const now = Date.now();
		const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
		try {
			const seconds = Math.floor(now / 1000);
			expectRefused(await receive(sign(seconds - 301)), STALE);
			expectRefused(await receive(sign(seconds + 301)), STALE);
		} finally {
			clock.mockRestore();
		}
	});

	it.each(families)('%s: 290 s old or ahead → runs', async (_name, sign) => {
		expect((await receive(sign(nowSeconds() - 290))).ran).toBe(true);
		expect((await receive(sign(nowSeconds() + 290))).ran).toBe(true);
	});

	it.each(families)(
		'%s: Timestamp Tolerance 10 s refuses 60 s; 3600 s accepts 1000 s',
		async (_n, sign) => {
			expectRefused(await receive(sign(nowSeconds() - 60), { timestampTolerance: 10 }), STALE);
			expect((await receive(sign(nowSeconds() - 1000), { timestampTolerance: 3600 })).ran).toBe(
				true,
			);
		},
	);

	it('a forged delivery with a stale timestamp gets the tolerance answer (its MAC is never computed)', async () => {
		const forged = timestampedSigned(OTHER_SECRET, { t: nowSeconds() - 3600 });
		expectRefused(await receive(forged), STALE);
	});

	it('a timestamp that is not a number → 401', async () => {
		const delivery = timestampedSigned(SECRET);
		delivery.headers['stripe-signature'] = delivery.headers['stripe-signature'].replace(
			/^t=\d+/,
			't=soon',
		);
		expectRefused(await receive(delivery));
	});
});

describe('forged deliveries of every family → 401, nothing runs', () => {
	const t = nowSeconds();
	const tampered = bodyBytes({ charge: { id: 'other', amount: 1 } });
	const forgeries: Array<[string, SignedDelivery]> = [
		['raw body, wrong secret', signedRequest({ secret: OTHER_SECRET })],
		['timestamped, wrong secret', timestampedSigned(OTHER_SECRET, { t })],
		['stripe package, wrong secret', stripeSigned(OTHER_SECRET, t)],
		['timestamp header, wrong secret', timestampHeaderSigned(OTHER_SECRET)],
		['Standard Webhooks, wrong secret', standardSigned(OTHER_SECRET, { t })],
		['standardwebhooks package, wrong secret', standardLibrarySigned(OTHER_SECRET, t)],
		['raw body, tampered body', { ...signedRequest(), rawBody: tampered }],
		['timestamped, tampered body', { ...timestampedSigned(SECRET, { t }), rawBody: tampered }],
		['timestamp header, tampered body', { ...timestampHeaderSigned(SECRET), rawBody: tampered }],
		['Standard Webhooks, tampered body', { ...standardSigned(SECRET, { t }), rawBody: tampered }],
	];
	it.each(forgeries)('%s', async (_name, delivery) => {
		expectRefused(await receive(delivery));
	});

	it('timestamped: the timestamp changed after signing', async () => {
		const delivery = timestampedSigned(SECRET, { t });
		delivery.headers['stripe-signature'] = delivery.headers['stripe-signature'].replace(
			`t=${t}`,
			`t=${t + 1}`,
		);
		expectRefused(await receive(delivery));
	});

	it('Standard Webhooks: another webhook-id than the one signed', async () => {
		const delivery = standardSigned(SECRET, { t });
		delivery.headers['webhook-id'] = 'msg_other';
		expectRefused(await receive(delivery));
	});

	it('Standard Webhooks: a whsec_ secret is used decoded, not as its text', async () => {
		const delivery = standardSigned(SECRET, { t });
		const deliveryId = delivery.headers['webhook-id'];
		const signed = signedText('standard-webhooks', delivery.rawBody, { t, deliveryId });
		const asText = base64(hmac(SECRET, ...signed));
		delivery.headers['webhook-signature'] = `v1,${asText}`;
		expectRefused(await receive(delivery));
	});
});

describe('timestamp in its own header: the layouts platforms document', () => {
	const t = nowSeconds();
	// prettier-ignore
	it.each([
		['Slack/Zoom style: v0:{timestamp}:{body}, "v0=<hex>"', { signedTextLayout: 'v0:{timestamp}:{body}', timestampHeader: 'X-Slack-Request-Timestamp' }, timestampHeaderSigned(SECRET, { timestamp: String(t), layout: (ts, body) => [`v0:${ts}:`, body], timestampHeader: 'x-slack-request-timestamp', signatureHeader: 'x-slack-signature', encode: (mac) => `v0=${hex(mac)}` }), isoOf(t)],
		['Webflow style: {timestamp}:{body} with Unix milliseconds', { signedTextLayout: '{timestamp}:{body}' }, timestampHeaderSigned(SECRET, { timestamp: String(t * 1000 + 123), layout: (ts, body) => [`${ts}:`, body], timestampHeader: 'x-webflow-timestamp', signatureHeader: 'x-webflow-signature' }), new Date(t * 1000 + 123).toISOString()],
		['Zendesk style: {timestamp}{body} with ISO 8601, base64', { signedTextLayout: '{timestamp}{body}' }, timestampHeaderSigned(SECRET, { timestamp: isoOf(t).replace('.000Z', 'Z'), layout: (ts, body) => [ts, body], timestampHeader: 'x-zendesk-webhook-signature-timestamp', signatureHeader: 'x-zendesk-webhook-signature', encode: base64 }), isoOf(t)],
		['the timestamp after the body: {body}.{timestamp}', { signedTextLayout: '{body}.{timestamp}' }, timestampHeaderSigned(SECRET, { timestamp: String(t), layout: (ts, body) => [body, `.${ts}`] }), isoOf(t)],
	])('%s', async (_name, options, delivery, timestamp) => {
		expectRan(await receive(delivery, options), { scheme: 'timestampHeader', timestamp });
		expectRan(await receive(delivery, { ...options, signatureScheme: 'timestampHeader' }), {
			scheme: 'timestampHeader',
			timestamp,
		});
	});

	it('without the layout set, a Slack-style delivery is refused (the default layout is {timestamp}.{body})', async () => {
		const delivery = timestampHeaderSigned(SECRET, {
			layout: (ts, body) => [`v0:${ts}:`, body],
			encode: (mac) => `v0=${hex(mac)}`,
		});
		expectRefused(await receive(delivery));
	});

	it('a layout without {body} stops the delivery with an error naming the option (the platform resends)', async () => {
		await expect(
			receive(timestampHeaderSigned(SECRET), { signedTextLayout: '{timestamp}' }),
		).rejects.toThrow(/Signed Text Layout must contain \{timestamp\} and \{body\} once each/);
	});
});

describe('the bound on what one request can make the trigger read', () => {
	const padding = (count: number, value: () => string) =>
		Object.fromEntries(
			Array.from({ length: count }, (_, i) => [
				`x-pad${String(i).padStart(3, '0')}-signature`,
				value(),
			]),
		);

	it(`the valid signature among the first ${MAX_SIGNATURE_HEADERS} headers runs`, async () => {
		const signed = signedRequest({ signatureHeader: 'x-zzz-signature' });
		const delivery = {
			...signed,
			headers: {
				...signed.headers,
				...padding(MAX_SIGNATURE_HEADERS - 1, () => hex(unrelatedMac())),
			},
		};
		expect((await receive(delivery)).ran).toBe(true);
	});

	it(`a valid signature in header ${MAX_SIGNATURE_HEADERS + 1} (by name) is not read`, async () => {
		const signed = signedRequest({ signatureHeader: 'x-zzz-signature' });
		const delivery = {
			...signed,
			headers: { ...signed.headers, ...padding(MAX_SIGNATURE_HEADERS, () => hex(unrelatedMac())) },
		};
		expectRefused(await receive(delivery));
	});

	it(`a valid signature after ${MAX_SIGNATURE_VALUES} values is not read; value ${MAX_SIGNATURE_VALUES} is`, async () => {
		const bad = (n: number) => Array.from({ length: n }, () => hex(unrelatedMac())).join(',');
		expect((await receive(signedRequest({ valueFirst: bad(MAX_SIGNATURE_VALUES - 1) }))).ran).toBe(
			true,
		);
		expectRefused(await receive(signedRequest({ valueFirst: bad(MAX_SIGNATURE_VALUES) })));
	});
});
