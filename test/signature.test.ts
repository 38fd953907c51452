/**
 * Known-answer vectors for the webhook signature. The expected MACs were computed OUTSIDE this code, with
 *   printf '%s' "<body>" | openssl dgst -sha256 -hmac "<secret>"            (hex)
 *   printf '%s' "<body>" | openssl dgst -sha256 -hmac "<secret>" -binary | base64
 */
import { signatureHeaderValue as sandboxSignature } from '../sandbox/signature';
import { triggerAcceptsRawBody } from './harness/triggerDeliveries';

const HMAC_VECTOR_INPUT = 'whsec_sandbox_vector_1';
const DELIVERY_BODY =
	'{"id":"5f0c6a0e-8a51-4d3c-9a3e-2b1f7c9d0e11","event":"charge.captured","charge":{"id":"30000000-0000-4000-8000-000000000003","amount":90000,"status":"captured"},"occurred_at":"2025-03-10T12:00:00.000Z"}';
const DELIVERY_HEX = 'aaba2f157434518bb7a7cbb0114ed021560d1d19f59115dff20dcbe153691bfd';
const DELIVERY_BASE64 = 'qrovFXQ0UYu3p8uwEU7QIVYNHRn1kRXf8g3L4VNpG/0=';
/** The same JSON re-serialised with JSON.stringify(value, null, 2): a different MAC. */
const PRETTY_HEX = '22a9d94fc8aaf57b5bfa8147fe1ca1cf852d9eab48018f1ca79e709fc2ab0c88';

// prettier-ignore
const VECTORS = [
	{ name: 'delivery body', secret: HMAC_VECTOR_INPUT, body: DELIVERY_BODY, hex: DELIVERY_HEX },
	{ name: 'RFC-style sample', secret: 'key', body: 'The quick brown fox jumps over the lazy dog', hex: 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8' },
	{ name: 'UTF-8 body', secret: 'whsec_utf8', body: '{"city":"São Paulo","note":"café – ok"}', hex: 'df9c04c6f33d4aef5262e522345d420d280aa2ed7f02e37b4c0da1ebb87096d2' },
	{ name: 'empty body', secret: 'whsec_empty', body: '', hex: '88a9113905a9cad8b5c0a2d2867e58cb15f678035cb5de8e55f4a9300b5993bb' },
];

describe('webhook signature known answers (openssl)', () => {
	it.each(VECTORS)('the sandbox signs the $name with the openssl MAC', ({ secret, body, hex }) => {
		expect(sandboxSignature(secret, body)).toBe(`sha256=${hex}`);
	});

	it.each(VECTORS)('verifies the openssl MAC for the $name', ({ secret, body, hex }) => {
		expect(triggerAcceptsRawBody(secret, Buffer.from(body, 'utf8'), `sha256=${hex}`)).toBe(true);
	});
});

describe('the raw-body scheme accepts the documented encodings', () => {
	const body = Buffer.from(DELIVERY_BODY, 'utf8');
	it.each([
		['sha256=<hex>', `sha256=${DELIVERY_HEX}`],
		['bare hex', DELIVERY_HEX],
		['upper-case hex', DELIVERY_HEX.toUpperCase()],
		['bare base64', DELIVERY_BASE64],
		['sha256=<base64>', `sha256=${DELIVERY_BASE64}`],
	])('accepts %s', (_label, header) => {
		expect(triggerAcceptsRawBody(HMAC_VECTOR_INPUT, body, header)).toBe(true);
	});
});

describe('the raw-body scheme rejects', () => {
	const body = Buffer.from(DELIVERY_BODY, 'utf8');
	const tampered = Buffer.from(DELIVERY_BODY.replace('"amount":90000', '"amount":90001'), 'utf8');
	const pretty = Buffer.from(JSON.stringify(JSON.parse(DELIVERY_BODY), null, 2), 'utf8');
	it.each([
		['a tampered body', HMAC_VECTOR_INPUT, tampered, `sha256=${DELIVERY_HEX}`],
		['the wrong secret', 'whsec_other', body, `sha256=${DELIVERY_HEX}`],
		['an empty secret', '', body, `sha256=${DELIVERY_HEX}`],
		['a truncated hex signature', HMAC_VECTOR_INPUT, body, `sha256=${DELIVERY_HEX.slice(0, 62)}`],
		['a truncated base64 signature', HMAC_VECTOR_INPUT, body, DELIVERY_BASE64.slice(0, 40)],
		['a signature with an extra character', HMAC_VECTOR_INPUT, body, `${DELIVERY_HEX}0`],
		['an empty signature', HMAC_VECTOR_INPUT, body, ''],
		['a missing signature', HMAC_VECTOR_INPUT, body, undefined],
		['the sha1= prefix', HMAC_VECTOR_INPUT, body, `sha1=${DELIVERY_HEX}`],
		['the sha512= prefix', HMAC_VECTOR_INPUT, body, `sha512=${DELIVERY_HEX}`],
		['a prefix without separator', HMAC_VECTOR_INPUT, body, `sha256${DELIVERY_HEX}`],
		['non-hex characters', HMAC_VECTOR_INPUT, body, `sha256=${'z'.repeat(64)}`],
		['a pretty-printed re-serialised body', HMAC_VECTOR_INPUT, pretty, `sha256=${DELIVERY_HEX}`],
	])('rejects %s', (_label, secret, rawBody, header) => {
		expect(triggerAcceptsRawBody(secret, rawBody, header)).toBe(false);
	});

	it('the pretty-printed body has its own MAC (so the rejection above is about the bytes)', () => {
		expect(triggerAcceptsRawBody(HMAC_VECTOR_INPUT, pretty, `sha256=${PRETTY_HEX}`)).toBe(true);
	});
});
