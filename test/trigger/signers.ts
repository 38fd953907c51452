/**
 * Deliveries signed the ways platforms sign, written here with plain `crypto` (independently of the node's
 * signature code), and with the families' own published libraries (`stripe`, `standardwebhooks`).
 */
import { createHmac, randomBytes } from 'crypto';
import type { INodeParameters } from 'n8n-workflow';
import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { TriggerHarness } from '../harness/trigger';
import {
	CAPTURED_ONLY,
	NO_API,
	deliveryBody,
	storedRegistration,
} from '../harness/triggerDeliveries';

/** A secret as the sandbox issues them: `whsec_` and 64 hex characters (valid base64 too). */
export const WHSEC = `whsec_${'5a'.repeat(32)}`;
export const WRONG_WHSEC = `whsec_${'a5'.repeat(32)}`;

export type Encode = (mac: Buffer) => string;
export const hex: Encode = (mac) => mac.toString('hex');
export const base64: Encode = (mac) => mac.toString('base64');
export const sha256Hex: Encode = (mac) => `sha256=${hex(mac)}`;
export const sha256Base64: Encode = (mac) => `sha256=${base64(mac)}`;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
/** A MAC nobody's secret gives. */
export const unrelatedMac = (): Buffer => randomBytes(32);

export function hmac(key: string | Buffer, ...parts: Array<string | Buffer>): Buffer {
	const mac = createHmac('sha256', key);
	for (const part of parts) mac.update(part);
	return mac.digest();
}

export interface SignedDelivery {
	headers: Record<string, string>;
	rawBody: Buffer;
}

export const bodyBytes = (overrides: Record<string, unknown> = {}): Buffer =>
	Buffer.from(JSON.stringify(deliveryBody(overrides)), 'utf8');

const eventHeaders = { 'content-type': 'application/json', 'x-event': 'charge.captured' };

/** Raw body: `X-Signature` holding the MAC(s) of the body. */
export function rawBodySigned(
	secret: string,
	options: { encode?: Encode; header?: string; extraFirst?: string; body?: Buffer } = {},
): SignedDelivery {
	const rawBody = options.body ?? bodyBytes();
	const value = (options.encode ?? sha256Hex)(hmac(secret, rawBody));
	const header = options.header ?? 'x-signature';
	const list = options.extraFirst === undefined ? value : `${options.extraFirst},${value}`;
	return { headers: { ...eventHeaders, [header]: list }, rawBody };
}

/** Timestamped (Stripe's scheme): `Stripe-Signature: t=<t>,v1=<hex>`, MAC over `<t>.<body>`. */
export function timestampedSigned(
	secret: string,
	options: { t?: number; v1First?: string; body?: Buffer } = {},
): SignedDelivery {
	const rawBody = options.body ?? bodyBytes();
	const t = options.t ?? nowSeconds();
	const v1 = hex(hmac(secret, `${t}.`, rawBody));
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
	const stripe = new Stripe('sk_test_signing_only');
	const signature = stripe.webhooks.generateTestHeaderString({
		payload: body.toString('utf8'),
		secret,
		timestamp: t,
	});
	return { headers: { ...eventHeaders, 'stripe-signature': signature }, rawBody: body };
}

/** Timestamp in its own header: `<header>: <timestamp>` and the MAC of the layout's text in `signatureHeader`. */
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
	const parts = (options.layout ?? ((t, body) => [`${t}.`, body]))(timestamp, rawBody);
	const value = (options.encode ?? hex)(hmac(secret, ...parts));
	const list = options.valueFirst === undefined ? value : `${options.valueFirst} ${value}`;
	return {
		headers: {
			...eventHeaders,
			[options.timestampHeader ?? 'x-timestamp']: timestamp,
			[options.signatureHeader ?? 'x-signature']: list,
		},
		rawBody,
	};
}

/** The Standard Webhooks key: a `whsec_` secret's decoded bytes. */
export const standardKey = (secret: string): Buffer =>
	Buffer.from(secret.replace(/^whsec_/, ''), 'base64');

/** Standard Webhooks, by hand: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`. */
export function standardSigned(
	secret: string,
	options: { t?: number; id?: string; valueFirst?: string; body?: Buffer } = {},
): SignedDelivery {
	const rawBody = options.body ?? bodyBytes();
	const t = options.t ?? nowSeconds();
	const id = options.id ?? 'msg_2p8Hv6wZkBNk2iWdS9q7sQ';
	const value = `v1,${base64(hmac(standardKey(secret), `${id}.${t}.`, rawBody))}`;
	const list = options.valueFirst === undefined ? value : `${options.valueFirst} ${value}`;
	return {
		headers: {
			...eventHeaders,
			'webhook-id': id,
			'webhook-timestamp': String(t),
			'webhook-signature': list,
		},
		rawBody,
	};
}

/** Standard Webhooks with the `standardwebhooks` package's own signer. */
export function standardLibrarySigned(
	secret: string,
	t = nowSeconds(),
	body = bodyBytes(),
): SignedDelivery {
	const id = 'msg_library_signed';
	const signature = new Webhook(secret).sign(id, new Date(t * 1000), body.toString('utf8'));
	return {
		headers: {
			...eventHeaders,
			'webhook-id': id,
			'webhook-timestamp': String(t),
			'webhook-signature': signature,
		},
		rawBody: body,
	};
}

/** A trigger whose endpoint holds `secret`, with these Options. */
export function triggerWithSecret(
	secret: string,
	options: Record<string, unknown> = {},
): TriggerHarness {
	const parameters: INodeParameters = { ...CAPTURED_ONLY, options: options as INodeParameters };
	// Each its own webhook, so that each starts with an empty duplicate window.
	const harness = new TriggerHarness({
		target: NO_API,
		parameters,
		webhookId: `webhook-${randomBytes(6).toString('hex')}`,
	});
	Object.assign(
		harness.staticData(),
		storedRegistration({
			endpointId: `endpoint-${randomBytes(6).toString('hex')}`,
			secret,
			url: harness.webhookUrl(),
			events: ['charge.captured'],
		}),
	);
	return harness;
}
