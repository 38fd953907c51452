/**
 * Charge events: the state change an event stands for, and the deliveries it causes.
 * Status events (`charge.captured`...) set the charge status; `charge.chargeback` records a chargeback and leaves
 * the status alone. Every active endpoint subscribed to the event receives one delivery.
 */
import {
	CHARGE_STATUSES,
	type ChargeStatus,
	type WebhookEvent,
} from '../nodes/PaymentPlatform/shared/apiValues';
import type { SandboxContext } from './context';
import type { DeliveryRecord } from './deliveries';
import { newId, nowIso } from './store';
import type { Charge } from './types';

const EVENT_PREFIX = 'charge.';

export function statusOfEvent(event: WebhookEvent): ChargeStatus | undefined {
	const status = event.slice(EVENT_PREFIX.length);
	return (CHARGE_STATUSES as readonly string[]).includes(status)
		? (status as ChargeStatus)
		: undefined;
}

/** Sends `event` about `charge` to every subscribed active endpoint. */
export function emitChargeEvent(
	app: SandboxContext,
	charge: Charge,
	event: WebhookEvent,
): DeliveryRecord[] {
	return [...app.store.webhookEndpoints.values()]
		.filter((endpoint) => endpoint.status === 'active' && endpoint.events.includes(event))
		.map((endpoint) => app.deliveries.deliver(endpoint, event, charge));
}

/** Applies `event` to the charge, then emits it. */
export function applyChargeEvent(
	app: SandboxContext,
	charge: Charge,
	event: WebhookEvent,
): DeliveryRecord[] {
	const now = nowIso();
	const status = statusOfEvent(event);
	if (status) charge.status = status;
	else charge.chargebacks.push({ id: newId(), occurred_at: now });
	charge.updated_at = now;
	return emitChargeEvent(app, charge, event);
}
