'use strict';
/**
 * GET /v1/payment-links/{id} and POST /v1/payment-links/{id}/upload-cover (multipart, one part `file`, an image).
 * The uploaded bytes are served back at `cover_image_url` (GET /__admin/uploads/{id}).
 * Creating (POST) and listing (GET, paginated, newest first) on the collection path are the choice in api/names.js.
 */
const { notFound } = require('../errors');
const { compareText, newId, nowIso } = require('../store');
const { parse, pathUuid } = require('../api/issues');
const { PAYMENT_LINKS_PATH } = require('../api/names');
const {
	COVER_PART_NAME,
	coverUpload,
	paymentLinkCreate,
	paymentLinkListQuery,
} = require('../api/schemas');
const { paginate, pageRequest } = require('../pagination');
const { route } = require('./helpers');

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
	parse(coverUpload, ctx.formParts ?? []);
	const file = (ctx.formParts ?? []).find((part) => part.name === COVER_PART_NAME);
	const contentType = (file.contentType ?? '').split(';')[0].trim().toLowerCase();

	const upload = { id: newId(), filename: file.filename, contentType, data: file.data };
	ctx.app.store.uploads.set(upload.id, upload);
	link.cover_image_url = `${ctx.app.baseUrl()}/__admin/uploads/${upload.id}`;
	link.updated_at = nowIso();
	return { message: 'Cover image uploaded', data: { cover_image_url: link.cover_image_url } };
}

function list(ctx) {
	const query = ctx.input('querystring');
	const merchantId = ctx.app.store.merchant.id;
	const links = [...ctx.app.store.paymentLinks.values()]
		.filter((link) => link.merchant_id === merchantId)
		.sort((a, b) => compareText(b.created_at, a.created_at) || compareText(b.id, a.id));
	return { message: 'Payment links retrieved', ...paginate(links, pageRequest(query)) };
}

function create(ctx) {
	const body = ctx.input('body');
	const store = ctx.app.store;
	const submerchantId = body.submerchant_id?.toLowerCase();
	if (submerchantId && !store.ownSubmerchant(submerchantId)) throw notFound('Submerchant');
	const id = newId();
	const now = nowIso();
	const link = {
		id,
		merchant_id: store.merchant.id,
		submerchant_id: submerchantId ?? null,
		title: body.title,
		description: body.description ?? null,
		amount: body.amount,
		checkout_url: `https://checkout.example.com/pay/${id}`,
		currency: body.currency ?? 'BRL',
		product_type: body.product_type ?? 'physical',
		allowed_payment_methods: body.allowed_payment_methods ?? ['credit_card'],
		max_installments: body.max_installments ?? 1,
		expires_at: body.expires_at ?? null,
		max_uses: body.max_uses ?? null,
		current_uses: 0,
		status: 'active',
		redirect_url: body.redirect_url ?? null,
		cover_image_url: null,
		metadata: body.metadata ?? {},
		created_by: store.merchant.id,
		created_at: now,
		updated_at: now,
	};
	store.paymentLinks.set(id, link);
	return { status: 201, message: 'Payment link created', data: link };
}

/** This module's routes (routes/index.js lists them). @type {import('./index').Route[]} */
const ROUTES = [
	route('GET', PAYMENT_LINKS_PATH, list, { querystring: paymentLinkListQuery }),
	route('POST', PAYMENT_LINKS_PATH, create, { body: paymentLinkCreate }),
	route('GET', '/v1/payment-links/:id', get),
	route('POST', '/v1/payment-links/:id/upload-cover', uploadCover),
];

module.exports = { ROUTES };
