'use strict';
/**
 * The attack catalogue: what is sent to an active Payment Platform Trigger, and the answer each delivery must get
 * (see ./attacks/delivery.js for the statuses and why). Pure: builds requests, sends nothing. Every delivery carries
 * a fresh id (`X-Delivery-Id`, and the body's `id` when the body is a JSON event), so an execution it caused could be
 * traced back to it. A signed delivery of any shape runs: such catalogue entries are valid ones (`valid`), each of
 * which must run exactly once.
 *
 * Each group takes the context (attackSuite's AttackRun.context(): the endpoint's secret, the other endpoint's
 * secret, the API keys, the endpoint id and URL, events the trigger does not select) and returns
 * its deliveries; `resolve` then computes the signatures that need the secrets.
 */
const { N8N_PAYLOAD_LIMIT, STATUS, eventBody, resolve } = require('./attacks/delivery');
const { emptyBody, nonJson, oversized, wrongContentType } = require('./attacks/bodies');
const {
	headerConfusion,
	tamperedBody,
	timestampedSignatures,
	truncatedSignature,
	unsigned,
	wrongAlgorithm,
	wrongSecret,
} = require('./attacks/signatures');
const {
	anotherEndpoint,
	replayed,
	unselectedEvent,
	validVariants,
	wrongMethod,
} = require('./attacks/signedButRefused');

/** The attack groups run one after another, each followed by valid deliveries. */
const GROUPS = [
	{ key: 'unsigned', title: 'unsigned', build: unsigned },
	{ key: 'wrongSecret', title: 'wrong secret', build: wrongSecret },
	{ key: 'tampered', title: 'tampered body', build: tamperedBody },
	{ key: 'truncated', title: 'truncated signature', build: truncatedSignature },
	{ key: 'algorithm', title: 'wrong algorithm', build: wrongAlgorithm },
	{ key: 'empty', title: 'empty body', build: emptyBody },
	{ key: 'nonJson', title: 'non-JSON', build: nonJson },
	{ key: 'oversized', title: 'oversized', build: oversized },
	{ key: 'contentType', title: 'wrong content type', build: wrongContentType },
	{ key: 'unselected', title: 'unselected event (signed)', build: unselectedEvent },
	{ key: 'headers', title: 'signature header confusion', build: headerConfusion },
	{
		key: 'timestamps',
		title: 'stale, future or forged timestamped signatures',
		build: timestampedSignatures,
	},
	{ key: 'method', title: 'wrong HTTP method', build: wrongMethod },
];

module.exports = {
	GROUPS,
	N8N_PAYLOAD_LIMIT,
	STATUS,
	anotherEndpoint,
	eventBody,
	replayed,
	resolve,
	validVariants,
};
