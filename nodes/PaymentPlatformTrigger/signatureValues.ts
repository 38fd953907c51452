/**
 * Reading the signature headers of a request into the MACs each family offers. Pure functions, no n8n imports.
 * A header value is read by its shape: `t=...,v1=...` (timestamped), `v1,<base64> ...` (Standard Webhooks), else a
 * list of MACs (hex or base64, optionally after `sha256=` or a version label such as `v0=`).
 */
import { WEBHOOK_SIGNATURE_NAMES } from '../PaymentPlatform/api/chosenNames';
import type { SignatureCandidate } from './headers';
import { decodeBase64Mac, decodeSignature } from './signature';

/**
 * At most this many signature values are read from all headers together (key rotation sends two or three); the
 * rest are ignored.
 */
export const MAX_SIGNATURE_VALUES = 16;

/** A MAC written alone. */
export interface PlainMac {
	mac: Buffer;
	/** Written after a version label (`v0=`, as Slack and Zoom do): only a timestamp-header signature has one. */
	versionLabelled: boolean;
}

export interface SignatureValues {
	plain: PlainMac[];
	/** The first `t=...,v1=...` header: its timestamp and its `v1` MACs (one for each secret during a rotation). */
	timestamped?: { timestamp: string; macs: Buffer[] };
	/** `v1,<base64>` MACs. */
	standard: Buffer[];
}

const VERSION_LABEL = /^v\d{1,3}=/i;
const STANDARD_ENTRY = /^v\d{1,3}[a-z]?,/;
const { timestampedKeys, standardWebhooksVersion } = WEBHOOK_SIGNATURE_NAMES;

/** `key=value` pairs of a `t=...,v1=...` value, or undefined when it has no `t=`. */
function keyValuePairs(value: string): Array<[string, string]> | undefined {
	const pairs = value.split(',').map((part): [string, string] => {
		const at = part.indexOf('=');
		return at < 0 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
	});
	return pairs.some(([key]) => key === timestampedKeys.timestamp) ? pairs : undefined;
}

function hexMac(value: string): Buffer | undefined {
	return /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : undefined;
}

/** Reads the candidates' values, in order, keeping at most MAX_SIGNATURE_VALUES MACs in all. */
export function readSignatureValues(candidates: readonly SignatureCandidate[]): SignatureValues {
	const values: SignatureValues = { plain: [], standard: [] };
	let budget = MAX_SIGNATURE_VALUES;
	const take = <T>(list: T[], item: T | undefined) => {
		if (item !== undefined && budget > 0) {
			list.push(item);
			budget -= 1;
		}
	};
	for (const { value } of candidates) {
		if (budget === 0) break;
		const pairs = keyValuePairs(value);
		if (pairs) {
			const timestamp = pairs.find(([key]) => key === timestampedKeys.timestamp)?.[1] ?? '';
			if (values.timestamped === undefined) values.timestamped = { timestamp, macs: [] };
			if (values.timestamped.timestamp !== timestamp) continue;
			for (const [key, mac] of pairs.slice(0, MAX_SIGNATURE_VALUES + 1)) {
				if (key === timestampedKeys.signature) take(values.timestamped.macs, hexMac(mac));
			}
			continue;
		}
		const tokens = value.trim().split(/\s+/, MAX_SIGNATURE_VALUES);
		if (STANDARD_ENTRY.test(tokens[0] ?? '')) {
			for (const token of tokens) {
				const [version, mac] = token.split(',', 2);
				if (version === standardWebhooksVersion) take(values.standard, decodeBase64Mac(mac ?? ''));
			}
			continue;
		}
		for (const token of value.split(/[\s,]+/, MAX_SIGNATURE_VALUES)) {
			const versionLabelled = VERSION_LABEL.test(token);
			const mac = decodeSignature(versionLabelled ? token.replace(VERSION_LABEL, '') : token);
			if (mac) take(values.plain, { mac, versionLabelled });
		}
	}
	return values;
}
