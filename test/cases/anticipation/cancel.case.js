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
};
