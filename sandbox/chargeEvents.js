'use strict';
/**
 * Charge events: the state change an event stands for, and the deliveries it causes.
 * Status events (`charge.captured`...) set the charge status; `charge.chargeback` records a chargeback and leaves
 * the status alone. Every active endpoint subscribed to the event receives one delivery.
 */
const { CHARGE_STATUSES } = require('./api/values');
const { newId, nowIso } = require('./store');

const EVENT_PREFIX = 'charge.';

function statusOfEvent(event) {
	const status = event.slice(EVENT_PREFIX.length);
	return CHARGE_STATUSES.includes(status) ? status : undefined;
}

/** Sends `event` about `charge` to every subscribed active endpoint. */
function emitChargeEvent(app, charge, event) {
	return [...app.store.webhookEndpoints.values()]
		.filter((endpoint) => endpoint.status === 'active' && endpoint.events.includes(event))
		.map((endpoint) => app.deliveries.deliver(endpoint, event, charge));
}

/** Applies `event` to the charge, then emits it. */
function applyChargeEvent(app, charge, event) {
	const now = nowIso();
	const status = statusOfEvent(event);
	if (status) charge.status = status;
	else charge.chargebacks.push({ id: newId(), occurred_at: now });
	charge.updated_at = now;
	return emitChargeEvent(app, charge, event);
}

module.exports = { emitChargeEvent, applyChargeEvent };
