/**
 * The trigger's webhook(): each request goes through n8n-core's real WebhookContext (harness/trigger.ts), and a run
 * goes through WorkflowExecute. No API is involved: the endpoint's secret is put in static data as create would.
 *
 * Over 300 lines because it is a table of rules and cases, one test each, kept with the part of the API it covers.
 */
import { sleep } from 'n8n-workflow';
import { hmac, macOf } from '../../sandbox/signature';
import { TriggerHarness } from '../harness/trigger';
import type { SignedDelivery } from '../harness/triggerDeliveries';
import {
	CAPTURED_ONLY,
	CHARGE,
	DELIVERY_ID,
	NO_API,
	OTHER_SECRET,
	SECRET,
	STORED,
	deliveryBody,
	bodyBytes,
	hex,
	registeredTrigger,
	signedRequest,
	storedRegistration,
} from '../harness/triggerDeliveries';

const EXPECTED_ITEM: Record<string, unknown> = {
	id: DELIVERY_ID,
	event: 'charge.captured',
	charge: CHARGE,
	occurred_at: '2026-01-15T12:00:00.000Z',
	body: deliveryBody(),
	deliveryKey: `event:${DELIVERY_ID}`,
	notFound: [],
	unsignedFields: [],
	verification: { scheme: 'rawBody' },
	eventRecognised: true,
};

function expectRejected(
	outcome: { status: number; ran: boolean; items: unknown[] },
	status: number,
) {
	expect(outcome.status).toBe(status);
	expect(outcome.ran).toBe(false);
	expect(outcome.items).toEqual([]);
}

describe('webhook(): anything not signed with the stored secret gets 401 and no run', () => {
	/** A request signed right, with one header changed. */
	const withSignature = (value: string) => {
		const request = signedRequest();
		return { ...request, headers: { ...request.headers, 'x-signature': value } };
	};
	const withoutSignature = () => {
		const request = signedRequest();
		delete request.headers['x-signature'];
		return request;
	};
	const signedPretty = () =>
		signedRequest({ signedBytes: Buffer.from(JSON.stringify(deliveryBody(), null, 2), 'utf8') });
	const multipart = () => {
		const request = signedRequest();
		return {
			headers: { ...request.headers, 'content-type': 'multipart/form-data; boundary=x' },
			rawBody: request.rawBody,
		};
	};
	const raw = bodyBytes();

	// prettier-ignore
	it.each<[string, () => SignedDelivery, () => TriggerHarness]>([
		['truncated MAC', () => signedRequest({ encode: (mac) => `sha256=${mac.toString('hex').slice(0, 62)}` }), () => registeredTrigger()],
		['MAC with an extra byte', () => signedRequest({ encode: (mac) => `sha256=${mac.toString('hex')}00` }), () => registeredTrigger()],
		['empty signature header', () => withSignature(''), () => registeredTrigger()],
		['missing signature header', withoutSignature, () => registeredTrigger()],
		['sha1= scheme with a SHA-1 HMAC', () => withSignature(`sha1=${hex(macOf(SECRET, [raw], 'sha1'))}`), () => registeredTrigger()],
		['sha1= scheme with the right SHA-256 MAC under the wrong label', () => withSignature(`sha1=${hex(hmac(SECRET, raw))}`), () => registeredTrigger()],
		['signature of the re-serialised, pretty-printed body', signedPretty, () => registeredTrigger()],
		['raw body not kept by n8n (a multipart body, which n8n parses as a form): unverifiable', multipart, () => registeredTrigger()],
	])('%s', async (_label, request, harness) => {
		expectRejected(await harness().receive(request()), 401);
	});
});

