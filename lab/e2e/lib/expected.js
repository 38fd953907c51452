'use strict';
/** What the editor must offer, as a person sees it. */

/** The Resource options of the action node, in the editor's order. */
const RESOURCES = [
	'Anticipation',
	'Charge',
	'Payment Link',
	'Receivable',
	'Submerchant',
	'Submerchant Address',
	'Submerchant Document',
	'Wallet',
	'Webhook Endpoint',
	'Withdrawal',
];

/** n8n adds this option to the resources of a node whose credential has `authenticate`. */
const CUSTOM_API_CALL = 'Custom API Call';

/** The trigger's Events options. */
const TRIGGER_EVENTS = [
	'charge.pending',
	'charge.authorized',
	'charge.captured',
	'charge.partially_refunded',
	'charge.refunded',
	'charge.voided',
	'charge.failed',
	'charge.expired',
	'charge.chargeback',
];

module.exports = { CUSTOM_API_CALL, RESOURCES, TRIGGER_EVENTS };
