/**
 * The trigger's webhook(): each request goes through n8n-core's real WebhookContext (harness/trigger.ts), and a run
 * goes through WorkflowExecute. No API is involved: the endpoint's secret is put in static data as create would.
 *
 * Over 300 lines because it is a table of rules and cases, one test each, kept with the part of the API it covers.
 */
import { createHmac } from 'crypto';
import { deliveryWindowSize } from '../../nodes/PaymentPlatformTrigger/deliveryWindow';
import { readRegistration, STATIC_KEYS } from '../../nodes/PaymentPlatformTrigger/registration';
import { TriggerHarness } from '../harness/trigger';
import {
	CAPTURED_ONLY,
	CHARGE,
	DELIVERY_ID,
	NO_API,
	OTHER_SECRET,
	SECRET,
	deliveryBody,
	encodings,
	hmacSha256,
	registeredTrigger,
	signedRequest,
} from '../harness/triggerDeliveries';

const EXPECTED_ITEM = {
	id: DELIVERY_ID,
	event: 'charge.captured',
	charge: CHARGE,
	occurred_at: '2026-01-15T12:00:00.000Z',
	body: deliveryBody(),
	deliveryKey: DELIVERY_ID,
	notFound: [],
	verification: { scheme: 'rawBody' },
};

function expectRejected(
	outcome: { status: number; ran: boolean; items: unknown[] },
	status: number,
) {
	expect(outcome.status).toBe(status);
	expect(outcome.ran).toBe(false);
	expect(outcome.items).toEqual([]);
}

describe('webhook(): valid signatures run the workflow with one item', () => {
	it.each([
		['sha256=<hex>', encodings.prefixedHex],
		['bare hex', encodings.bareHex],
		['base64', encodings.base64],
		['uppercase hex', (mac: Buffer) => mac.toString('hex').toUpperCase()],
	])('%s', async (_name, encode) => {
		const harness = registeredTrigger();
		const outcome = await harness.receive(signedRequest({ encode }));
		expect(outcome.status).toBe(200);
		expect(outcome.ran).toBe(true);
		expect(outcome.items).toHaveLength(1);
		expect(outcome.items[0].json).toEqual(EXPECTED_ITEM);
	});

	it('answers an accepted delivery with {"received": true}, not n8n\'s default text', async () => {
		const outcome = await registeredTrigger().receive(signedRequest());
		expect(outcome.ran).toBe(true);
		expect(outcome.body).toEqual({ received: true });
	});

	it('never puts the secret in the item or the answer', async () => {
		const harness = registeredTrigger({
			events: ['charge.captured'],
			options: { includeHeaders: true },
		});
		const outcome = await harness.receive(signedRequest());
		expect(outcome.ran).toBe(true);
		expect(JSON.stringify(outcome)).not.toContain(SECRET);
	});
});

