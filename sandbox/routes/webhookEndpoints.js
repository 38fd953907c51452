'use strict';
/**
 * POST /v1/postbacks/endpoints, and GET (paginated, without secrets) and DELETE at the paths chosen in api/names.js.
 * The secret is generated here and returned only in the creation response.
 */
const { randomBytes } = require('crypto');
const { WEBHOOK_ENDPOINTS_PATH } = require('../api/names');
const { pathUuid } = require('../api/issues');
const { webhookEndpointCreate, webhookEndpointListQuery } = require('../api/schemas');
const { notFound } = require('../errors');
const { paginate, pageRequest } = require('../pagination');
const { compareText, newId, nowIso } = require('../store');

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

function list(ctx) {
	const query = ctx.input('querystring');
	const endpoints = [...ctx.app.store.webhookEndpoints.values()]
		.sort((a, b) => compareText(b.created_at, a.created_at) || compareText(b.id, a.id))
		.map(publicEndpoint);
	return { message: 'Webhook endpoints retrieved', ...paginate(endpoints, pageRequest(query)) };
}

function remove(ctx) {
	const id = pathUuid(ctx.params, 'id');
	if (!ctx.app.store.webhookEndpoints.delete(id)) throw notFound('Webhook endpoint');
	return { message: 'Webhook endpoint deleted' };
}

/** The routes of this module, as a Fastify plugin (server.js registers it). */
async function registerWebhookEndpointRoutes(fastify) {
	fastify.get(WEBHOOK_ENDPOINTS_PATH, { schema: { querystring: webhookEndpointListQuery } }, list);
	fastify.post(WEBHOOK_ENDPOINTS_PATH, { schema: { body: webhookEndpointCreate } }, create);
	fastify.delete(`${WEBHOOK_ENDPOINTS_PATH}/:id`, remove);
}

module.exports = { publicEndpoint, newWebhookSecret, registerWebhookEndpointRoutes };
