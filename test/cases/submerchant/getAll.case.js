'use strict';
/** Submerchant → Get Many: the status filter sent, only submerchants in that status returned. */
const { SEED } = require('../values');

const S = SEED.submerchants;

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: { returnAll: true, filters: { status: 'pending' } },
	request: {
		method: 'GET',
		path: '/v1/submerchants',
		query: { status: 'pending', page: '1', perPage: '100' },
	},
	output: {
		ids: [
			S.pfReadyForReview,
			S.pfMissingMotherName,
			S.pjWithLegalRepresentative,
			S.pjWithoutLegalRepresentative,
		],
		each: { status: 'pending' },
	},
	// prettier-ignore
	refused: [
		{ title: 'status filter enum', change: { returnAll: true, filters: { status: 'approved' } }, message: 'status must be one of: pending, pending_review, active, suspended, inactive, rejected' },
		{ title: 'limit >= 1', change: { returnAll: false, limit: 0 }, message: 'limit must be an integer >= 1' },
	],
};
