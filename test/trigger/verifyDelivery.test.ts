/**
 * verifyDelivery() alone (pure, no n8n): how many HMACs a request costs, the guard against a timestamped delivery
 * replayed as a raw-body one, and the Options' defaults being the chosen names.
 */
import * as crypto from 'crypto';
import { WEBHOOK_SIGNATURE_NAMES } from '../../nodes/PaymentPlatformTrigger/chosenNames';
import type { INodeProperties } from 'n8n-workflow';
import { triggerProperties } from '../../nodes/PaymentPlatformTrigger/properties';
import { verificationSettings } from '../../nodes/PaymentPlatformTrigger/settings';
import {
	verifyWithSecrets,
	type SignatureScheme,
	type VerificationSettings,
} from '../../nodes/PaymentPlatformTrigger/verification';
import { hmac } from '../../sandbox/signature';
import {
	SECRET,
	hex,
	nowSeconds,
	signedRequest,
	standardSigned,
	timestampHeaderSigned,
	timestampedSigned,
	unrelatedMac,
} from '../harness/triggerDeliveries';

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
			expect(verifyWithSecrets(SECRET, [], MEGABYTE, headers, AUTOMATIC).verified).toBe(false);
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
			expect(verifyWithSecrets(SECRET, [], MEGABYTE, headers, AUTOMATIC).verified).toBe(false);
		});
		expect(count).toBeLessThanOrEqual(4);
		expect(count).toBeGreaterThan(0);
	});

	it('a stale timestamp costs no HMAC at all', () => {
		const stale = timestampedSigned(SECRET, { t: nowSeconds() - 3600 });
		const count = hmacsDuring(() => {
			const result = verifyWithSecrets(SECRET, [], stale.rawBody, stale.headers, AUTOMATIC);
			expect(result).toMatchObject({ verified: false, reason: 'outsideTolerance' });
		});
		expect(count).toBe(0);
	});

	it('an ordinary valid delivery of each family costs one HMAC (two for a timestamp in its own header)', () => {
		const t = nowSeconds();
		const cases: Array<[ReturnType<typeof signedRequest>, number]> = [
			[signedRequest(), 1],
			[timestampedSigned(SECRET, { t }), 1],
			[standardSigned(SECRET, { t }), 1],
			[timestampHeaderSigned(SECRET), 2],
		];
		for (const [delivery, expected] of cases) {
			const count = hmacsDuring(() => {
				expect(
					verifyWithSecrets(SECRET, [], delivery.rawBody, delivery.headers, AUTOMATIC).verified,
				).toBe(true);
			});
			expect(count).toBe(expected);
		}
	});
});

describe('a body that reads as a timestamped signed text is not taken as a raw-body delivery under Automatic', () => {
	const body = (text: string) => Buffer.from(text, 'utf8');
	const settings = (layout: string, scheme: SignatureScheme = 'automatic') =>
		verificationSettings({
			signedTextLayout: layout,
			signatureScheme: scheme,
		}) as VerificationSettings;
	const signedAsRawBody = (secret: string, sent: Buffer) => ({
		'x-signature': hex(hmac(secret, sent)),
	});

	it.each([
		['1700000000.{"id":1}', '{timestamp}.{body}', SECRET],
		['v0:1700000000:{"id":1}', 'v0:{timestamp}:{body}', SECRET],
		['{"id":1}.1700000000', '{body}.{timestamp}', SECRET],
		['msg_1.1700000000.{"id":1}', '{timestamp}.{body}', 'a-secret-used-as-text'],
	])('%s: refused under Automatic, accepted with Raw Body pinned', (text, layout, secret) => {
		const sent = body(text);
		const headers = signedAsRawBody(secret, sent);
		expect(verifyWithSecrets(secret, [], sent, headers, settings(layout)).verified).toBe(false);
		expect(verifyWithSecrets(secret, [], sent, headers, settings(layout, 'rawBody')).verified).toBe(
			true,
		);
	});

	it.each(['{"id":1}', '[1,2]', '"text"', 'plain words', '  {"a":1}'])(
		'%s is accepted under Automatic',
		(text) => {
			const sent = body(text);
			for (const layout of ['{timestamp}.{body}', 'v0:{timestamp}:{body}']) {
				const headers = signedAsRawBody(SECRET, sent);
				expect(verifyWithSecrets(SECRET, [], sent, headers, settings(layout)).verified).toBe(true);
			}
		},
	);

	it('a whsec_ secret with base64 makes the Standard Webhooks key differ from the text, so msg_… bodies pass', () => {
		const sent = body('msg_1.1700000000.{"id":1}');
		const result = verifyWithSecrets(SECRET, [], sent, signedAsRawBody(SECRET, sent), AUTOMATIC);
		expect(result.verified).toBe(true);
	});
});

describe('options', () => {
	it("the Options' defaults are the chosen names", () => {
		const options = triggerProperties.find((property) => property.name === 'options');
		const signatureOptions = ((options?.options ?? []) as INodeProperties[]).filter((option) =>
			/^(signature|signedText|timestamp)/.test(option.name),
		);
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
