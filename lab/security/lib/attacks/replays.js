'use strict';
/**
 * Replay, relabel and planted-id attacks, in each signature family: a valid delivery someone captured, sent again
 * with other headers that its signature does not cover. The captured body names neither its id nor its event (the
 * platform's X-Delivery-Id and X-Event headers say them), the shape that leaves the most to unsigned headers. Pure:
 * builds requests, sends nothing.
 *
 * - replay: the same bytes with a new X-Delivery-Id (twice) and without one;
 * - relabel: the same bytes with another X-Event (same X-Delivery-Id; and a fresh one);
 * - planted id: the same bytes with the X-Delivery-Id of a victim's delivery not sent yet; then the victim's real
 *   delivery (other bytes, its own id and event in its body), which must still run.
 *
 * Every request carries X-Attack-Copy, a fresh id the suite reads back from the item's headers (the triggers attacked
 * include headers), so each execution is counted against the request that caused it. The body's `trace` (signed)
 * ties every copy to its captured delivery.
 */
const { randomUUID } = require('crypto');
const { SEED } = require('../../../../sandbox/seedIds');
const { deliveryHeaders } = require('../../../../sandbox/signature');
const { bytes, eventBody } = require('./delivery');

/** The header that names each request, to count the executions it caused. */
const COPY_HEADER = 'x-attack-copy';

/** The event the captured delivery's X-Event names, and the events the relabels claim instead (all selected). */
const CAPTURED_EVENT = 'charge.refunded';
const RELABEL_EVENTS = ['charge.captured', 'charge.chargeback'];
const VICTIM_EVENT = 'charge.captured';

/**
 * @typedef {import('../../../lib/signatureFamilies').Family} Family
 * @typedef {'original' | 'replay' | 'relabel' | 'planted' | 'victim' | 'headerEvent' | 'bodyEvent'} Role
 * @typedef {object} Copy One request of an attack.
 * @property {string} copyId the value of COPY_HEADER
 * @property {Role} role
 * @property {string} label
 * @property {Buffer} body
 * @property {Record<string, string>} headers
 * @property {string} trace the captured delivery (or the victim) it belongs to: the body's `trace`
 * @property {string | undefined} messageId the signed Standard Webhooks id, in that family
 */

/** The Unix time now, in seconds. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A body that names no id and no event: the charge, when it happened, and the trace.
 * @param {string} trace
 */
function bareBody(trace) {
	return {
		charge: {
			id: SEED.charges.captured,
			status: 'refunded',
			amount: 25990,
			currency: 'BRL',
			payment_method: 'pix',
		},
		occurred_at: new Date().toISOString(),
		trace,
	};
}

/**
 * A request as the platform sends it: `raw` signed in `family` at `t`, the platform's headers (in Standard Webhooks,
 * the delivery id is the signed `webhook-id`).
 * @param {Family} family
 * @param {string} secret
 * @param {{ role: Role, label: string, raw: Buffer, trace: string, t: number, event: string,
 *   deliveryId: string }} what
 * @returns {Copy}
 */
function signedCopy(family, secret, { role, label, raw, trace, t, event, deliveryId }) {
	const copyId = randomUUID();
	const { scheme } = family;
	return {
		copyId,
		role,
		label,
		body: raw,
		headers: {
			...deliveryHeaders({ scheme, secret, rawBody: raw, deliveryId, event, nowSeconds: t }),
			[COPY_HEADER]: copyId,
		},
		trace,
		messageId: scheme === 'standard-webhooks' ? deliveryId : undefined,
	};
}

/**
 * The captured delivery, as the platform first sent it, signed at `t` (now unless told).
 * @param {Family} family
 * @param {string} secret
 * @param {number} [t]
 * @returns {Copy}
 */
