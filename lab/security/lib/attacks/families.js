'use strict';
/**
 * The signature families the replay attacks run in; each is signed as the platform signs with it (the sandbox's
 * signer, sandbox/signature.js, independent of the trigger that checks them).
 */

/**
 * @typedef {object} Family
 * @property {import('../../../../sandbox/signature').SigningScheme} scheme
 * @property {string} title
 * @property {boolean} timestamped whether the signature covers a timestamp (refused outside the tolerance)
 */

/** @type {Family[]} */
const FAMILIES = [
	{ scheme: 'raw-body', title: 'raw body', timestamped: false },
	{ scheme: 'timestamped', title: 't=/v1=', timestamped: true },
	{ scheme: 'timestamp-header', title: 'timestamp in its own header', timestamped: true },
	{ scheme: 'standard-webhooks', title: 'Standard Webhooks', timestamped: true },
];

module.exports = { FAMILIES };
