'use strict';
/** Submerchant Document → Get Many: one GET (not paginated), one item per document. */
const assert = require('node:assert/strict');
const { SEED, byId } = require('../values');

const D = SEED.documents;

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { submerchantId: byId(SEED.submerchants.active), returnAll: true },
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
};
