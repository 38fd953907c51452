/** The trigger's pure helpers, without n8n: header lookup, delivery window, delivery body, stored registration. */
import { createHash } from 'crypto';
import {
	bodyDigest,
	parseDeliveryBody,
	readDelivery,
	type ChargeEventItem,
} from '../../nodes/PaymentPlatformTrigger/delivery';
import {
	clearInFlight,
	DELIVERY_WINDOW_MAX_AGE_MS,
	DELIVERY_WINDOW_MAX_IDS,
	deliveryWindowSize,
	hasSeenDelivery,
	isInFlight,
	LONGEST_KEPT_ID,
	markInFlight,
	rememberDeliveries,
	RUNNING_AT_MOST_SECONDS,
	RUNNING_MARKS_MAX,
	runningMarkCount,
	windowKey,
} from '../../nodes/PaymentPlatformTrigger/deliveryWindow';
import {
	getHeader,
	signatureCandidates,
	withoutHeaders,
} from '../../nodes/PaymentPlatformTrigger/headers';
import {
	clearRegistration,
	isCurrentRegistration,
	readRegistration,
	saveRegistration,
} from '../../nodes/PaymentPlatformTrigger/registration';

describe('headers', () => {
	it('finds a header case-insensitively, taking the first of repeated values', () => {
		expect(getHeader({ 'X-Signature': 'a' }, 'x-signature')).toBe('a');
		expect(getHeader({ 'x-signature': ['a', 'b'] }, 'X-Signature')).toBe('a');
		expect(getHeader({}, 'x-signature')).toBeUndefined();
	});

	it('signature candidates: X-Signature first, then every *-signature header by name, else the named one only', () => {
		const headers = { 'x-provider-signature': 's2', 'x-signature': 's1', 'x-other': 'o' };
		expect(signatureCandidates(headers)).toEqual([
			{ name: 'x-signature', value: 's1' },
			{ name: 'x-provider-signature', value: 's2' },
		]);
		expect(
			signatureCandidates({ 'x-b-signature': 'b', 'x-a-signature': 'a', 'x-other': 'o' }),
		).toEqual([
			{ name: 'x-a-signature', value: 'a' },
			{ name: 'x-b-signature', value: 'b' },
		]);
		expect(signatureCandidates(headers, 'X-Other')).toEqual([{ name: 'x-other', value: 'o' }]);
		expect(signatureCandidates(headers, 'X-Missing')).toEqual([]);
		expect(signatureCandidates({ 'x-signatures': 'no' })).toEqual([]);
	});

	it('drops headers by name, case-insensitively, without touching the input', () => {
		const headers = { 'X-Signature': 's', 'x-event': 'e' };
		expect(withoutHeaders(headers, ['x-signature'])).toEqual({ 'x-event': 'e' });
		expect(headers).toEqual({ 'X-Signature': 's', 'x-event': 'e' });
	});
});

describe('delivery window', () => {
	it('never grows beyond its count: more than the cap keeps the newest ids', () => {
		const endpoint = 'window-count';
		const total = DELIVERY_WINDOW_MAX_IDS + 250;
		for (let i = 0; i < total; i++) rememberDeliveries(endpoint, [`id-${i}`], 1_000);
		expect(deliveryWindowSize(endpoint)).toBe(DELIVERY_WINDOW_MAX_IDS);
		expect(hasSeenDelivery(endpoint, ['id-249'], 1_000)).toBe(false);
		expect(hasSeenDelivery(endpoint, ['id-250'], 1_000)).toBe(true);
		expect(hasSeenDelivery(endpoint, [`id-${total - 1}`], 1_000)).toBe(true);
	});

	it('forgets an id once it is older than the age bound', () => {
		const endpoint = 'window-age';
		rememberDeliveries(endpoint, ['old'], 0);
		expect(hasSeenDelivery(endpoint, ['old'], DELIVERY_WINDOW_MAX_AGE_MS - 1)).toBe(true);
		expect(hasSeenDelivery(endpoint, ['old'], DELIVERY_WINDOW_MAX_AGE_MS)).toBe(false);
		rememberDeliveries(endpoint, ['new'], DELIVERY_WINDOW_MAX_AGE_MS);
		expect(deliveryWindowSize(endpoint)).toBe(1);
	});

	it('stores each id once; windows are per endpoint', () => {
		rememberDeliveries('window-once', ['a', 'b', 'b', 'a'], 0);
		expect(deliveryWindowSize('window-once')).toBe(2);
		expect(hasSeenDelivery('window-other', ['a'], 0)).toBe(false);
	});

	it('keeps an id longer than the bound as its digest, and still recognises it', () => {
		const long = 'x'.repeat(10_000);
		expect(windowKey('a'.repeat(LONGEST_KEPT_ID))).toBe('a'.repeat(LONGEST_KEPT_ID));
		expect(windowKey(long)).toBe(`sha256:${createHash('sha256').update(long).digest('hex')}`);
		rememberDeliveries('window-long', [long], 0);
		expect(hasSeenDelivery('window-long', [long], 0)).toBe(true);
		expect(hasSeenDelivery('window-long', [`${long}y`], 0)).toBe(false);
	});

	it('running marks are bounded: beyond the cap the oldest goes (its resend will run)', () => {
		const endpoint = 'running-cap';
		for (let i = 0; i <= RUNNING_MARKS_MAX; i++) markInFlight(endpoint, [`r-${i}`], 60, 0);
		expect(runningMarkCount(endpoint)).toBe(RUNNING_MARKS_MAX);
		expect(isInFlight(endpoint, ['r-0'], 0)).toBe(false);
		expect(isInFlight(endpoint, [`r-${RUNNING_MARKS_MAX}`], 0)).toBe(true);
	});

	it('running marks past their time are dropped at the next mark', () => {
		const endpoint = 'running-grace';
		markInFlight(endpoint, ['a'], 10, 0);
		markInFlight(endpoint, ['b'], 10, 10_000);
		expect(runningMarkCount(endpoint)).toBe(1);
	});
});

