/**
 * The trigger tests' deliveries and triggers. Deliveries are signed through the sandbox's signer
 * (sandbox/signature.js, independent of the node's verification code) in every family, in the forms platforms send
 * (other encodings, header names and signed-text layouts, a rotated-out key's value listed first) and in those they
 * never send (another key, other bytes than those signed); the families' own libraries (`stripe`,
 * `standardwebhooks`) sign as a second opinion. A registered trigger holds a known secret without calling any API.
 */
import { createHash, randomBytes, randomUUID } from 'crypto';
import type { INodeParameters } from 'n8n-workflow';
import { standardWebhooksHeaders, stripeSignature } from './librarySigners';
import { hmac, signatureHeaders, signedText, signingKey } from '../../sandbox/signature';
import { verificationSettings } from '../../nodes/PaymentPlatformTrigger/settings';
import {
	verifyWithSecrets,
	type VerificationSettings,
} from '../../nodes/PaymentPlatformTrigger/verification';
import { TriggerHarness } from './trigger';

/** Secrets as the sandbox issues them: `whsec_` and 64 hex characters (valid base64 too, for Standard Webhooks). */
export const SECRET = `whsec_${'5a'.repeat(32)}`;
export const OTHER_SECRET = `whsec_${'a5'.repeat(32)}`;
export const DELIVERY_ID = '9e3b2c1a-4d5f-4a6b-8c7d-0e1f2a3b4c5d';
export const CHARGE = {
	id: '30000000-0000-4000-8000-000000000003',
	amount: 15000,
	currency: 'BRL',
	status: 'captured',
	payment_method: 'credit_card',
};

const RAW_BODY_SETTINGS = verificationSettings({
	signatureScheme: 'rawBody',
}) as VerificationSettings;

/** Whether the trigger accepts `header` as the X-Signature of `rawBody` under `secret` (raw-body scheme). */
export function triggerAcceptsRawBody(
	secret: string,
	rawBody: Buffer,
	header: string | undefined,
): boolean {
	const headers = header === undefined ? {} : { 'x-signature': header };
	return verifyWithSecrets(secret, [], rawBody, headers, RAW_BODY_SETTINGS).verified;
}

/** Nobody listens here: tests that must not reach an API use it. */
export const NO_API = { url: 'http://127.0.0.1:9', publicKey: 'pk_test', secretKey: 'sk_test' };

/** The key a delivery is remembered by: `sha256:` and the hex digest of its signed bytes. */
export const bodyDigest = (raw: Buffer): string =>
	`sha256:${createHash('sha256').update(raw).digest('hex')}`;

/** How a MAC is written in a header. */
export type Encode = (mac: Buffer) => string;
export const hex: Encode = (mac) => mac.toString('hex');
export const base64: Encode = (mac) => mac.toString('base64');
/** The platform's raw-body value, `sha256=<hex>`. */
export const sha256Hex: Encode = (mac) => signatureHeaders('raw-body', mac)['x-signature'];
export const sha256Base64: Encode = (mac) => `sha256=${base64(mac)}`;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
/** A MAC nobody's secret gives. */
export const unrelatedMac = (): Buffer => randomBytes(32);

export interface SignedDelivery {
	headers: Record<string, string>;
	rawBody: Buffer;
}

export function deliveryBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		id: DELIVERY_ID,
		event: 'charge.captured',
		charge: CHARGE,
		occurred_at: '2026-01-15T12:00:00.000Z',
		...overrides,
	};
}

/** The compact JSON bytes of a delivery body. */
export const bodyBytes = (overrides: Record<string, unknown> = {}): Buffer =>
	Buffer.from(JSON.stringify(deliveryBody(overrides)), 'utf8');

/** `value` with `first` (a rotated-out key's value, or a forged one) listed before it. */
const after = (first: string | undefined, separator: string, value: string) =>
	first === undefined ? value : `${first}${separator}${value}`;

const eventHeaders = { 'content-type': 'application/json', 'x-event': 'charge.captured' };

export interface SignedRequestOptions {
	body?: Record<string, unknown>;
	/** Bytes to send instead of the compact JSON of `body`. */
	rawBody?: Buffer;
	/** Bytes to sign; the sent bytes by default. */
	signedBytes?: Buffer;
	secret?: string;
	encode?: Encode;
	signatureHeader?: string;
	/** A value listed before the signature, comma-separated. */
	valueFirst?: string;
	/** Extra headers (override the defaults). */
	headers?: Record<string, string>;
	deliveryId?: string | null;
}

/**
 * Raw body, as the platform sends it: compact JSON, `X-Signature: sha256=<hex>` of the exact bytes, `X-Event`,
 * `X-Delivery-Id`; each part can be changed.
 */
export function signedRequest(options: SignedRequestOptions = {}): SignedDelivery {
	const body = options.body ?? deliveryBody();
	const rawBody = options.rawBody ?? Buffer.from(JSON.stringify(body), 'utf8');
	const signed = signedText('raw-body', options.signedBytes ?? rawBody);
	const mac = hmac(options.secret ?? SECRET, ...signed);
	const headers: Record<string, string> = {
		'content-type': 'application/json',
		[options.signatureHeader ?? 'x-signature']: after(
			options.valueFirst,
			',',
			(options.encode ?? sha256Hex)(mac),
		),
		'x-event': String(body.event),
	};
	const deliveryId = options.deliveryId === undefined ? String(body.id) : options.deliveryId;
	if (deliveryId !== null) headers['x-delivery-id'] = deliveryId;
	return { headers: { ...headers, ...(options.headers ?? {}) }, rawBody };
}

