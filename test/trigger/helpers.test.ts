/** The trigger's pure helpers, without n8n: header lookup, the delivery's item and keys, the delivery window. */
import { createHash } from 'crypto';
import {
	clearInFlight,
	hasSeenDelivery,
	isInFlight,
	markInFlight,
	readDelivery,
	rememberDeliveries,
} from '../../nodes/PaymentPlatformTrigger/delivery';
import {
	getHeader,
	signatureCandidates,
	withoutHeaders,
} from '../../nodes/PaymentPlatformTrigger/signatureHeaders';
import type { SignedParts } from '../../nodes/PaymentPlatformTrigger/verification';
import { bodyDigest } from '../harness/triggerDeliveries';

type ChargeEventItem = ReturnType<typeof readDelivery>['item'];

const HOUR_MS = 3600_000;
/** The chosen defaults: 10,000 deliveries over 72 hours (docs/chosen-defaults.md). */
const DUPLICATE_WINDOW_SIZE = 10_000;
const BOUNDS = { maxIds: DUPLICATE_WINDOW_SIZE, maxAgeMs: 72 * HOUR_MS };
/** How many deliveries delivery.ts marks running per webhook at most. */
const RUNNING_MARKS_MAX = 1_000;

const UNSIGNED: SignedParts = { headers: [] };

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
	it('never grows beyond its count: more than the cap keeps the newest keys', () => {
		const webhook = 'window-count';
		const total = DUPLICATE_WINDOW_SIZE + 250;
		for (let i = 0; i < total; i++) rememberDeliveries(webhook, [`id-${i}`], 1_000, BOUNDS);
		expect(hasSeenDelivery(webhook, ['id-249'], 1_000, BOUNDS)).toBe(false);
		expect(hasSeenDelivery(webhook, ['id-250'], 1_000, BOUNDS)).toBe(true);
		expect(hasSeenDelivery(webhook, [`id-${total - 1}`], 1_000, BOUNDS)).toBe(true);
	});

	it('counts deliveries, not keys: ten deliveries under two keys each fit a window of ten, the eleventh evicts the oldest whole', () => {
		const webhook = 'window-two-keys';
		const bounds = { maxIds: 10, maxAgeMs: BOUNDS.maxAgeMs };
		const keysOf = (delivery: number) => [`sha256:${delivery}`, `msg_${delivery}`];
		const isSeen = (key: string) => hasSeenDelivery(webhook, [key], 1_000, bounds);
		for (let delivery = 0; delivery < 10; delivery++) {
			rememberDeliveries(webhook, keysOf(delivery), 1_000, bounds);
		}
		for (let delivery = 0; delivery < 10; delivery++) {
			for (const key of keysOf(delivery)) expect([key, isSeen(key)]).toEqual([key, true]);
		}
		rememberDeliveries(webhook, keysOf(10), 1_000, bounds);
		for (const key of keysOf(0)) expect([key, isSeen(key)]).toEqual([key, false]);
		for (let delivery = 1; delivery <= 10; delivery++) {
			for (const key of keysOf(delivery)) expect([key, isSeen(key)]).toEqual([key, true]);
		}
	});

	it('a key remembered again moves to the newer delivery; the older one keeps its other key until evicted', () => {
		const webhook = 'window-moved-key';
		const bounds = { maxIds: 2, maxAgeMs: BOUNDS.maxAgeMs };
		rememberDeliveries(webhook, ['sha256:a', 'msg_shared'], 0, bounds);
		rememberDeliveries(webhook, ['sha256:b', 'msg_shared'], 1, bounds);
		expect(hasSeenDelivery(webhook, ['sha256:a'], 2, bounds)).toBe(true);
		rememberDeliveries(webhook, ['sha256:c'], 2, bounds);
		expect(hasSeenDelivery(webhook, ['sha256:a'], 2, bounds)).toBe(false);
		expect(hasSeenDelivery(webhook, ['msg_shared'], 2, bounds)).toBe(true);
		expect(hasSeenDelivery(webhook, ['sha256:b'], 2, bounds)).toBe(true);
	});

	it('forgets a key once it is older than the age bound', () => {
		const webhook = 'window-age';
		rememberDeliveries(webhook, ['old'], 0, BOUNDS);
		expect(hasSeenDelivery(webhook, ['old'], BOUNDS.maxAgeMs - 1, BOUNDS)).toBe(true);
		expect(hasSeenDelivery(webhook, ['old'], BOUNDS.maxAgeMs, BOUNDS)).toBe(false);
	});

	it('windows are per webhook', () => {
		rememberDeliveries('window-a', ['k'], 0, BOUNDS);
		expect(hasSeenDelivery('window-a', ['k'], 0, BOUNDS)).toBe(true);
		expect(hasSeenDelivery('window-c', ['k'], 0, BOUNDS)).toBe(false);
	});

	it("the window of a webhook that has seen nothing for longer than its age goes, in any process's next delivery", () => {
		const idleSince = 10 * 24 * HOUR_MS;
		rememberDeliveries('window-idle', ['k'], idleSince, BOUNDS);
		rememberDeliveries('window-busy', ['k'], idleSince + BOUNDS.maxAgeMs, BOUNDS);
		// Any webhook's delivery a while later looks through the windows (at most once a minute).
		hasSeenDelivery('window-other', ['x'], idleSince + BOUNDS.maxAgeMs + 120_000, BOUNDS);
		// Asked at a time the entry would still count, the idle webhook's window is gone: its memory is freed.
		expect(hasSeenDelivery('window-idle', ['k'], idleSince, BOUNDS)).toBe(false);
		expect(hasSeenDelivery('window-busy', ['k'], idleSince + BOUNDS.maxAgeMs, BOUNDS)).toBe(true);
	});

	it('keeps a key longer than the bound as its digest, and still recognises it', () => {
		const long = 'x'.repeat(10_000);
		rememberDeliveries('window-long', ['a'.repeat(64)], 0, BOUNDS);
		expect(hasSeenDelivery('window-long', ['a'.repeat(64)], 0, BOUNDS)).toBe(true);
		rememberDeliveries('window-long', [long], 0, BOUNDS);
		expect(hasSeenDelivery('window-long', [long], 0, BOUNDS)).toBe(true);
		expect(hasSeenDelivery('window-long', [`${long}y`], 0, BOUNDS)).toBe(false);
	});
});