describe('webhook(): anything not signed with the stored secret gets 401 and no run', () => {
	it('tampered body (one byte changed after signing)', async () => {
		const signed = Buffer.from(JSON.stringify(deliveryBody()), 'utf8');
		const tampered = Buffer.from(
			JSON.stringify(deliveryBody({ charge: { ...CHARGE, amount: 1 } })),
		);
		const outcome = await registeredTrigger().receive(
			signedRequest({ rawBody: tampered, signedBytes: signed }),
		);
		expectRejected(outcome, 401);
	});

	it('signed with another secret', async () => {
		const outcome = await registeredTrigger().receive(signedRequest({ secret: OTHER_SECRET }));
		expectRejected(outcome, 401);
	});

	it('truncated MAC', async () => {
		const outcome = await registeredTrigger().receive(
			signedRequest({ encode: (mac) => `sha256=${mac.toString('hex').slice(0, 62)}` }),
		);
		expectRejected(outcome, 401);
	});

	it('MAC with an extra byte', async () => {
		const outcome = await registeredTrigger().receive(
			signedRequest({ encode: (mac) => `sha256=${mac.toString('hex')}00` }),
		);
		expectRejected(outcome, 401);
	});

	it('empty signature header', async () => {
		const outcome = await registeredTrigger().receive(
			signedRequest({ headers: { 'x-signature': '' } }),
		);
		expectRejected(outcome, 401);
	});

	it('missing signature header', async () => {
		const request = signedRequest();
		delete request.headers['x-signature'];
		expectRejected(await registeredTrigger().receive(request), 401);
	});

	it('sha1= scheme (a SHA-1 HMAC, or the right SHA-256 MAC under the wrong label)', async () => {
		const request = signedRequest();
		const sha1 = createHmac('sha1', SECRET).update(request.rawBody).digest('hex');
		const harness = registeredTrigger();
		expectRejected(
			await harness.receive({
				...request,
				headers: { ...request.headers, 'x-signature': `sha1=${sha1}` },
			}),
			401,
		);
		const sha256Hex = hmacSha256(SECRET, request.rawBody).toString('hex');
		expectRejected(
			await harness.receive({
				...request,
				headers: { ...request.headers, 'x-signature': `sha1=${sha256Hex}` },
			}),
			401,
		);
	});

	it('signature of the re-serialised, pretty-printed body', async () => {
		const body = deliveryBody();
		const outcome = await registeredTrigger().receive(
			signedRequest({ body, signedBytes: Buffer.from(JSON.stringify(body, null, 2), 'utf8') }),
		);
		expectRejected(outcome, 401);
	});

	it('no stored secret (never registered, or deleted)', async () => {
		const harness = new TriggerHarness({ target: NO_API, parameters: CAPTURED_ONLY });
		expectRejected(await harness.receive(signedRequest()), 401);
	});

	it('raw body not kept by n8n (unverifiable)', async () => {
		const request = signedRequest();
		const outcome = await registeredTrigger().receive({
			headers: request.headers,
			rawBody: undefined,
		});
		expectRejected(outcome, 401);
	});

	it('the 401 answer names no secret and the item list stays empty', async () => {
		const outcome = await registeredTrigger().receive(signedRequest({ secret: OTHER_SECRET }));
		expect(outcome.result).toEqual({ noWebhookResponse: true });
		expect(JSON.stringify(outcome.body)).not.toContain(SECRET);
		expect(JSON.stringify(outcome.body)).not.toContain(OTHER_SECRET);
	});
});