function captured(family, secret, t = nowSeconds()) {
	const trace = randomUUID();
	return signedCopy(family, secret, {
		role: 'original',
		label: 'the captured delivery, first sent by the platform',
		raw: bytes(bareBody(trace)),
		trace,
		t,
		event: CAPTURED_EVENT,
		deliveryId: randomUUID(),
	});
}

/**
 * The attacks on a captured delivery: its exact bytes and signature headers, other unsigned headers.
 * @param {Copy} original
 * @param {string} victimId the X-Delivery-Id the victim's delivery will carry
 * @returns {Copy[]}
 */
function attacksOn(original, victimId) {
	/**
	 * @param {Role} role
	 * @param {string} label
	 * @param {Record<string, string | undefined>} changes
	 * @returns {Copy}
	 */
	const copy = (role, label, changes) => {
		const copyId = randomUUID();
		/** @type {Record<string, string>} */
		const headers = { ...original.headers, [COPY_HEADER]: copyId };
		for (const [name, value] of Object.entries(changes)) {
			if (value === undefined) delete headers[name];
			else headers[name] = value;
		}
		return { ...original, copyId, role, label, headers };
	};
	return [
		copy('replay', 'replay with a new X-Delivery-Id', { 'x-delivery-id': randomUUID() }),
		copy('replay', 'replay with another new X-Delivery-Id', { 'x-delivery-id': randomUUID() }),
		copy('replay', 'replay without X-Delivery-Id', { 'x-delivery-id': undefined }),
		copy('relabel', `relabelled ${RELABEL_EVENTS[0]} (same X-Delivery-Id)`, {
			'x-event': RELABEL_EVENTS[0],
		}),
		copy('relabel', `relabelled ${RELABEL_EVENTS[1]}, with a new X-Delivery-Id`, {
			'x-event': RELABEL_EVENTS[1],
			'x-delivery-id': randomUUID(),
		}),
		copy('planted', "replay carrying the victim's future X-Delivery-Id", {
			'x-delivery-id': victimId,
		}),
	];
}

/**
 * The victim's real delivery, signed now: its id and event in its body, `victimId` in its X-Delivery-Id.
 * @param {Family} family
 * @param {string} secret
 * @param {string} victimId
 * @returns {Copy}
 */
function victim(family, secret, victimId) {
	const trace = randomUUID();
	return signedCopy(family, secret, {
		role: 'victim',
		label: "the victim's real delivery, after the planted id",
		raw: bytes(eventBody({ event: VICTIM_EVENT, trace })),
		trace,
		t: nowSeconds(),
		event: VICTIM_EVENT,
		deliveryId: victimId,
	});
}

/** An event the captured record's status does not name: what a relabelling X-Event claims. */
const HEADER_ONLY_EVENT = 'charge.captured';

/**
 * For the trigger at its default Event Named Only in a Header (Ignore the Header): a body without an event, X-Event
 * naming another one (runs as the event its signed record's status names, never as the header's), and a body naming
 * its event (runs).
 * @param {Family} family
 * @param {string} secret
 * @returns {Copy[]}
 */
function headerEventDeliveries(family, secret) {
	const bare = randomUUID();
	const named = randomUUID();
	const t = nowSeconds();
	return [
		signedCopy(family, secret, {
			role: 'headerEvent',
			label: 'body without an event, X-Event names one',
			raw: bytes(bareBody(bare)),
			trace: bare,
			t,
			event: HEADER_ONLY_EVENT,
			deliveryId: randomUUID(),
		}),
		signedCopy(family, secret, {
			role: 'bodyEvent',
			label: 'body naming its event',
			raw: bytes(eventBody({ event: CAPTURED_EVENT, trace: named })),
			trace: named,
			t,
			event: CAPTURED_EVENT,
			deliveryId: randomUUID(),
		}),
	];
}

module.exports = {
	CAPTURED_EVENT,
	HEADER_ONLY_EVENT,
	COPY_HEADER,
	attacksOn,
	captured,
	headerEventDeliveries,
	nowSeconds,
	victim,
};
