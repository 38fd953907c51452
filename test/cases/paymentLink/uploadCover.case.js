'use strict';
/** Payment Link → Upload Cover: the input file as the multipart part "file" with its name, type and exact bytes. */
const assert = require('node:assert/strict');
const { PNG_BASE64, SEED } = require('../values');

const LINK = SEED.paymentLinkId;

/** @type {import('..').CaseFile} */
module.exports = {
	input: { file: { base64: PNG_BASE64, fileName: 'cover.png', mimeType: 'image/png' } },
	parameters: { paymentLinkId: LINK, binaryPropertyName: 'data' },
	request: {
		method: 'POST',
		path: `/v1/payment-links/${LINK}/upload-cover`,
		parts: [
			{ name: 'file', filename: 'cover.png', contentType: 'image/png', data_base64: PNG_BASE64 },
		],
	},
	output: {
		items: [{ id: LINK, cover_image_url: /^http:\/\/.*\/__admin\/uploads\/[0-9a-f-]{36}$/ }],
	},
	async check([link], _requests, { store }) {
		// The link now points at the uploaded bytes, which the sandbox serves back.
		assert.equal(store.paymentLinks.get(LINK)?.cover_image_url, link.cover_image_url);
		const response = await fetch(link.cover_image_url);
		assert.equal(Buffer.from(await response.arrayBuffer()).toString('base64'), PNG_BASE64);
	},
	// prettier-ignore
	refused: [
		{
			title: 'payment link id UUID',
			input: { file: { base64: PNG_BASE64, fileName: 'a.png', mimeType: 'image/png' } },
			change: { paymentLinkId: '={{ "1234" }}', binaryPropertyName: 'data' },
			message: 'payment_link_id must be a UUID',
		},
	],
};
