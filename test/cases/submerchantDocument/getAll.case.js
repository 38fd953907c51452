'use strict';
/** Submerchant Document → Get Many: one GET (not paginated), one item per document. */
const assert = require('node:assert/strict');
const { SEED, byId, expr } = require('../values');

const D = SEED.documents;

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { submerchantId: byId(SEED.submerchants.active), returnAll: true, simplify: false },
	request: { method: 'GET', path: `/v1/submerchants/${SEED.submerchants.active}/documents` },
	output: { ids: [D.activeSocialContract, D.activePartnerFrontId] },
	check(items) {
		const partner = items.find((item) => item.id === D.activePartnerFrontId);
		assert.partialDeepStrictEqual(partner, {
			type: 'partner_front_id',
			legal_representative_id: SEED.legalRepresentatives.activePartner,
			mime_type: 'image/png',
		});
	},
	// prettier-ignore
	refused: [
		{ title: 'submerchant id UUID', change: { submerchantId: byId(expr('nope')), returnAll: true }, message: 'submerchant_id must be a UUID' },
		{ title: 'limit >= 1', change: { submerchantId: byId(SEED.submerchants.active), returnAll: false, limit: 0 }, message: 'limit must be an integer >= 1' },
	],
};