describe('webhook(): any signed delivery runs, whatever its shape', () => {
	it("a body that is not JSON runs, its text in the item (the platform's copy is not lost)", async () => {
		const outcome = await registeredTrigger().receive(
			signedRequest({ rawBody: Buffer.from('id=1&event=charge.captured', 'utf8') }),
		);
		expect(outcome).toMatchObject({ status: 200, ran: true });
		expect(outcome.items[0].json).toMatchObject({
			id: DELIVERY_ID,
			event: 'charge.captured',
			body: null,
			rawBody: 'id=1&event=charge.captured',
		});
	});

	it.each([
		['a JSON list', '["charge.captured"]', ['charge.captured']],
		['a JSON string', '"charge.captured"', 'charge.captured'],
		['null', 'null', null],
	])('%s runs with the body kept as sent', async (_label, raw, body) => {
		const outcome = await registeredTrigger().receive(
			signedRequest({ rawBody: Buffer.from(raw, 'utf8') }),
		);
		expect(outcome.ran).toBe(true);
		expect(outcome.items[0].json).toMatchObject({ event: 'charge.captured', body });
	});

	it.each<[string, Record<string, unknown>, Record<string, string>, Record<string, unknown>]>([
		[
			'event under "type", charge under "data", no X-Event header',
			{ id: 'evt_1', type: 'charge.captured', data: CHARGE },
			{},
			{ id: 'evt_1', event: 'charge.captured', charge: CHARGE },
		],
		[
			'the charge as the body, event and id in headers only',
			CHARGE,
			{ 'x-event': 'charge.captured', 'x-delivery-id': 'h-1' },
			{ id: 'h-1', event: 'charge.captured', charge: CHARGE, body: CHARGE },
		],
		[
			'no id anywhere',
			{ event: 'charge.captured', charge: CHARGE },
			{ 'x-delivery-id': '' },
			{ id: null, event: 'charge.captured', notFound: ['id', 'occurred_at'] },
		],
	])('%s', async (_label, body, headers, expected) => {
		const request = signedRequest({ body, headers: { 'x-event': '', ...headers } });
		const outcome = await registeredTrigger().receive(request);
		expect(outcome.ran).toBe(true);
		expect(outcome.items).toHaveLength(1);
		expect(outcome.items[0].json).toMatchObject({ body, ...expected });
	});

	it('event not among the selected ones → 200, no run', async () => {
		const outcome = await registeredTrigger().receive(
			signedRequest({ body: deliveryBody({ event: 'charge.refunded' }) }),
		);
		expectRejected(outcome, 200);
		expect(outcome.body).toEqual({ received: true, ignored: 'event not selected' });
	});

	it('the event is read from the signed body before the X-Event header', async () => {
		const outcome = await registeredTrigger().receive(
			signedRequest({
				body: deliveryBody({ event: 'charge.refunded' }),
				headers: { 'x-event': 'charge.captured' },
			}),
		);
		expectRejected(outcome, 200);
	});

	it('a body without event uses the X-Event header: the workflow runs with that event', async () => {
		const withoutEvent = deliveryBody({ event: undefined });
		const outcome = await registeredTrigger().receive(
			signedRequest({ body: withoutEvent, headers: { 'x-event': 'charge.captured' } }),
		);
		expect(outcome.status).toBe(200);
		expect(outcome.ran).toBe(true);
		expect(outcome.items.map((item) => item.json)).toEqual([
			{ ...EXPECTED_ITEM, body: JSON.parse(JSON.stringify(withoutEvent)) },
		]);
	});

	it.each([
		['no event in the body and no X-Event header', { event: undefined }, null],
		['an empty event and an empty X-Event header', { event: '  ' }, ''],
	])(
		'a signed delivery with %s runs, and says the event was not found',
		async (_l, override, header) => {
			const request = signedRequest({ body: deliveryBody(override) });
			if (header === null) delete request.headers['x-event'];
			else request.headers['x-event'] = header;
			const outcome = await registeredTrigger().receive(request);
			expect(outcome.ran).toBe(true);
			expect(outcome.items[0].json).toMatchObject({ event: null, notFound: ['event'] });
		},
	);

	it.each([
		['without charge', { charge: undefined }],
		['with charge null', { charge: null }],
		['with charge as a list', { charge: [CHARGE] }],
		['with charge as text', { charge: 'ch_1' }],
	])('a selected event %s runs with charge null and the body whole', async (_label, override) => {
		const body = deliveryBody(override);
		const outcome = await registeredTrigger().receive(signedRequest({ body }));
		expect(outcome.ran).toBe(true);
		expect(outcome.items[0].json).toMatchObject({
			charge: null,
			notFound: ['charge'],
			body: JSON.parse(JSON.stringify(body)),
		});
	});
});

describe('webhook(): duplicates', () => {
	it('same X-Delivery-Id again → 200', async () => {
		const harness = registeredTrigger();
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		expectRejected(await harness.receive(signedRequest()), 200);
	});

	it('same X-Delivery-Id again → 200 although n8n does not keep what webhook() writes to static data', async () => {
		// A running n8n (2.41) reloads the workflow's static data from its database for every webhook request and
		// saves only what an execution changes: every delivery starts from the static data saved at activation.
		const harness = registeredTrigger();
		const savedAtActivation = structuredClone({ ...harness.staticData() });
		const reloadFromDatabase = () => {
			const staticData = harness.staticData();
			for (const key of Object.keys(staticData)) delete staticData[key];
			Object.assign(staticData, structuredClone(savedAtActivation));
		};
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		reloadFromDatabase();
		expectRejected(await harness.receive(signedRequest()), 200);
		reloadFromDatabase();
		const other = deliveryBody({ id: '11111111-2222-4333-8444-555555555555' });
		expect((await harness.receive(signedRequest({ body: other }))).ran).toBe(true);
	});

	it('same body id again when there is no X-Delivery-Id header → 200', async () => {
		const harness = registeredTrigger();
		expect((await harness.receive(signedRequest({ deliveryId: null }))).ran).toBe(true);
		expectRejected(await harness.receive(signedRequest({ deliveryId: null })), 200);
	});

	it('a different delivery id runs again', async () => {
		const harness = registeredTrigger();
		const other = deliveryBody({ id: '11111111-2222-4333-8444-555555555555' });
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		expect((await harness.receive(signedRequest({ body: other }))).ran).toBe(true);
	});

	it('with Ignore Duplicate Deliveries off, the same id runs again', async () => {
		const harness = registeredTrigger({
			events: ['charge.captured'],
			options: { ignoreDuplicates: false },
		});
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		expect((await harness.receive(signedRequest())).ran).toBe(true);
	});

	it('a rejected request does not enter the duplicate window', async () => {
		const harness = registeredTrigger();
		expectRejected(await harness.receive(signedRequest({ secret: OTHER_SECRET })), 401);
		expect((await harness.receive(signedRequest())).ran).toBe(true);
	});
});

