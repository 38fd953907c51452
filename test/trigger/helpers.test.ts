/** The trigger's pure helpers, without n8n: header lookup, delivery window, delivery body, stored registration. */
import {
	chargeEventItem,
	deliveryIdsOf,
	eventOf,
	hasChargeObject,
	parseDeliveryBody,
} from '../../nodes/PaymentPlatformTrigger/delivery';
import {
	hasSeenDelivery,
	readDeliveryWindow,
	RECENT_DELIVERY_LIMIT,
	rememberDeliveries,
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

	it('signature candidates: X-Signature first, else every *-signature header, else the named one only', () => {
		const headers = { 'x-signature': 's1', 'x-provider-signature': 's2', 'x-other': 'o' };
		expect(signatureCandidates(headers)).toEqual([{ name: 'x-signature', value: 's1' }]);
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
	it('never grows beyond its limit: inserting more than the cap keeps the newest cap ids', () => {
		let window: string[] = [];
		const total = RECENT_DELIVERY_LIMIT + 250;
		for (let i = 0; i < total; i++) window = rememberDeliveries(window, [`id-${i}`]);
		expect(window).toHaveLength(RECENT_DELIVERY_LIMIT);
		expect(window[0]).toBe(`id-${total - RECENT_DELIVERY_LIMIT}`);
		expect(window[window.length - 1]).toBe(`id-${total - 1}`);
		expect(hasSeenDelivery(window, ['id-0'])).toBe(false);
		expect(hasSeenDelivery(window, [`id-${total - 1}`])).toBe(true);
	});

	it('stores each id once and does not modify its input', () => {
		const window = ['a'];
		expect(rememberDeliveries(window, ['a', 'b', 'b'], 10)).toEqual(['a', 'b']);
		expect(window).toEqual(['a']);
		expect(rememberDeliveries(['a', 'b', 'c'], ['d'], 2)).toEqual(['c', 'd']);
	});

	it('reads only strings from stored data', () => {
		expect(readDeliveryWindow(undefined)).toEqual([]);
		expect(readDeliveryWindow('a')).toEqual([]);
		expect(readDeliveryWindow(['a', 1, null, '', 'b'])).toEqual(['a', 'b']);
	});
});

describe('delivery body', () => {
	it('parses only a UTF-8 JSON object', () => {
		expect(parseDeliveryBody(Buffer.from('{"event":"charge.captured"}'))).toEqual({
			event: 'charge.captured',
		});
		expect(parseDeliveryBody(Buffer.from('not json'))).toBeUndefined();
		expect(parseDeliveryBody(Buffer.from('null'))).toBeUndefined();
		expect(parseDeliveryBody(Buffer.from('[1]'))).toBeUndefined();
		expect(parseDeliveryBody(Buffer.from([0x7b, 0xff, 0x7d]))).toBeUndefined();
	});

	it('delivery ids: X-Delivery-Id, else the body id; both when they differ', () => {
		expect(deliveryIdsOf({ 'x-delivery-id': 'h' }, { id: 'h' })).toEqual(['h']);
		expect(deliveryIdsOf({}, { id: 'b' })).toEqual(['b']);
		expect(deliveryIdsOf({ 'X-Delivery-Id': 'h' }, {})).toEqual(['h']);
		expect(deliveryIdsOf({ 'x-delivery-id': 'h' }, { id: 'b' })).toEqual(['h', 'b']);
		expect(deliveryIdsOf({}, { id: 7 })).toEqual([]);
	});

	it('the item holds id, event, charge and occurred_at only', () => {
		const body = {
			id: 'd',
			event: 'charge.voided',
			charge: { id: 'c' },
			occurred_at: 't',
			extra: 1,
		};
		expect(eventOf(body)).toBe('charge.voided');
		expect(chargeEventItem(body, ['d'])).toEqual({
			id: 'd',
			event: 'charge.voided',
			charge: { id: 'c' },
			occurred_at: 't',
		});
		expect(eventOf({}, { 'X-Event': 'charge.refunded' })).toBe('charge.refunded');
		expect(eventOf({ event: 'charge.voided' }, { 'x-event': 'charge.refunded' })).toBe(
			'charge.voided',
		);
		expect(eventOf({ event: ' ' }, {})).toBeUndefined();
		expect(hasChargeObject({ charge: { id: 'c' } })).toBe(true);
		expect([null, [], 'c', undefined].map((charge) => hasChargeObject({ charge }))).toEqual([
			false,
			false,
			false,
			false,
		]);
		expect(chargeEventItem({}, ['h'], 'charge.failed').event).toBe('charge.failed');
		expect(chargeEventItem({ event: 'charge.voided' }, ['h'])).toEqual({
			id: 'h',
			event: 'charge.voided',
			charge: null,
			occurred_at: null,
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
