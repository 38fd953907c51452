'use strict';
/** Submerchant Document → Create: a hosted file with every field; the new document is pending. */
const { SEED, UUID, byId } = require('../values');

const S = SEED.submerchants;

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
		submerchantId: byId(S.pfReadyForReview),
		documentType: 'front_id',
		fileSource: 'url',
		fileUrl: 'https://files.example.com/ana/front.png',
		fileName: 'front.png',
		fileSize: 2048,
		mimeType: 'image/png',
		additionalFields: {
			number: '12.345.678-9',
			expiresAt: '2030-12-31T23:59:59Z',
			notes: 'Front of the identity card',
		},
	},
	request: {
		method: 'POST',
		path: `/v1/submerchants/${S.pfReadyForReview}/documents`,
		body: {
			type: 'front_id',
			file_url: 'https://files.example.com/ana/front.png',
			file_name: 'front.png',
			file_size: 2048,
			mime_type: 'image/png',
			number: '12.345.678-9',
			expires_at: '2030-12-31T23:59:59.000Z',
			notes: 'Front of the identity card',
		},
	},
	output: {
		first: {
			id: UUID,
			submerchant_id: S.pfReadyForReview,
			type: 'front_id',
			status: 'pending',
			legal_representative_id: null,
			file_size: 2048,
			number: '12.345.678-9',
		},
	},
	// prettier-ignore
	refused: [
		{ title: 'a partner document without legal representative, by n8n\'s check of literal values', change: { documentType: 'partner_front_id' }, message: 'Parameter "Legal Representative ID" is required', byN8n: true },
		{ title: 'a file name of another format', change: { fileName: 'front.gif' }, message: 'file_name must have an accepted extension: PNG, JPG, JPEG or PDF' },
	],
};
