'use strict';
/** Anticipation → Create: a comma-separated list of receivable ids (a repeat sent once) and the metadata in one POST. */
const assert = require('node:assert/strict');
const { SEED } = require('../values');

const R = SEED.receivables;

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
		// The upper-case repeat of the first id is the same UUID.
		receivableIds: ` ${R.capturedInstallment2},${R.capturedInstallment3} ,\n${R.capturedInstallment2.toUpperCase()}`,
		additionalFields: { metadata: '{"reason": "cash flow", "batch": 7}' },
	},
	request: {
		method: 'POST',
		path: '/v1/anticipations',
		body: {
			receivable_ids: [R.capturedInstallment2, R.capturedInstallment3],
			metadata: { reason: 'cash flow', batch: 7 },
		},
	},
	output: {
		// Gross is the receivables' net amounts (2 x 29,100); the sandbox's fee is 2.5% of it.
		first: {
			status: 'pending',
			anticipation_type: 'spot',
			total_gross_amount: 58200,
			total_fee_amount: 1455,
			total_net_amount: 56745,
			receivable_ids: [R.capturedInstallment2, R.capturedInstallment3],
			metadata: { reason: 'cash flow', batch: 7 },
		},
	},
	check(_items, _requests, { store }) {
		assert.equal(store.receivables.get(R.capturedInstallment2)?.status, 'anticipated');
	},
	// prettier-ignore
	refused: [
		{ title: 'receivable ids not empty', change: { receivableIds: '={{ "" }}' }, message: 'receivable_ids is required' },
		{ title: 'receivable ids not only separators', change: { receivableIds: ' , ,' }, message: 'receivable_ids is required' },
		{ title: 'receivable ids empty array', change: { receivableIds: '={{ [] }}' }, message: 'receivable_ids is required' },
		{ title: 'receivable id UUID (first)', change: { receivableIds: 'rcv_1' }, message: 'receivable_ids[0] must be a UUID' },
		{ title: 'receivable id UUID (second)', change: { receivableIds: `${R.capturedInstallment1}, 12345` }, message: 'receivable_ids[1] must be a UUID' },
		{ title: 'metadata JSON object', change: { additionalFields: { metadata: '"just text"' } }, message: 'metadata must be a JSON object' },
		{ title: 'metadata valid JSON', change: { additionalFields: { metadata: '{reason: cash}' } }, message: 'metadata must be valid JSON' },
	],
};