describe('deliveries running', () => {
	it('count as running until cleared, or for the given seconds at most', () => {
		const attempt = markInFlight('running-g', ['a', 'b'], 25, 0);
		expect(isInFlight('running-g', ['a'], 24_999)).toBe(true);
		expect(isInFlight('running-g', ['a'], 25_000)).toBe(false);
		clearInFlight('running-g', ['b'], attempt);
		expect(isInFlight('running-g', ['b'], 0)).toBe(false);
		expect(isInFlight('running-other', ['a'], 0)).toBe(false);
	});

	it('are bounded: beyond the cap the oldest goes (its resend will run)', () => {
		const webhook = 'running-cap';
		for (let i = 0; i <= RUNNING_MARKS_MAX; i++) markInFlight(webhook, [`r-${i}`], 60, 0);
		expect(isInFlight(webhook, ['r-0'], 0)).toBe(false);
		expect(isInFlight(webhook, ['r-1'], 0)).toBe(true);
		expect(isInFlight(webhook, [`r-${RUNNING_MARKS_MAX}`], 0)).toBe(true);
	});

	it("the end of an earlier attempt (n8n answering a caller that has gone) leaves a later attempt's mark", () => {
		const first = markInFlight('running-h', ['a'], 25, 0);
		// Its time is over: the resend runs as a new attempt while the first run is still somewhere.
		const second = markInFlight('running-h', ['a'], 25, 25_000);
		clearInFlight('running-h', ['a'], first);
		expect(isInFlight('running-h', ['a'], 25_000)).toBe(true);
		clearInFlight('running-h', ['a'], second);
		expect(isInFlight('running-h', ['a'], 25_000)).toBe(false);
	});
});