describe('webhook(): any signed delivery runs, whatever its shape', () => {
	it("a body that is not JSON runs, its text in the item (the platform's copy is not lost); the unsigned X-Event header does not name its event", async () => {
		const outcome = await registeredTrigger().receive(
			signedRequest({ rawBody: Buffer.from('id=1&event=charge.captured', 'utf8') }),
		);
		expect(outcome).toMatchObject({ status: 200, ran: true });
		expect(outcome.items[0].json).toMatchObject({
			id: DELIVERY_ID,
			event: null,
			eventRecognised: false,
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
		expect(outcome.items[0].json).toMatchObject({ event: null, eventRecognised: false, body });
	});

	// prettier-ignore
	it.each<[string, Record<string, unknown>, Record<string, string>, Record<string, unknown>]>([
		['event under "type", charge under "data", no X-Event header', { id: 'evt_1', type: 'charge.captured', data: CHARGE }, {}, { id: 'evt_1', event: 'charge.captured', charge: CHARGE }],
		['the charge as the body, event and id in headers only', CHARGE, { 'x-event': 'charge.captured', 'x-delivery-id': 'h-1' }, { id: 'h-1', event: 'charge.captured', charge: CHARGE, body: CHARGE }],
		['no id anywhere', { event: 'charge.captured', charge: CHARGE }, { 'x-delivery-id': '' }, { id: null, event: 'charge.captured', notFound: ['id', 'occurred_at'] }],
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

	it("a body without event runs as the event its signed charge record's status names; the X-Event header decides nothing", async () => {
		const withoutEvent = deliveryBody({ event: undefined });
		for (const header of ['charge.refunded', 'charge.captured', undefined]) {
			const outcome = await registeredTrigger({ events: ['charge.captured'] }).receive(
				signedRequest({
					body: withoutEvent,
					headers: header === undefined ? {} : { 'x-event': header },
				}),
			);
			expect(outcome.status).toBe(200);
			expect(outcome.ran).toBe(true);
			expect(outcome.items.map((item) => item.json)).toEqual([
				{ ...EXPECTED_ITEM, body: JSON.parse(JSON.stringify(withoutEvent)) },
			]);
		}
	});

	it('a body without event whose record names an unselected status is not run, whatever the X-Event header says', async () => {
		const refunded = deliveryBody({ event: undefined, charge: { ...CHARGE, status: 'refunded' } });
		const outcome = await registeredTrigger({ events: ['charge.captured'] }).receive(
			signedRequest({ body: refunded, headers: { 'x-event': 'charge.captured' } }),
		);
		expectRejected(outcome, 200);
		expect(outcome.body).toEqual({ received: true, ignored: 'event not selected' });
	});

	it('Options → Event Named Only in a Header: Use the Header lets the unsigned header name the event, marked', async () => {
		const withoutEvent = deliveryBody({ event: undefined });
		const harness = () =>
			registeredTrigger({
				events: ['charge.captured', 'charge.refunded'],
				options: { unsignedEventName: 'use' },
			});
		const outcome = await harness().receive(
			signedRequest({ body: withoutEvent, headers: { 'x-event': 'charge.refunded' } }),
		);
		expect(outcome.ran).toBe(true);
		expect(outcome.items[0].json).toMatchObject({
			event: 'charge.refunded',
			unsignedFields: ['event'],
		});
		// The risk the option names: the header can also make a signed delivery an unselected event.
		const unselected = await harness().receive(
			signedRequest({ body: withoutEvent, headers: { 'x-event': 'charge.voided' } }),
		);
		expectRejected(unselected, 200);
	});

	it.each(['application/cloudevents+json', 'application/octet-stream', undefined])(
		'a correctly signed delivery with Content-Type %s runs (n8n leaves such a body unread; the trigger reads it)',
		async (contentType) => {
			const request = signedRequest();
			const headers: Record<string, string> = { ...request.headers };
			if (contentType === undefined) delete headers['content-type'];
			else headers['content-type'] = contentType;
			const outcome = await registeredTrigger().receive({ headers, rawBody: request.rawBody });
			expect(outcome).toMatchObject({ status: 200, ran: true });
			expect(outcome.items[0].json).toEqual(EXPECTED_ITEM);
		},
	);

	// prettier-ignore
	it.each([
		['no event in the body, no status in its record and no X-Event header', { event: undefined, charge: { ...CHARGE, status: undefined } }, null],
		['an empty event, an empty status and an empty X-Event header', { event: '  ', charge: { ...CHARGE, status: ' ' } }, ''],
	])(
		'a signed delivery with %s runs, and says the event was not found',
		async (_l, override, header) => {
			const request = signedRequest({ body: deliveryBody(override) });
			if (header === null) delete request.headers['x-event'];
			else request.headers['x-event'] = header;
			const outcome = await registeredTrigger().receive(request);
			expect(outcome.ran).toBe(true);
			expect(outcome.items[0].json).toMatchObject({
				event: null,
				notFound: ['event'],
				eventRecognised: false,
			});
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

describe('webhook(): duplicates are recognised by their signed bytes', () => {
	it('the same signed bytes again → 200 although n8n does not keep what webhook() writes to static data', async () => {
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
		// The window is in memory: the delivery wrote nothing n8n would have to save.
		expect(harness.staticData()).toEqual(savedAtActivation);
		reloadFromDatabase();
		expectRejected(await harness.receive(signedRequest()), 200);
		reloadFromDatabase();
		const other = deliveryBody({ id: '11111111-2222-4333-8444-555555555555' });
		expect((await harness.receive(signedRequest({ body: other }))).ran).toBe(true);
	});

	it.each<[string, Record<string, string | null>]>([
		['a new X-Delivery-Id', { 'x-delivery-id': 'replayed-1' }],
		['no X-Delivery-Id', { 'x-delivery-id': null }],
		['another X-Event', { 'x-event': 'charge.refunded' }],
		['an Idempotency-Key and an X-Event-Id', { 'idempotency-key': 'k', 'x-event-id': 'e' }],
	])('a captured delivery replayed with %s runs nothing more', async (_label, changed) => {
		const harness = registeredTrigger();
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		const replay = signedRequest();
		for (const [name, value] of Object.entries(changed)) {
			if (value === null) delete replay.headers[name];
			else replay.headers[name] = value;
		}
		expectRejected(await harness.receive(replay), 200);
	});

	it('a delivery id planted by a replay does not suppress the real delivery that later carries it', async () => {
		const harness = registeredTrigger();
		const victim = deliveryBody({ id: '22222222-3333-4444-8555-666666666666' });
		const planted = signedRequest();
		planted.headers['x-delivery-id'] = String(victim.id);
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		expectRejected(await harness.receive(planted), 200);
		expect((await harness.receive(signedRequest({ body: victim }))).ran).toBe(true);
	});

	it('a rejected request does not enter the duplicate window', async () => {
		const harness = registeredTrigger();
		expectRejected(await harness.receive(signedRequest({ secret: OTHER_SECRET })), 401);
		expect((await harness.receive(signedRequest())).ran).toBe(true);
	});
});

describe('webhook(): signature header option', () => {
	it('a custom header is used when named (case-insensitive); X-Signature alone is then not accepted', async () => {
		const harness = () =>
			registeredTrigger({
				events: ['charge.captured'],
				options: { signatureHeader: 'X-Acme-Auth' },
			});
		const outcome = await harness().receive(signedRequest({ signatureHeader: 'x-acme-auth' }));
		expect(outcome.ran).toBe(true);
		expectRejected(await harness().receive(signedRequest()), 401);
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

	it('headers are left out by default', async () => {
		const outcome = await registeredTrigger().receive(signedRequest());
		expect(outcome.items[0].json).not.toHaveProperty('headers');
	});
});

describe('webhook(): refusals are logged at warn, rate-limited, without a secret or a signature', () => {
	it('the first refusal of a webhook is logged at once; the next ones of that minute in one line at its end, by reason', async () => {
		const harness = registeredTrigger();
		const warn = jest.spyOn(harness.logger(), 'warn').mockImplementation(() => undefined);
		const clock = jest.spyOn(Date, 'now');
		try {
			const forged = signedRequest({ secret: OTHER_SECRET });
			const unsigned = signedRequest();
			delete unsigned.headers['x-signature'];
			clock.mockReturnValue(1_000_000);
			expectRejected(await harness.receive(forged), 401);
			expect(warn).toHaveBeenCalledTimes(1);
			// Near the end of the minute: counted, written when it ends (100 ms later here).
			clock.mockReturnValue(1_000_000 + 59_900);
			expectRejected(await harness.receive(forged), 401);
			expectRejected(await harness.receive(unsigned), 401);
			expect(warn).toHaveBeenCalledTimes(1);
			clock.mockRestore();
			await sleep(300);
			expect(warn).toHaveBeenCalledTimes(2);
			const lines = warn.mock.calls.map(([line]) => String(line));
			expect(lines[0]).toMatch(
				/answered 401 to a delivery: no signature matches the endpoint secret/,
			);
			expect(lines[0]).toMatch(
				/Content-Type application\/json, \d+ bytes, signature headers: x-signature/,
			);
			expect(lines[1]).toMatch(
				/answered 401 to more deliveries in the last minute: 2 × no signature matches the endpoint secret/,
			);
			const logged = JSON.stringify(warn.mock.calls);
			for (const secret of [SECRET, OTHER_SECRET, forged.headers['x-signature']]) {
				expect(logged).not.toContain(secret);
			}
		} finally {
			jest.restoreAllMocks();
		}
	});

	it('a trigger without a secret (never registered, or deleted) refuses, and says so', async () => {
		const unregistered = new TriggerHarness({
			target: NO_API,
			parameters: CAPTURED_ONLY,
			webhookId: 'never-registered',
		});
		const warnings = await unregistered.logged('warn', async () =>
			expectRejected(await unregistered.receive(signedRequest()), 401),
		);
		expect(warnings[0]).toMatch(/the trigger has no endpoint secret/);
	});
});

describe('webhook(): a delivery signed with the secret of a replaced registration', () => {
	/** Published again: a new endpoint and secret, the old secret (SECRET) kept for its grace. */
	function replaced(harness = registeredTrigger()): TriggerHarness {
		Object.assign(
			harness.staticData(),
			storedRegistration({
				endpointId: 'endpoint-after-the-unpublish',
				secret: OTHER_SECRET,
				url: harness.webhookUrl(),
				events: ['charge.captured'],
			}),
			{ [STORED.previousSecrets]: [{ secret: SECRET, until: Date.now() + 60_000 }] },
		);
		return harness;
	}

	it('verifies within the grace period, and the item says so', async () => {
		const outcome = await replaced().receive(signedRequest());
		expect(outcome).toMatchObject({ status: 200, ran: true });
		expect(outcome.items[0].json).toMatchObject({
			verification: { scheme: 'rawBody', secret: 'previous' },
		});
	});

	it('after the grace period it is refused like any forgery', async () => {
		const harness = replaced();
		jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
		try {
			expectRejected(await harness.receive(signedRequest()), 401);
		} finally {
			jest.restoreAllMocks();
		}
	});

	it('the duplicate window outlives an unpublish: a delivery replayed after a new registration, signed with the old secret, runs nothing more', async () => {
		const harness = registeredTrigger({ ...CAPTURED_ONLY, options: { endpointRemovalDelay: 0 } });
		expect((await harness.receive(signedRequest())).ran).toBe(true);
		await harness.logged('warn', () => harness.deactivate());
		expectRejected(await replaced(harness).receive(signedRequest()), 200);
	});
});
