'use strict';
/**
 * GET /v1/payment-links/{id} and POST /v1/payment-links/{id}/upload-cover (multipart, one part `file`, an image).
 * The uploaded bytes are served back at `cover_image_url` (GET /__admin/uploads/{id}).
 */
const { notFound } = require('../errors');
const { newId, nowIso } = require('../store');
const { parse, pathUuid } = require('../api/issues');
const { COVER_PART_NAME, coverUpload } = require('../api/schemas');

function ownLink(ctx) {
	const link = ctx.app.store.paymentLinks.get(pathUuid(ctx.params, 'id'));
	if (!link || link.merchant_id !== ctx.app.store.merchant.id) throw notFound('Payment link');
	return link;
}

function get(ctx) {
	return { message: 'Payment link retrieved', data: ownLink(ctx) };
}

function uploadCover(ctx) {
	const link = ownLink(ctx);
	parse(coverUpload, ctx.parts ?? []);
	const file = (ctx.parts ?? []).find((part) => part.name === COVER_PART_NAME);
	const contentType = (file.contentType ?? '').split(';')[0].trim().toLowerCase();

	const upload = { id: newId(), filename: file.filename, contentType, data: file.data };
	ctx.app.store.uploads.set(upload.id, upload);
	link.cover_image_url = `${ctx.app.baseUrl()}/__admin/uploads/${upload.id}`;
	link.updated_at = nowIso();
	return { message: 'Cover image uploaded', data: { cover_image_url: link.cover_image_url } };
}

function registerPaymentLinkRoutes(router) {
	router
		.add('GET', '/v1/payment-links/:id', get)
		.add('POST', '/v1/payment-links/:id/upload-cover', uploadCover);
}

module.exports = { registerPaymentLinkRoutes };