describe('webhook(): duplicate window in memory', () => {
	it('remembers run deliveries without writing static data (n8n would save the whole row per delivery)', async () => {
		const harness = registeredTrigger();
		const before = JSON.stringify(harness.staticData());
		for (const id of ['new-1', 'new-2', 'new-3']) {
			expect((await harness.receive(signedRequest({ body: deliveryBody({ id }) }))).ran).toBe(true);
		}
		expect(JSON.stringify(harness.staticData())).toBe(before);
		const endpointId = readRegistration(harness.staticData()).endpointId as string;
		expect(deliveryWindowSize(endpointId)).toBe(3);
		expect(
			(await harness.receive(signedRequest({ body: deliveryBody({ id: 'new-2' }) }))).ran,
		).toBe(false);
	});

	it('a window kept in static data by an earlier version is not trusted (the delivery runs)', async () => {
		const harness = registeredTrigger();
		harness.staticData()[STATIC_KEYS.recentDeliveryIds] = ['old-1'];
		const outcome = await harness.receive(signedRequest({ body: deliveryBody({ id: 'old-1' }) }));
		expect(outcome.ran).toBe(true);
	});
});

describe('webhook(): signature header option', () => {
	it('a custom header is used when named (case-insensitive)', async () => {
		const harness = registeredTrigger({
			events: ['charge.captured'],
			options: { signatureHeader: 'X-Acme-Auth' },
		});
		const outcome = await harness.receive(signedRequest({ signatureHeader: 'x-acme-auth' }));
		expect(outcome.ran).toBe(true);
	});

	it('with a custom header named, X-Signature alone is not accepted', async () => {
		const harness = registeredTrigger({
			events: ['charge.captured'],
			options: { signatureHeader: 'X-Acme-Auth' },
		});
		expectRejected(await harness.receive(signedRequest()), 401);
	});

	it('without X-Signature, any *-signature header is accepted (a provider prefix works unchanged)', async () => {
		const outcome = await registeredTrigger().receive(
			signedRequest({ signatureHeader: 'x-provider-signature' }),
		);
		expect(outcome.ran).toBe(true);
	});

	it('a header that merely contains "signature" is not a fallback', async () => {
		const outcome = await registeredTrigger().receive(
			signedRequest({ signatureHeader: 'x-signature-provider' }),
		);
		expectRejected(outcome, 401);
	});

	it('Include Headers adds the headers without the signature header', async () => {
		const harness = registeredTrigger({
			events: ['charge.captured'],
			options: { includeHeaders: true },
		});
		const outcome = await harness.receive(signedRequest());
		const item = outcome.items[0].json;
		expect(item).toMatchObject(EXPECTED_ITEM);
		expect(item.headers).toEqual({
			'content-type': 'application/json',
			'x-event': 'charge.captured',
			'x-delivery-id': DELIVERY_ID,
		});
	});

	it('Include Headers also leaves out a fallback *-signature header', async () => {
		const harness = registeredTrigger({
			events: ['charge.captured'],
			options: { includeHeaders: true },
		});
		const outcome = await harness.receive(
			signedRequest({ signatureHeader: 'x-provider-signature' }),
		);
		expect(Object.keys(outcome.items[0].json.headers as object)).not.toContain(
			'x-provider-signature',
		);
	});

	it('headers are left out by default', async () => {
		const outcome = await registeredTrigger().receive(signedRequest());
		expect(outcome.items[0].json).not.toHaveProperty('headers');
	});
});
