'use strict';
/**
 * The signature families the suites send in (the security suite's replays, the bench's figure 3), as their tables name
 * them; each is signed as the platform signs with it (sandbox/signature.js, independent of the trigger).
 */

/**
 * @typedef {object} Family
 * @property {import('../../sandbox/signature').SigningScheme} scheme
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

/** A family's title by its scheme. */
const familyTitle = (scheme) =>
	FAMILIES.find((family) => family.scheme === scheme)?.title ?? scheme;

module.exports = { FAMILIES, familyTitle };