describe('delivery body', () => {
	const read = (body: unknown, headers: Record<string, string> = {}) =>
		readDelivery(Buffer.from(JSON.stringify(body), 'utf8'), headers);

	it('parses UTF-8 JSON of any kind; anything else is text (base64 when not UTF-8)', () => {
		expect(parseDeliveryBody(Buffer.from('{"event":"charge.captured"}'))).toEqual({
			isJson: true,
			value: { event: 'charge.captured' },
		});
		expect(parseDeliveryBody(Buffer.from('[1]'))).toEqual({ isJson: true, value: [1] });
		expect(parseDeliveryBody(Buffer.from('null'))).toEqual({ isJson: true, value: null });
		expect(parseDeliveryBody(Buffer.from('not json'))).toEqual({
			isJson: false,
			text: 'not json',
			encoding: 'utf8',
		});
		expect(parseDeliveryBody(Buffer.from([0x7b, 0xff, 0x7d]))).toEqual({
			isJson: false,
			text: Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'),
			encoding: 'base64',
		});
	});

	it('the chosen shape: every field found, the body kept whole', () => {
		const body = {
			id: 'd',
			event: 'charge.voided',
			charge: { id: 'c' },
			occurred_at: 't',
			extra: 1,
		};
		expect(read(body).item).toEqual({
			id: 'd',
			event: 'charge.voided',
			charge: { id: 'c' },
			occurred_at: 't',
			body,
			deliveryKey: 'd',
			notFound: [],
		});
	});

	it.each<[string, unknown, Record<string, string>, Partial<ChargeEventItem>]>([
		[
			'event under "type", charge under "data"',
			{ id: 'evt_1', type: 'charge.refunded', data: { id: 'c', amount: 5 }, created_at: 't' },
			{},
			{ id: 'evt_1', event: 'charge.refunded', charge: { id: 'c', amount: 5 }, occurred_at: 't' },
		],
		[
			'charge wrapped twice ({"data": {"object": {...}}})',
			{ id: 'evt_2', event_type: 'charge.failed', data: { object: { id: 'c' } } },
			{},
			{ id: 'evt_2', event: 'charge.failed', charge: { id: 'c' }, occurred_at: null },
		],
		[
			'the body is the charge; event and id in headers',
			{ id: 'c', amount: 100, status: 'captured', payment_method: 'pix', created_at: 't' },
			{ 'X-Event': 'charge.captured', 'X-Delivery-Id': 'h1' },
			{
				id: 'h1',
				event: 'charge.captured',
				charge: {
					id: 'c',
					amount: 100,
					status: 'captured',
					payment_method: 'pix',
					created_at: 't',
				},
				occurred_at: null,
			},
		],
		[
			'the body is the charge, nothing else: the charge id is not taken for a delivery id',
			{ id: 'c', amount: 100 },
			{},
			{
				id: null,
				event: null,
				charge: { id: 'c', amount: 100 },
				notFound: ['id', 'event', 'occurred_at'],
			},
		],
		[
			'a numeric id and an event header other than X-Event',
			{ event_id: 42, charge: { id: 'c' } },
			{ 'x-event-type': 'charge.expired' },
			{ id: '42', event: 'charge.expired', charge: { id: 'c' } },
		],
		[
			'a JSON list',
			[{ id: 'c' }],
			{},
			{
				id: null,
				event: null,
				charge: null,
				body: [{ id: 'c' }],
				notFound: ['id', 'event', 'charge', 'occurred_at'],
			},
		],
	])('%s', (_label, body, headers, expected) => {
		expect(read(body, headers).item).toMatchObject({ body, ...expected });
	});

	it('the event: the body first, then the headers; blank values do not count', () => {
		expect(read({ event: 'charge.voided' }, { 'x-event': 'charge.refunded' }).item.event).toBe(
			'charge.voided',
		);
		expect(read({ event: ' ' }, { 'X-Event': 'charge.refunded' }).item.event).toBe(
			'charge.refunded',
		);
		expect(read({ event: ' ' }).item.event).toBeNull();
		expect(read({ event: 7 }).item.notFound).toContain('event');
	});

	it('duplicate keys: both ids when header and body differ, else the digest of the signed bytes', () => {
		expect(read({ id: 'h' }, { 'x-delivery-id': 'h' }).duplicateKeys).toEqual(['h']);
		expect(read({ id: 'b' }, { 'X-Delivery-Id': 'h' }).duplicateKeys).toEqual(['b', 'h']);
		const raw = Buffer.from('{"type":"charge.captured"}', 'utf8');
		const digest = `sha256:${createHash('sha256').update(raw).digest('hex')}`;
		expect(bodyDigest(raw)).toBe(digest);
		const withoutIds = readDelivery(raw, {});
		expect(withoutIds.duplicateKeys).toEqual([digest]);
		expect(withoutIds.item).toMatchObject({ id: null, deliveryKey: digest });
	});

	it('a body that is not JSON is in the item as text, every field null', () => {
		const { item } = readDelivery(Buffer.from('id=1&event=charge.captured', 'utf8'), {
			'x-event': 'charge.captured',
			'x-delivery-id': 'h',
		});
		expect(item).toEqual({
			id: 'h',
			event: 'charge.captured',
			charge: null,
			occurred_at: null,
			body: null,
			deliveryKey: 'h',
			notFound: ['charge', 'occurred_at'],
			rawBody: 'id=1&event=charge.captured',
			rawBodyEncoding: 'utf8',
		});
	});
});

