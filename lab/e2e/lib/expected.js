'use strict';
/** What the editor must offer, as a person sees it (the API's own values: sandbox/api/values.js). */

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

module.exports = { CUSTOM_API_CALL, RESOURCES };
