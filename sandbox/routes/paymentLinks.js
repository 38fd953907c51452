'use strict';
/**
 * GET /v1/payment-links/{id} and POST /v1/payment-links/{id}/upload-cover (multipart, one part `file`, an image).
 * The uploaded bytes are served back at `cover_image_url` (GET /__admin/uploads/{id}).
 */
const { notFound } = require('../errors');
const { newId, nowIso } = require('../store');
const { Issues, pathUuid, RULES } = require('../validation');

const COVER_PART_NAME = 'file';

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
	const files = (ctx.parts ?? []).filter((part) => part.name === COVER_PART_NAME);
	const issues = new Issues();
	const file = files[0];
	const contentType = (file?.contentType ?? '').split(';')[0].trim().toLowerCase();
	if (!file)
		issues.add(
			COVER_PART_NAME,
			RULES.required,
			'is required: send multipart/form-data with a part named file',
		);
	else if (files.length > 1) issues.add(COVER_PART_NAME, RULES.single, 'must be sent only once');
	else if (file.filename === undefined)
		issues.add(COVER_PART_NAME, RULES.file, 'must be a file part (with a filename)');
	else if (!contentType.startsWith('image/'))
		issues.add(
			COVER_PART_NAME,
			RULES.image,
			`must be an image (content type image/*), not ${contentType || 'a part without a content type'}`,
		);
	else if (file.size === 0) issues.add(COVER_PART_NAME, RULES.notEmpty, 'must not be empty');
	issues.throwIfAny();

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

module.exports = { COVER_PART_NAME, registerPaymentLinkRoutes };
