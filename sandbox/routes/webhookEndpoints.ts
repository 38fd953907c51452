/**
 * POST /v1/postbacks/endpoints and DELETE at the chosen path (chosenNames.ts). The secret is generated here and
 * returned only in the creation response.
 */
import { randomBytes } from 'crypto';
import {
	LIMITS,
	WEBHOOK_EVENTS,
	type WebhookEvent,
} from '../../nodes/PaymentPlatform/shared/apiValues';
import { WEBHOOK_ENDPOINTS_PATH } from '../../nodes/PaymentPlatform/transport/chosenNames';
import { notFound } from '../errors';
import type { Router, RouteContext, RouteResult } from '../router';
import { newId, nowIso } from '../store';
import type { PublicWebhookEndpoint, WebhookEndpoint } from '../types';
import { BodyRules, pathUuid, RULES } from '../validation';
import { jsonBody } from './helpers';

export function publicEndpoint(endpoint: WebhookEndpoint): PublicWebhookEndpoint {
	const { secret: _secret, ...rest } = endpoint;
	return rest;
}

export function newWebhookSecret(): string {
	return `whsec_${randomBytes(32).toString('hex')}`;
}

function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}

function create(ctx: RouteContext): RouteResult {
	const rules = new BodyRules(jsonBody(ctx));
	rules.onlyFields(['url', 'events']);
	const url = rules.string('url', { required: true, length: LIMITS.webhookEndpoint.url });
	if (url !== undefined && !isHttpUrl(url))
		rules.fail('url', RULES.url, 'must be an http or https URL');
	const events = rules.array('events', { required: true, minItems: 1 });
	const seen = new Set<string>();
	events?.forEach((event, index) => {
		const field = `events[${index}]`;
		if (typeof event !== 'string' || !(WEBHOOK_EVENTS as readonly string[]).includes(event))
			rules.fail(field, RULES.enum, `must be one of ${WEBHOOK_EVENTS.join(', ')}`);
		else if (seen.has(event))
			rules.fail(field, RULES.unique, 'repeats an event already in the list');
		else seen.add(event);
	});
	rules.issues.throwIfAny();

	const endpoint: WebhookEndpoint = {
		id: newId(),
		url: url as string,
		secret: newWebhookSecret(),
		events: [...seen] as WebhookEvent[],
		status: 'active',
		created_at: nowIso(),
	};
	ctx.app.store.webhookEndpoints.set(endpoint.id, endpoint);
	return { status: 201, message: 'Webhook endpoint created', data: { ...endpoint } };
}

function remove(ctx: RouteContext): RouteResult {
	const id = pathUuid(ctx.params, 'id');
	if (!ctx.app.store.webhookEndpoints.delete(id)) throw notFound('Webhook endpoint');
	return { message: 'Webhook endpoint deleted' };
}

export function registerWebhookEndpointRoutes(router: Router): void {
	router
		.add('POST', WEBHOOK_ENDPOINTS_PATH, create)
		.add('DELETE', `${WEBHOOK_ENDPOINTS_PATH}/:id`, remove);
}
