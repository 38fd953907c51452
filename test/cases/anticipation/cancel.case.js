'use strict';
/** Anticipation → Cancel: one DELETE; the anticipation is canceled and its receivable pending again. */
const assert = require('node:assert/strict');
const { SEED } = require('../values');

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { anticipationId: SEED.anticipationId },
	request: { method: 'DELETE', path: `/v1/anticipations/${SEED.anticipationId}`, body: undefined },
	output: { items: [{ success: true, message: 'Anticipation canceled' }] },
	check(_items, _requests, { store }) {
		assert.equal(store.anticipations.get(SEED.anticipationId)?.status, 'canceled');
		assert.equal(store.receivables.get(SEED.receivables.anticipated)?.status, 'pending');
	},
	// prettier-ignore
	refused: [
		{ title: 'anticipation id UUID', change: { anticipationId: 'ant_1' }, message: 'anticipation_id must be a UUID' },
		{ title: 'anticipation id required', change: { anticipationId: '={{ "" }}' }, message: 'anticipation_id is required' },
	],
};