describe('delivery body', () => {
	const bytes = (body: unknown) => Buffer.from(JSON.stringify(body), 'utf8');
	const DEFAULT_READING = { eventIdField: 'id', useEventHeader: false };
	const read = (
		body: unknown,
		headers: Record<string, string> = {},
		signed = UNSIGNED,
		reading = DEFAULT_READING,
	) => readDelivery(bytes(body), headers, signed, reading);
	const withHeader = { ...DEFAULT_READING, useEventHeader: true };

	it('parses UTF-8 JSON of any kind; anything else is text (base64 when not UTF-8)', () => {
		const parsed = (raw: Buffer) => {
			const { body, rawBody, rawBodyEncoding } = readDelivery(raw, {}, UNSIGNED).item;
			return { body, rawBody, rawBodyEncoding };
		};
		const json = (value: unknown) => ({
			body: value,
			rawBody: undefined,
			rawBodyEncoding: undefined,
		});
		expect(parsed(Buffer.from('{"event":"charge.captured"}'))).toEqual(
			json({ event: 'charge.captured' }),
		);
		expect(parsed(Buffer.from('[1]'))).toEqual(json([1]));
		expect(parsed(Buffer.from('null'))).toEqual(json(null));
		expect(parsed(Buffer.from('not json'))).toEqual({
			body: null,
			rawBody: 'not json',
			rawBodyEncoding: 'utf8',
		});
		expect(parsed(Buffer.from([0x7b, 0xff, 0x7d]))).toEqual({
			body: null,
			rawBody: Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'),
			rawBodyEncoding: 'base64',
		});
	});

	// prettier-ignore
	it.each<[string, unknown, Record<string, string>, Partial<ChargeEventItem>]>([
		['event under "type", charge under "data"', { id: 'evt_1', type: 'charge.refunded', data: { id: 'c', amount: 5 }, created_at: 't' }, {}, { id: 'evt_1', event: 'charge.refunded', charge: { id: 'c', amount: 5 }, occurred_at: 't' }],
		['charge wrapped twice ({"data": {"object": {...}}})', { id: 'evt_2', event_type: 'charge.failed', data: { object: { id: 'c' } } }, {}, { id: 'evt_2', event: 'charge.failed', charge: { id: 'c' }, occurred_at: null }],
		['the body is the charge; id in a header the signature does not cover, the event its status names', { id: 'c', amount: 100, status: 'captured', payment_method: 'pix', created_at: 't' }, { 'X-Event': 'charge.refunded', 'X-Delivery-Id': 'h1' }, { id: 'h1', event: 'charge.captured', charge: { id: 'c', amount: 100, status: 'captured', payment_method: 'pix', created_at: 't' }, occurred_at: null, unsignedFields: ['id'] }],
		['the body is the charge, nothing else: the charge id is not taken for a delivery id', { id: 'c', amount: 100 }, {}, { id: null, event: null, charge: { id: 'c', amount: 100 }, notFound: ['id', 'event', 'occurred_at'] }],
		['a numeric id; an unsigned event header names nothing unless the user opts in', { event_id: 42, charge: { id: 'c' } }, { 'x-event-type': 'charge.expired' }, { id: '42', event: null, charge: { id: 'c' }, unsignedFields: [] }],
		['a JSON list', [{ id: 'c' }], {}, { id: null, event: null, charge: null, body: [{ id: 'c' }], notFound: ['id', 'event', 'charge', 'occurred_at'] }],
	])('%s', (_label, body, headers, expected) => {
		expect(read(body, headers).item).toMatchObject({ body, ...expected });
	});

	it('the event: the signed body first, then the status of its signed record (charge.<status>); an unsigned header only when the user opts in (marked); blank values do not count', () => {
		const signedBody = read({ event: 'charge.voided' }, { 'x-event': 'charge.refunded' }).item;
		expect(signedBody).toMatchObject({ event: 'charge.voided', unsignedFields: [] });
		const record = { id: 'c', amount: 1, status: 'voided' };
		expect(read(record, { 'X-Event': 'charge.captured' }).item).toMatchObject({
			event: 'charge.voided',
			unsignedFields: [],
		});
		expect(read({ id: 'e', data: record }).item.event).toBe('charge.voided');
		expect(read({ event: ' ' }, { 'X-Event': 'charge.refunded' }).item).toMatchObject({
			event: null,
			unsignedFields: [],
		});
		expect(
			read({ event: ' ' }, { 'X-Event': 'charge.refunded' }, UNSIGNED, withHeader).item,
		).toMatchObject({ event: 'charge.refunded', unsignedFields: ['event'] });
		expect(read(record, { 'X-Event': 'charge.captured' }, UNSIGNED, withHeader).item).toMatchObject(
			{ event: 'charge.captured', unsignedFields: ['event'] },
		);
		expect(read({ event: ' ' }).item.event).toBeNull();
		expect(read({ event: 7 }).item.notFound).toContain('event');
		expect(read({ id: 'c', amount: 1, status: ' ' }).item.event).toBeNull();
	});

	it('an event header the signature covers (read into its MAC) is not marked unsigned', () => {
		const signed: SignedParts = { headers: ['x-event'] };
		expect(read({}, { 'X-Event': 'charge.refunded' }, signed).item).toMatchObject({
			event: 'charge.refunded',
			unsignedFields: [],
		});
	});

	it('the key comes from signed bytes only: without an event id, the digest of the body, whatever the headers say', () => {
		const body = { event: 'charge.captured', charge: { id: 'c' } };
		const digest = `sha256:${createHash('sha256').update(bytes(body)).digest('hex')}`;
		expect(bodyDigest(bytes(body))).toBe(digest);
		expect(read(body).keys).toEqual([digest]);
		expect(read(body, { 'x-delivery-id': 'h1', 'idempotency-key': 'k' }).keys).toEqual([digest]);
		expect(read(body, { 'x-event': 'charge.refunded' }).keys).toEqual([digest]);
		expect(read({ ...body, note: 'other bytes' }).keys).not.toEqual([digest]);
	});

	it('the event id inside the signed body is the key: a body the platform rebuilt for a retry (a new timestamp) is the same event', () => {
		const first = { id: 'evt_9', event: 'charge.captured', occurred_at: '2026-01-15T12:00:00Z' };
		const retry = { ...first, occurred_at: '2026-01-15T12:05:00Z', attempt: 2 };
		expect(read(first).keys).toEqual(['event:evt_9']);
		expect(read(retry).keys).toEqual(['event:evt_9']);
		expect(read({ ...first, id: 'evt_10' }).keys).toEqual(['event:evt_10']);
		expect(read({ ...first, id: 10 }).keys).toEqual(['event:10']);
	});

	it("a bare charge record has no event id (its id is the charge's): two records with other bytes are two keys", () => {
		const record = { id: 'ch_1', amount: 100, status: 'captured' };
		const later = { ...record, status: 'refunded' };
		expect(read(record).keys).toEqual([bodyDigest(bytes(record))]);
		expect(read(later).keys).toEqual([bodyDigest(bytes(later))]);
		expect(read(record).keys).not.toEqual(read(later).keys);
	});

	it('Event ID Field: a dotted path reads inside the body; empty recognises by the signed bytes only', () => {
		const body = { id: 'outer', data: { event_id: 'inner' }, event: 'charge.failed' };
		const at = (eventIdField: string) =>
			read(body, {}, UNSIGNED, { ...DEFAULT_READING, eventIdField }).keys;
		expect(at('data.event_id')).toEqual(['event:inner']);
		expect(at('')).toEqual([bodyDigest(bytes(body))]);
		expect(at('missing.path')).toEqual([bodyDigest(bytes(body))]);
		expect(at('data')).toEqual([bodyDigest(bytes(body))]);
	});

	it('a Standard Webhooks id, which the signature covers, is the key and the delivery key: two ids with one body are two deliveries', () => {
		const body = { id: 'evt_1', event: 'charge.captured' };
		const { item, keys } = read(body, {}, { id: 'msg_1', headers: ['webhook-id'] });
		expect(keys).toEqual(['msg_1']);
		expect(item).toMatchObject({ id: 'evt_1', deliveryKey: 'msg_1', unsignedFields: [] });
		expect(read(body, {}, { id: 'msg_2', headers: ['webhook-id'] }).keys).toEqual(['msg_2']);
		expect(
			read({ ...body, occurred_at: 'later' }, {}, { id: 'msg_1', headers: ['webhook-id'] }).keys,
		).toEqual(['msg_1']);
	});

	it('a body that is not JSON is in the item as text', () => {
		const raw = Buffer.from('id=1&event=charge.captured', 'utf8');
		const { item } = readDelivery(
			raw,
			{ 'x-event': 'charge.captured', 'x-delivery-id': 'h' },
			UNSIGNED,
		);
		expect(item).toEqual({
			id: 'h',
			event: null,
			charge: null,
			occurred_at: null,
			body: null,
			deliveryKey: bodyDigest(raw),
			notFound: ['event', 'charge', 'occurred_at'],
			unsignedFields: ['id'],
			rawBody: 'id=1&event=charge.captured',
			rawBodyEncoding: 'utf8',
		});
	});
});
