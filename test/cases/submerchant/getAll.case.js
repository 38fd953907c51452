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
};
