/**
 * verifyDelivery() alone (pure, no n8n): the guard against a timestamped delivery replayed as a raw-body one, and the
 * Options' defaults being the chosen names. What a request costs in HMACs: boundedWork.test.ts.
 */
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
import { SECRET, hex } from '../harness/triggerDeliveries';

const AUTOMATIC = verificationSettings({}) as VerificationSettings;

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
