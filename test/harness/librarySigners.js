'use strict';
/**
 * The signature families' own published libraries, signing as a second opinion on the trigger's verification: the
 * unit tests (./triggerDeliveries.ts) and the e2e suite (lab/e2e/lib/signatureChecks.js) both sign with these.
 */
const Stripe = require('stripe');
const { Webhook } = require('standardwebhooks');

/**
 * The `stripe` package's test-header helper: the `Stripe-Signature` value for `text` at unix time `t`.
 * @param {string} secret
 * @param {string} text
 * @param {number} t
 */
const stripeSignature = (secret, text, t) =>
	new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
		payload: text,
		secret,
		timestamp: t,
	});

/**
 * The `standardwebhooks` package's signer: the three Standard Webhooks headers for delivery `id` at unix time `t`.
 * @param {string} secret
 * @param {string} text
 * @param {string} id
 * @param {number} t
 */
const standardWebhooksHeaders = (secret, text, id, t) => ({
	'webhook-id': id,
	'webhook-timestamp': String(t),
	'webhook-signature': new Webhook(secret).sign(id, new Date(t * 1000), text),
});

module.exports = { standardWebhooksHeaders, stripeSignature };