describe('stored registration', () => {
	const registration = {
		endpointId: 'e1',
		secret: 's1',
		url: 'https://n8n.example.com/webhook/x/webhook',
		events: ['charge.captured', 'charge.refunded'],
	};

	it('is current only for the same URL and the same set of events, with id and secret', () => {
		const data: Record<string, unknown> = {};
		saveRegistration(data, registration);
		const stored = readRegistration(data);
		expect(
			isCurrentRegistration(stored, registration.url, ['charge.refunded', 'charge.captured']),
		).toBe(true);
		expect(isCurrentRegistration(stored, registration.url, ['charge.captured'])).toBe(false);
		expect(isCurrentRegistration(stored, `${registration.url}-test`, registration.events)).toBe(
			false,
		);
		expect(isCurrentRegistration(stored, undefined, registration.events)).toBe(false);
		expect(
			isCurrentRegistration(
				{ ...stored, secret: undefined },
				registration.url,
				registration.events,
			),
		).toBe(false);
	});

	it('clearing forgets the endpoint but keeps the delivery window', () => {
		const data: Record<string, unknown> = { recentDeliveryIds: ['d1'] };
		saveRegistration(data, registration);
		clearRegistration(data);
		expect(data).toEqual({ recentDeliveryIds: ['d1'] });
	});
});

describe('deliveries running with "After the Workflow Succeeds"', () => {
	it('count as running until cleared, or for the given seconds at most (25 by default)', () => {
		const attempt = markInFlight('endpoint-g', ['a', 'b'], undefined, 0);
		expect(isInFlight('endpoint-g', ['a'], RUNNING_AT_MOST_SECONDS * 1000 - 1)).toBe(true);
		expect(isInFlight('endpoint-g', ['a'], RUNNING_AT_MOST_SECONDS * 1000)).toBe(false);
		clearInFlight('endpoint-g', ['b'], attempt);
		expect(isInFlight('endpoint-g', ['b'], 0)).toBe(false);
		expect(isInFlight('endpoint-other', ['a'], 0)).toBe(false);
		markInFlight('endpoint-g', ['c'], 120, 0);
		expect(isInFlight('endpoint-g', ['c'], 119_999)).toBe(true);
	});

	it("the end of an earlier attempt (n8n answering a caller that has gone) leaves a later attempt's mark", () => {
		const first = markInFlight('endpoint-h', ['a'], 25, 0);
		// Its time is over: the resend runs as a new attempt while the first run is still somewhere.
		const second = markInFlight('endpoint-h', ['a'], 25, 25_000);
		clearInFlight('endpoint-h', ['a'], first);
		expect(isInFlight('endpoint-h', ['a'], 25_000)).toBe(true);
		clearInFlight('endpoint-h', ['a'], second);
		expect(isInFlight('endpoint-h', ['a'], 25_000)).toBe(false);
	});
});
