/**
 * Shared pieces of the trigger tests: signed deliveries computed independently of the node's signature module
 * (plain `crypto`), and a harness whose node holds a known secret without calling any API.
 */
import { createHash, createHmac, randomUUID } from 'crypto';
import type { INodeParameters } from 'n8n-workflow';
import { TriggerHarness } from './trigger';

export const SECRET = 'whsec_dummy_signing_secret_one';
export const OTHER_SECRET = 'whsec_dummy_signing_secret_two';
export const DELIVERY_ID = '9e3b2c1a-4d5f-4a6b-8c7d-0e1f2a3b4c5d';
export const CHARGE = {
	id: '30000000-0000-4000-8000-000000000003',
	amount: 15000,
	currency: 'BRL',
	status: 'captured',
	payment_method: 'credit_card',
};

/** Nobody listens here: tests that must not reach an API use it. */
export const NO_API = { url: 'http://127.0.0.1:9', publicKey: 'pk_test', secretKey: 'sk_test' };

/** The key a delivery is remembered by: `sha256:` and the hex digest of its signed bytes. */
export const bodyDigest = (raw: Buffer): string =>
	`sha256:${createHash('sha256').update(raw).digest('hex')}`;

export function hmacSha256(secret: string, body: Buffer | string): Buffer {
	return createHmac('sha256', secret).update(body).digest();
}

export const encodings = {
	prefixedHex: (mac: Buffer) => `sha256=${mac.toString('hex')}`,
	bareHex: (mac: Buffer) => mac.toString('hex'),
	base64: (mac: Buffer) => mac.toString('base64'),
};

export function deliveryBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		id: DELIVERY_ID,
		event: 'charge.captured',
		charge: CHARGE,
		occurred_at: '2026-01-15T12:00:00.000Z',
		...overrides,
	};
}

export interface SignedRequestOptions {
	body?: Record<string, unknown>;
	/** Bytes to send instead of the compact JSON of `body`. */
	rawBody?: Buffer;
	/** Bytes to sign; the sent bytes by default. */
	signedBytes?: Buffer;
	secret?: string;
	encode?: (mac: Buffer) => string;
	signatureHeader?: string;
	/** Extra headers (override the defaults). */
	headers?: Record<string, string>;
	deliveryId?: string | null;
}

/** A delivery as the platform sends it: compact JSON, `X-Signature: sha256=<hex>`, `X-Event`, `X-Delivery-Id`. */
export function signedRequest(options: SignedRequestOptions = {}) {
	const body = options.body ?? deliveryBody();
	const rawBody = options.rawBody ?? Buffer.from(JSON.stringify(body), 'utf8');
	const mac = hmacSha256(options.secret ?? SECRET, options.signedBytes ?? rawBody);
	const headers: Record<string, string> = {
		'content-type': 'application/json',
		[options.signatureHeader ?? 'x-signature']: (options.encode ?? encodings.prefixedHex)(mac),
		'x-event': String(body.event),
	};
	const deliveryId = options.deliveryId === undefined ? String(body.id) : options.deliveryId;
	if (deliveryId !== null) headers['x-delivery-id'] = deliveryId;
	return { headers: { ...headers, ...(options.headers ?? {}) }, rawBody };
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
 * A trigger whose production static data holds an endpoint with SECRET, as after a successful create. Each harness
 * has its own webhook URL (the duplicate window is per webhook).
 */
export function registeredTrigger(parameters: INodeParameters = CAPTURED_ONLY): TriggerHarness {
	const harness = new TriggerHarness({ target: NO_API, parameters, webhookId: randomUUID() });
	Object.assign(
		harness.staticData(),
		storedRegistration({
			endpointId: randomUUID(),
			secret: SECRET,
			url: harness.webhookUrl(),
			events: (parameters.events as string[]) ?? [],
		}),
	);
	return harness;
}
