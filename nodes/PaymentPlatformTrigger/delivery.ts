/**
 * Reading a webhook delivery's body: pure functions, no n8n imports.
 * Body (chosenNames.ts): `{"id": <delivery id>, "event": "charge.captured", "charge": {...}, "occurred_at": <timestamp>}`.
 */
import { WEBHOOK_DELIVERY_HEADERS } from '../PaymentPlatform/transport/chosenNames';
import { getHeader, type RequestHeaders } from './headers';

export type DeliveryBody = Record<string, unknown>;

/** The delivery as the workflow receives it. */
export type ChargeEventItem = {
	id: string | null;
	event: string | null;
	charge: unknown;
	occurred_at: unknown;
};

/**
 * The JSON object in the raw body bytes, or undefined when the bytes are not UTF-8 JSON holding an object.
 * The raw bytes are parsed here (not n8n's parsed body) so that what is verified is exactly what is used.
 */
export function parseDeliveryBody(rawBody: Buffer): DeliveryBody | undefined {
	let parsed: unknown;
	try {
		parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody));
	} catch {
		return undefined;
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
	return parsed as DeliveryBody;
}

function nonEmptyString(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The delivery's event: the one named in the signed body; only when the body names none, the `X-Event` header (the
 * signature already proved who sent the request, and the body is what the workflow gets).
 */
export function eventOf(body: DeliveryBody, headers: RequestHeaders = {}): string | undefined {
	return (
		nonEmptyString(body.event) ?? nonEmptyString(getHeader(headers, WEBHOOK_DELIVERY_HEADERS.event))
	);
}

/** Whether the body carries the charge the event is about, as an object (the workflow's main data). */
export function hasChargeObject(body: DeliveryBody): boolean {
	return body.charge !== null && typeof body.charge === 'object' && !Array.isArray(body.charge);
}

/**
 * The ids under which a delivery is remembered: the `X-Delivery-Id` header, else the body's `id`. When both are
 * present and differ, both count, so a redelivery is recognised by either (the body's id is the signed one).
 */
export function deliveryIdsOf(headers: RequestHeaders, body: DeliveryBody): string[] {
	const ids = [
		nonEmptyString(getHeader(headers, WEBHOOK_DELIVERY_HEADERS.deliveryId)),
		nonEmptyString(body.id),
	];
	return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

/** The item the workflow runs with: the delivery's id, event, charge and time. */
export function chargeEventItem(
	body: DeliveryBody,
	deliveryIds: readonly string[],
	event: string | undefined = eventOf(body),
): ChargeEventItem {
	return {
		id: nonEmptyString(body.id) ?? deliveryIds[0] ?? null,
		event: event ?? null,
		charge: body.charge ?? null,
		occurred_at: body.occurred_at ?? null,
	};
}
