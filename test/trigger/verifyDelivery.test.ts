/**
 * verifyDelivery() alone (pure, no n8n): how many HMACs a request costs, the guard against a timestamped delivery
 * replayed as a raw-body one, and the Options' defaults being the chosen names.
 */
import * as crypto from 'crypto';
import { WEBHOOK_SIGNATURE_NAMES } from '../../nodes/PaymentPlatform/api/chosenNames';
import {
	signatureOptions,
	verificationSettings,
} from '../../nodes/PaymentPlatformTrigger/signatureOptions';
import {
	couldBeSignedText,
	parseSignedTextLayout,
} from '../../nodes/PaymentPlatformTrigger/signedText';
import {
	verifyDelivery,
	type VerificationSettings,
} from '../../nodes/PaymentPlatformTrigger/verifyDelivery';
import {
	WHSEC,
	hex,
	nowSeconds,
	rawBodySigned,
	standardSigned,
	timestampHeaderSigned,
	timestampedSigned,
	unrelatedMac,
} from './signers';

// Counting HMACs: crypto's exports cannot be spied on, so this file's `crypto` counts calls to the real createHmac.
jest.mock('crypto', () => {
	const actual = jest.requireActual<typeof import('crypto')>('crypto');
	return { ...actual, createHmac: jest.fn(actual.createHmac) };
});

const AUTOMATIC = verificationSettings({}) as VerificationSettings;
const MEGABYTE = Buffer.alloc(1024 * 1024, 'a');

/** How many HMACs `run` starts. */
function hmacsDuring(run: () => unknown): number {
	const counted = crypto.createHmac as jest.MockedFunction<typeof crypto.createHmac>;
	counted.mockClear();
	run();
	return counted.mock.calls.length;
}

describe('cost: each family computes its MAC at most once per request', () => {
	const manyHeaders = (count: number, value: () => string) =>
		Object.fromEntries(Array.from({ length: count }, (_, i) => [`x-h${i}-signature`, value()]));

	it('500 forged *-signature headers on a 1 MB body: one HMAC (raw body)', () => {
		const headers = manyHeaders(500, () => `sha256=${hex(unrelatedMac())}`);
		const count = hmacsDuring(() => {
			expect(verifyDelivery(WHSEC, MEGABYTE, headers, AUTOMATIC).verified).toBe(false);
		});
		expect(count).toBe(1);
	});

	it('every family present and forged, lists full: at most four HMACs', () => {
		const t = nowSeconds();
		const values = (n: number) => Array.from({ length: n }, () => hex(unrelatedMac())).join(',');
		const headers = {
			...manyHeaders(300, () => values(20)),
			'stripe-signature': `t=${t},${Array.from({ length: 40 }, () => `v1=${hex(unrelatedMac())}`).join(',')}`,
			'webhook-id': 'msg_1',
			'webhook-timestamp': String(t),
			'webhook-signature': Array.from(
				{ length: 40 },
				() => `v1,${unrelatedMac().toString('base64')}`,
			).join(' '),
			'x-timestamp': String(t),
			'x-signature': values(40),
		};
		const count = hmacsDuring(() => {
			expect(verifyDelivery(WHSEC, MEGABYTE, headers, AUTOMATIC).verified).toBe(false);
		});
		expect(count).toBeLessThanOrEqual(4);
		expect(count).toBeGreaterThan(0);
	});

	it('a stale timestamp costs no HMAC at all', () => {
		const stale = timestampedSigned(WHSEC, { t: nowSeconds() - 3600 });
		const count = hmacsDuring(() => {
			const result = verifyDelivery(WHSEC, stale.rawBody, stale.headers, AUTOMATIC);
			expect(result).toMatchObject({ verified: false, reason: 'outsideTolerance' });
		});
		expect(count).toBe(0);
	});

	it('an ordinary valid delivery of each family costs one HMAC (two for a timestamp in its own header)', () => {
		const t = nowSeconds();
		const cases: Array<[ReturnType<typeof rawBodySigned>, number]> = [
			[rawBodySigned(WHSEC), 1],
			[timestampedSigned(WHSEC, { t }), 1],
			[standardSigned(WHSEC, { t }), 1],
			[timestampHeaderSigned(WHSEC), 2],
		];
		for (const [delivery, expected] of cases) {
			const count = hmacsDuring(() => {
				expect(verifyDelivery(WHSEC, delivery.rawBody, delivery.headers, AUTOMATIC).verified).toBe(
					true,
				);
			});
			expect(count).toBe(expected);
		}
	});
});

describe('a body that reads as a timestamped signed text is not taken as a raw-body delivery under Automatic', () => {
	const layout = parseSignedTextLayout('{timestamp}.{body}');
	const slack = parseSignedTextLayout('v0:{timestamp}:{body}');
	const trailing = parseSignedTextLayout('{body}.{timestamp}');
	if (typeof layout === 'string' || typeof slack === 'string' || typeof trailing === 'string')
		throw new Error(String(layout));
	const body = (text: string) => Buffer.from(text, 'utf8');

	it.each([
		['1700000000.{"id":1}', layout, false],
		['v0:1700000000:{"id":1}', slack, false],
		['{"id":1}.1700000000', trailing, false],
		['msg_1.1700000000.{"id":1}', layout, true],
	])('%s is a signed text', (text, chosen, standardKeyIsText) => {
		expect(couldBeSignedText(body(text), chosen, standardKeyIsText)).toBe(true);
	});

	it.each(['{"id":1}', '[1,2]', '"text"', 'plain words', '  {"a":1}'])('%s is not', (text) => {
		expect(couldBeSignedText(body(text), layout, false)).toBe(false);
		expect(couldBeSignedText(body(text), slack, false)).toBe(false);
	});

	it('a whsec_ secret with base64 makes the Standard Webhooks key differ from the text, so msg_… bodies pass', () => {
		const sent = body('msg_1.1700000000.{"id":1}');
		const mac = crypto.createHmac('sha256', WHSEC).update(sent).digest('hex');
		const result = verifyDelivery(WHSEC, sent, { 'x-signature': mac }, AUTOMATIC);
		expect(result.verified).toBe(true);
	});
});

describe('options', () => {
	it("the Options' defaults are the chosen names", () => {
		const byName = Object.fromEntries(
			signatureOptions.map((option) => [option.name, option.default]),
		);
		expect(byName).toEqual({
			signatureHeader: '',
			signatureScheme: 'automatic',
			signedTextLayout: WEBHOOK_SIGNATURE_NAMES.signedTextLayout,
			timestampHeader: '',
			timestampTolerance: WEBHOOK_SIGNATURE_NAMES.toleranceSeconds,
		});
	});

	it('an empty layout falls back to the default; a layout with {timestamp} twice is refused by name', () => {
		expect(verificationSettings({ signedTextLayout: '' })).toMatchObject({
			signedTextLayout: { text: '{timestamp}.{body}' },
		});
		expect(verificationSettings({ signedTextLayout: '{timestamp}{timestamp}{body}' })).toMatch(
			/^Signed Text Layout must contain/,
		);
	});
});
