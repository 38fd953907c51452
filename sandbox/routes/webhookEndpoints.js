'use strict';
/**
 * POST /v1/postbacks/endpoints, and GET (paginated, without secrets), PATCH (url and events, same id and secret) and
 * DELETE at the paths chosen in api/names.js. The secret is generated here and returned only in the creation response.
 *
 * The list can be written the way other platforms write theirs (`endpointList: 'rewritten'`): the URL with its host
 * in capitals and a trailing slash, events in capitals with underscores, and pages of the platform's own size (2)
 * with neither total nor totalPages.
 */
const { randomBytes } = require('crypto');
const { WEBHOOK_ENDPOINTS_PATH } = require('../api/names');
const { pathUuid } = require('../api/issues');
const {
	webhookEndpointCreate,
	webhookEndpointListQuery,
	webhookEndpointUpdate,
} = require('../api/schemas');
const { notFound } = require('../errors');
const { paginate, pageRequest } = require('../pagination');
const { compareText, newId, nowIso } = require('../store');
const { route } = require('./helpers');

function publicEndpoint(endpoint) {
	const { secret: _secret, ...rest } = endpoint;
	return rest;
}

function newWebhookSecret() {
	return `whsec_${randomBytes(32).toString('hex')}`;
}

function create(ctx) {
	const body = ctx.input('body');

	const endpoint = {
		id: newId(),
		url: body.url,
		secret: newWebhookSecret(),
		events: body.events,
		status: 'active',
		created_at: nowIso(),
	};
	ctx.app.store.webhookEndpoints.set(endpoint.id, endpoint);
	return { status: 201, message: 'Webhook endpoint created', data: { ...endpoint } };
}

/** The page size of a platform that pages its own way. */
const REWRITTEN_PAGE_SIZE = 2;

/** An endpoint as a platform that writes URLs and events its own way lists it. */
function rewritten(endpoint) {
	const url = new URL(endpoint.url);
	const host = url.host.toUpperCase();
	const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
	return {
		...endpoint,
		url: `${url.protocol}//${host}${path}${url.search}`,
		events: endpoint.events.map((event) => event.replace('.', '_').toUpperCase()),
	};
}

function list(ctx) {
	const query = ctx.input('querystring');
	const endpoints = [...ctx.app.store.webhookEndpoints.values()]
		.sort((a, b) => compareText(b.created_at, a.created_at) || compareText(b.id, a.id))
		.map(publicEndpoint);
	const request = pageRequest(query);
	if (ctx.app.endpointList() !== 'rewritten') {
		return { message: 'Webhook endpoints retrieved', ...paginate(endpoints, request) };
	}
	const { data } = paginate(endpoints.map(rewritten), { ...request, perPage: REWRITTEN_PAGE_SIZE });
	return {
		message: 'Webhook endpoints retrieved',
		data,
		pagination: { page: request.page, perPage: REWRITTEN_PAGE_SIZE },
	};
}

function update(ctx) {
	const id = pathUuid(ctx.params, 'id');
	const endpoint = ctx.app.store.webhookEndpoints.get(id);
	if (!endpoint) throw notFound('Webhook endpoint');
	const body = ctx.input('body');
	if (body.url !== undefined) endpoint.url = body.url;
	if (body.events !== undefined) endpoint.events = body.events;
	return { message: 'Webhook endpoint updated', data: publicEndpoint(endpoint) };
}

function remove(ctx) {
	const id = pathUuid(ctx.params, 'id');
	if (!ctx.app.store.webhookEndpoints.delete(id)) throw notFound('Webhook endpoint');
	return { message: 'Webhook endpoint deleted' };
}

/** This module's routes (routes/index.js lists them). @type {import('./index').Route[]} */
const ROUTES = [
	route('GET', WEBHOOK_ENDPOINTS_PATH, list, { querystring: webhookEndpointListQuery }),
	route('POST', WEBHOOK_ENDPOINTS_PATH, create, { body: webhookEndpointCreate }),
	route('PATCH', `${WEBHOOK_ENDPOINTS_PATH}/:id`, update, { body: webhookEndpointUpdate }),
	route('DELETE', `${WEBHOOK_ENDPOINTS_PATH}/:id`, remove),
];

module.exports = { publicEndpoint, ROUTES };
