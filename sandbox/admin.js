'use strict';
/**
 * Admin routes under /__admin: no authentication (the server binds loopback by default), same envelope.
 * They drive the sandbox from tests and demos: fire charge events, read what was received and delivered,
 * seed data, reset, and a sink that stands in for a chat webhook.
 */
const { WEBHOOK_EVENTS } = require('./api/values');
const { applyChargeEvent } = require('./chargeEvents');
const { notFound } = require('./errors');
const { publicEndpoint } = require('./routes/webhookEndpoints');
const { generateCharges, MAX_GENERATED_CHARGES } = require('./seed');
const { newId, nowIso } = require('./store');
const { pathUuid } = require('./api/issues');
const { integer, oneOf, text, uuid } = require('./api/rules');
const { z } = require('zod');

/** Bodies of the admin routes (the sandbox's own, not the API's). */
const ADMIN_BODIES = {
	event: z.object({ event: oneOf(WEBHOOK_EVENTS) }),
	seedCharges: z.object({ count: integer({ min: 1, max: MAX_GENERATED_CHARGES }) }),
	legalRepresentative: z.object({ submerchant_id: uuid(), name: text({ min: 1, max: 255 }) }),
};

const ADMIN_ROUTES = [
	'GET    /__admin                               this list',
	'POST   /__admin/charges/{id}/events           {"event": "charge.captured"} set the status (or record a chargeback) and deliver',
	'GET    /__admin/requests                      requests received under /v1 (no Authorization header)',
	'DELETE /__admin/requests                      forget them',
	'GET    /__admin/webhook-endpoints             registered endpoints, without secrets',
	'GET    /__admin/deliveries                    webhook deliveries and their attempts',
	'POST   /__admin/deliveries/{id}/redeliver     send a delivery again (same id, same bytes)',
	'POST   /__admin/seed/charges                  {"count": 10000} add generated charges',
	'POST   /__admin/legal-representatives         {"submerchant_id": "...", "name": "..."} register a partner',
	'POST   /__admin/reset                         back to the seed state',
	'POST   /__admin/sink                          record any JSON (stands in for Slack)',
	'GET    /__admin/sink                          what the sink received',
	'DELETE /__admin/sink                          empty the sink',
	'GET    /__admin/uploads/{id}                  an uploaded cover image',
	'PUT    /__admin/faults                        [{"route": "GET /v1/charges/*", "kind": "unavailable_503", "count": 2}] replace the fault rules',
	'GET    /__admin/faults                        the fault rules and their counters',
	'DELETE /__admin/faults                        no more faults',
];

/** Recorded requests as JSON: multipart data as base64. */
function recordedRequestView(request) {
	return {
		...request,
		parts: request.parts?.map(({ data, ...part }) => ({
			...part,
			data_base64: data.toString('base64'),
		})),
	};
}

function deliveryView(app, record) {
	return { ...record, body: app.deliveries.body(record.id)?.toString('utf8') };
}

function fireEvent(ctx) {
	const charge = ctx.app.store.charges.get(pathUuid(ctx.params, 'id'));
	if (!charge) throw notFound('Charge');
	const { event } = ctx.input('body');
	const deliveries = applyChargeEvent(ctx.app, charge, event);
	return {
		message: `${event} applied; ${deliveries.length} delivery(ies) started`,
		data: { charge, deliveries },
	};
}

function seedCharges(ctx) {
	const { count } = ctx.input('body');
	const ids = generateCharges(ctx.app.store, count);
	return {
		status: 201,
		message: `${ids.length} charges added`,
		data: {
			created: ids.length,
			total: ctx.app.store.charges.size,
			first_id: ids[0],
			last_id: ids[ids.length - 1],
		},
	};
}

function addLegalRepresentative(ctx) {
	const body = ctx.input('body');
	const submerchantId = body.submerchant_id.toLowerCase();
	const name = body.name;
	if (!ctx.app.store.submerchants.get(submerchantId)) throw notFound('Submerchant');
	const representative = {
		id: newId(),
		submerchant_id: submerchantId,
		name: name,
		created_at: nowIso(),
	};
	ctx.app.store.legalRepresentatives.set(representative.id, representative);
	return { status: 201, message: 'Legal representative registered', data: representative };
}

/** The admin routes, as a Fastify plugin (server.js registers it). */
async function registerAdminRoutes(fastify) {
	fastify.get('/__admin', () => ({ message: 'Sandbox admin routes', data: ADMIN_ROUTES }));
	fastify.post('/__admin/charges/:id/events', { schema: { body: ADMIN_BODIES.event } }, fireEvent);
	fastify.get('/__admin/requests', (ctx) => ({
		message: 'Recorded requests',
		data: ctx.app.requests.map(recordedRequestView),
	}));
	fastify.delete('/__admin/requests', (ctx) => {
		ctx.app.requests.length = 0;
		return { message: 'Recorded requests cleared' };
	});
	fastify.get('/__admin/webhook-endpoints', (ctx) => ({
		message: 'Webhook endpoints',
		data: [...ctx.app.store.webhookEndpoints.values()].map(publicEndpoint),
	}));
	fastify.get('/__admin/deliveries', (ctx) => ({
		message: 'Deliveries',
		data: ctx.app.deliveries.records.map((record) => deliveryView(ctx.app, record)),
	}));
	fastify.post('/__admin/deliveries/:id/redeliver', (ctx) => {
		const record = ctx.app.deliveries.redeliver(pathUuid(ctx.params, 'id'));
		if (!record) throw notFound('Delivery');
		return { message: 'Redelivery started', data: deliveryView(ctx.app, record) };
	});
	fastify.post(
		'/__admin/seed/charges',
		{ schema: { body: ADMIN_BODIES.seedCharges } },
		seedCharges,
	);
	fastify.post(
		'/__admin/legal-representatives',
		{ schema: { body: ADMIN_BODIES.legalRepresentative } },
		addLegalRepresentative,
	);
	fastify.post('/__admin/reset', (ctx) => {
		ctx.app.reset();
		return { message: 'Sandbox reset to the seed state' };
	});
	fastify.post('/__admin/sink', (ctx) => {
		const entry = { received_at: nowIso(), body: ctx.body ?? null };
		ctx.app.store.sink.push(entry);
		return { status: 201, message: 'Recorded', data: entry };
	});
	fastify.get('/__admin/sink', (ctx) => ({ message: 'Sink contents', data: ctx.app.store.sink }));
	fastify.delete('/__admin/sink', (ctx) => {
		ctx.app.store.sink.length = 0;
		return { message: 'Sink emptied' };
	});
	fastify.put('/__admin/faults', (ctx) => {
		ctx.app.faults.set(ctx.body);
		const rules = ctx.app.faults.list();
		return { message: `${rules.length} fault rule(s) set`, data: rules };
	});
	fastify.get('/__admin/faults', (ctx) => ({
		message: 'Fault rules',
		data: ctx.app.faults.list(),
	}));
	fastify.delete('/__admin/faults', (ctx) => {
		ctx.app.faults.clear();
		return { message: 'Fault rules cleared' };
	});
	// The file itself, not an envelope.
	fastify.get('/__admin/uploads/:id', (ctx, reply) => {
		const upload = ctx.app.store.uploads.get(pathUuid(ctx.params, 'id'));
		if (!upload) throw notFound('Upload');
		return reply.type(upload.contentType).send(upload.data);
	});
}

module.exports = { ADMIN_ROUTES, registerAdminRoutes };
