'use strict';
/**
 * POST /v1/postbacks/endpoints and DELETE at the chosen path (chosenNames.ts). The secret is generated here and
 * returned only in the creation response.
 */
const { randomBytes } = require('crypto');
const { LIMITS, WEBHOOK_EVENTS } = require('../fromPackage');
const { WEBHOOK_ENDPOINTS_PATH } = require('../fromPackage');
const { notFound } = require('../errors');
const { newId, nowIso } = require('../store');
const { BodyRules, pathUuid, RULES } = require('../validation');
const { jsonBody } = require('./helpers');

function publicEndpoint(endpoint) {
	const { secret: _secret, ...rest } = endpoint;
	return rest;
}

function newWebhookSecret() {
	return `whsec_${randomBytes(32).toString('hex')}`;
}

function isHttpUrl(value) {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}

function create(ctx) {
	const rules = new BodyRules(jsonBody(ctx));
	rules.onlyFields(['url', 'events']);
	const url = rules.string('url', { required: true, length: LIMITS.webhookEndpoint.url });
	if (url !== undefined && !isHttpUrl(url))
		rules.fail('url', RULES.url, 'must be an http or https URL');
	const events = rules.array('events', { required: true, minItems: 1 });
	const seen = new Set();
	events?.forEach((event, index) => {
		const field = `events[${index}]`;
		if (typeof event !== 'string' || !WEBHOOK_EVENTS.includes(event))
			rules.fail(field, RULES.enum, `must be one of ${WEBHOOK_EVENTS.join(', ')}`);
		else if (seen.has(event))
			rules.fail(field, RULES.unique, 'repeats an event already in the list');
		else seen.add(event);
	});
	rules.issues.throwIfAny();

	const endpoint = {
		id: newId(),
		url: url,
		secret: newWebhookSecret(),
		events: [...seen],
		status: 'active',
		created_at: nowIso(),
	};
	ctx.app.store.webhookEndpoints.set(endpoint.id, endpoint);
	return { status: 201, message: 'Webhook endpoint created', data: { ...endpoint } };
}

function remove(ctx) {
	const id = pathUuid(ctx.params, 'id');
	if (!ctx.app.store.webhookEndpoints.delete(id)) throw notFound('Webhook endpoint');
	return { message: 'Webhook endpoint deleted' };
}

function registerWebhookEndpointRoutes(router) {
	router
		.add('POST', WEBHOOK_ENDPOINTS_PATH, create)
		.add('DELETE', `${WEBHOOK_ENDPOINTS_PATH}/:id`, remove);
}

module.exports = { publicEndpoint, newWebhookSecret, registerWebhookEndpointRoutes };