/** Timestamped (Stripe's scheme): `Stripe-Signature: t=<t>,v1=<hex>,v0=…`, MAC over `<t>.<body>`. */
export function timestampedSigned(
	secret: string,
	options: { t?: number; v1First?: string; body?: Buffer } = {},
): SignedDelivery {
	const rawBody = options.body ?? bodyBytes();
	const t = options.t ?? nowSeconds();
	const v1 = hex(hmac(secret, ...signedText('timestamped', rawBody, { t })));
	const first = options.v1First === undefined ? '' : `,v1=${options.v1First}`;
	return {
		headers: {
			...eventHeaders,
			'stripe-signature': `t=${t}${first},v1=${v1},v0=${'0'.repeat(64)}`,
		},
		rawBody,
	};
}

/** Timestamped with the `stripe` package's own test-header helper. */
export function stripeSigned(secret: string, t = nowSeconds(), body = bodyBytes()): SignedDelivery {
	const signature = stripeSignature(secret, body.toString('utf8'), t);
	return { headers: { ...eventHeaders, 'stripe-signature': signature }, rawBody: body };
}

/**
 * Timestamp in its own header: `<timestampHeader>: <timestamp>` and in `signatureHeader` the MAC of the layout's
 * text (the platform's `<t>.<body>` by default).
 */
export function timestampHeaderSigned(
	secret: string,
	options: {
		timestamp?: string;
		layout?: (timestamp: string, body: Buffer) => Array<string | Buffer>;
		timestampHeader?: string;
		signatureHeader?: string;
		encode?: Encode;
		valueFirst?: string;
		body?: Buffer;
	} = {},
): SignedDelivery {
	const rawBody = options.body ?? bodyBytes();
	const timestamp = options.timestamp ?? String(nowSeconds());
	const layout = options.layout ?? ((t, body) => signedText('timestamp-header', body, { t }));
	const mac = hmac(secret, ...layout(timestamp, rawBody));
	return {
		headers: {
			...eventHeaders,
			[options.timestampHeader ?? 'x-timestamp']: timestamp,
			[options.signatureHeader ?? 'x-signature']: after(
				options.valueFirst,
				' ',
				(options.encode ?? hex)(mac),
			),
		},
		rawBody,
	};
}

/** Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`, as the sandbox signs. */
export function standardSigned(
	secret: string,
	options: { t?: number; id?: string; valueFirst?: string; body?: Buffer } = {},
): SignedDelivery {
	const rawBody = options.body ?? bodyBytes();
	const at = {
		t: options.t ?? nowSeconds(),
		deliveryId: options.id ?? 'msg_2p8Hv6wZkBNk2iWdS9q7sQ',
	};
	const key = signingKey('standard-webhooks', secret);
	const mac = hmac(key, ...signedText('standard-webhooks', rawBody, at));
	const headers = signatureHeaders('standard-webhooks', mac, at);
	headers['webhook-signature'] = after(options.valueFirst, ' ', headers['webhook-signature']);
	return { headers: { ...eventHeaders, ...headers }, rawBody };
}

/** Standard Webhooks with the `standardwebhooks` package's own signer. */
export function standardLibrarySigned(
	secret: string,
	t = nowSeconds(),
	body = bodyBytes(),
): SignedDelivery {
	const headers = standardWebhooksHeaders(secret, body.toString('utf8'), 'msg_library_signed', t);
	return { headers: { ...eventHeaders, ...headers }, rawBody: body };
}

export const CAPTURED_ONLY: INodeParameters = { events: ['charge.captured'], options: {} };

/** The keys of the node's static data: the saved format, written out here, not taken from the code under test. */
export const STORED = {
	endpointId: 'endpointId',
	secret: 'webhookSecret',
	url: 'webhookUrl',
	events: 'events',
	releasedAt: 'releasedAt',
	previousSecrets: 'previousSecrets',
} as const;

/** The registration as n8n keeps it in the node's static data after a successful create. */
export function storedRegistration(registration: {
	endpointId: string;
	secret: string;
	url: string;
	events: string[];
}): Record<string, unknown> {
	return {
		[STORED.endpointId]: registration.endpointId,
		[STORED.secret]: registration.secret,
		[STORED.url]: registration.url,
		[STORED.events]: [...registration.events],
	};
}

/**
 * A trigger whose production static data holds an endpoint with `secret`, as after a successful create. Each
 * harness has its own webhook URL (the duplicate window is per webhook).
 */
export function registeredTrigger(
	parameters: INodeParameters = CAPTURED_ONLY,
	secret = SECRET,
): TriggerHarness {
	const harness = new TriggerHarness({ target: NO_API, parameters, webhookId: randomUUID() });
	Object.assign(
		harness.staticData(),
		storedRegistration({
			endpointId: randomUUID(),
			secret,
			url: harness.webhookUrl(),
			events: (parameters.events as string[]) ?? [],
		}),
	);
	return harness;
}
