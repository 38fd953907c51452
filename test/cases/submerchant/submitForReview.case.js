'use strict';
/**
 * Submerchant → Submit for Review: a complete PF moves to pending_review, after the onboarding steps (its data, an
 * address, a document: the review needs the document).
 */
const assert = require('node:assert/strict');
const { SEED, byId, expr } = require('../values');

const S = SEED.submerchants;

/** @type {import('..').CaseFile} */
module.exports = {
	after: ['submerchant.update', 'submerchantAddress.create', 'submerchantDocument.create'],
	parameters: { submerchantId: byId(S.pfReadyForReview) },
	request: {
		method: 'POST',
		path: `/v1/submerchants/${S.pfReadyForReview}/submit-for-review`,
		body: undefined,
	},
	output: {
		items: [
			{
				success: true,
				message: 'Submerchant submitted for review; the compliance pipeline has started',
			},
		],
	},
	check(_items, _requests, { store }) {
		assert.equal(store.submerchants.get(S.pfReadyForReview)?.status, 'pending_review');
	},
	// prettier-ignore
	refused: [
		{ title: 'submerchant id required', change: { submerchantId: byId(expr('')) }, message: 'submerchant_id is required' },
		{ title: 'submerchant id UUID', change: { submerchantId: byId(expr('x')) }, message: 'submerchant_id must be a UUID' },
	],
};
