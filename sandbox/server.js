'use strict';
/**
 * The HTTP front on Fastify: routing of /v1 (authenticated, recorded) and /__admin, bodies (JSON up to 1 MB,
 * multipart/form-data up to 10 MB through @fastify/multipart), the response envelope, one log line per request.
 * Every error becomes the error envelope: bad input never crashes the server.
 *
 * Order of a request, as the platform's: a /v1 request is recorded (with its parsed body) before its key is checked,
 * then a fault may answer instead of the handler; an unknown path is 404 and a known path with another method 405
 * (with `Allow`) before a malformed body is refused (400, 413, 415), and only on POST, PUT and PATCH.
 */

const Fastify = require('fastify');
const fastifyMultipart = require('@fastify/multipart');
const { parse } = require('./api/issues');
const { ERROR_CODES } = require('./api/names');
const { registerAdminRoutes } = require('./admin');
const { unauthorized } = require('./auth');
const { ApiError, HTTP_STATUS, notFound } = require('./errors');
const { errorEnvelope, internalError, sendJson, successEnvelope } = require('./envelope');
const { APPLIED_THEN_503, shortCircuitAnswer } = require('./faults');
const { addNewestCharge } = require('./seed');
const { REPLAYED_HEADER } = require('./idempotency');
const { redactCardData } = require('./redact');
const { API_ROUTES } = require('./routes');
const { jsonBody, objectBody } = require('./routes/helpers');
const { nowIso } = require('./store');
const { areaOf, pathOf, queryObject, readBody, tooLarge, wireOf } = require('./requestBody');

/** The sandbox's limits (the reference shows none). */
const JSON_BODY_LIMIT = 1024 * 1024;
const MULTIPART_BODY_LIMIT = 10 * 1024 * 1024;
const MAX_PARTS = 100;

const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH'];
/** Every method a path answers: those its routes lack get 405 with `Allow`. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function recordRequest(req, method, path, query) {
	const { authorization: _authorization, 'proxy-authorization': _proxy, ...headers } = req.headers;
	return { method, path, query, headers, receivedAt: nowIso() };
}

/**
 * Builds the Fastify instance of the sandbox (not listening yet).
 * @param {any} app the sandbox's state (index.js)
 * @param {(authorization: string | undefined) => boolean} isAuthorized
 * @param {(line: string) => void} log
 */
function createServer(app, isAuthorized, log) {
	const fastify = Fastify({
		logger: false,
		exposeHeadRoutes: false,
		forceCloseConnections: true,
		return503OnClosing: false,
		bodyLimit: JSON_BODY_LIMIT,
		routerOptions: { ignoreTrailingSlash: true, querystringParser: queryObject },
		// A sandbox started with other names (apiNames.js) routes each request under the default names.
		rewriteUrl: (req) => app.apiNames.rewriteUrl(String(req.method).toUpperCase(), req.url ?? '/'),
		// A URL Fastify cannot decode is a path no route has.
		frameworkErrors: (_error, request, reply) =>
			sendJson(reply, 404, errorEnvelope(notFound(`Route ${request.method}`), request.method)),
	});

	// Every body is taken as bytes and judged after routing (readBody); multipart is @fastify/multipart's.
	fastify.removeAllContentTypeParsers();
	fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
		done(null, body),
	);
	fastify.register(fastifyMultipart, {
		limits: {
			fileSize: MULTIPART_BODY_LIMIT,
			fieldSize: MULTIPART_BODY_LIMIT,
			parts: MAX_PARTS,
			fields: MAX_PARTS,
			files: MAX_PARTS,
		},
	});

	/** Per request: its path, area, parsed body, record and fault. @type {WeakMap<object, any>} */
	const states = new WeakMap();
	const stateOf = (request) => states.get(request);

	fastify.addHook('onRequest', async (request) => {
		const path = pathOf(request.url);
		states.set(request, {
			started: process.hrtime.bigint(),
			method: request.method.toUpperCase(),
			path,
			wireUrl: request.originalUrl,
			area: areaOf(path),
			note: '',
		});
	});

	/** `{ value }` or `{ error }`, as Fastify's validators answer. */
	const validated = (fn) => {
		try {
			return { value: fn() };
		} catch (error) {
			return { error };
		}
	};
	// The routes' zod schemas. A failure is attached to the request (attachValidation), not answered: the handler
	// throws it where the platform does, after a 404 of the resource in the path.
	fastify.setValidatorCompiler(({ schema, httpPart }) => (data) => {
		const zodSchema = /** @type {import('zod').ZodTypeAny} */ (/** @type {unknown} */ (schema));
		if (httpPart === 'querystring') return validated(() => parse(zodSchema, data ?? {}, 'query'));
		// The body as preValidation left it; a multipart or malformed one is refused by the handler.
		if (data?.parts !== undefined || data?.error) return { value: data };
		return validated(() => parse(zodSchema, objectBody(data?.json)));
	});

	// After routing and body reading, before validation and the handler: record, authenticate, apply a fault.
	fastify.addHook('preValidation', async (request, reply) => {
		const state = stateOf(request);
		state.body = await readBody(request);
		state.query = request.query;
		request.body = state.body;
		if (state.area !== 'api') return;
		// Recorded as it came over the wire, under the names the client sent.
		const wire = wireOf(state.wireUrl);
		const record = recordRequest(request.raw, state.method, wire.path, wire.query);
		if (state.body.json !== undefined) record.body = redactCardData(state.body.json);
		state.body.json = app.apiNames.body(state.method, state.path, state.body.json);
		if (state.body.parts !== undefined) record.parts = state.body.parts;
		app.requests.push(record);
		state.record = record;
		if (!isAuthorized(request.headers.authorization)) throw unauthorized();
		state.fault = app.faults.pick(state.method, state.path);
		if (!state.fault) return;
		record.fault = state.fault.kind;
		if (state.fault.kind === 'grows_at_head') addNewestCharge(app.store);
		if (state.fault.kind === 'reset') {
			// A TCP RST where the platform supports it, else a plain close: either way no HTTP answer at all.
			reply.hijack();
			const socket = request.raw.socket;
			if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
			else socket.destroy();
			finish(request, null);
			return reply;
		}
		const answer = shortCircuitAnswer(state.fault);
		if (!answer) return;
		if (answer.json) return sendJson(reply, answer.status, answer.json, answer.headers);
		return reply.code(answer.status).type(answer.contentType).send(answer.text);
	});

	// slow: the operation has been applied (or refused); its answer leaves after the delay.
	fastify.addHook('onSend', async (request, reply, payload) => {
		const state = stateOf(request);
		if (state?.fault?.kind !== 'slow') return payload;
		try {
			await app.faults.wait(state.fault.delayMs);
		} catch {
			state.note = ' (not sent: sandbox stopped)';
			request.raw.socket.destroy();
		}
		return payload;
	});

	function finish(request, status) {
		const state = stateOf(request);
		if (!state || state.finished) return;
		state.finished = true;
		if (state.record) state.record.status = status;
		const ms = Number(process.hrtime.bigint() - state.started) / 1e6;
		const fault = state.fault ? ` (fault ${state.fault.kind})` : '';
		log(
			`${state.method} ${state.path} ${status ?? 'reset'} ${ms.toFixed(1)}ms${state.note}${fault}`,
		);
	}

	fastify.addHook('onResponse', async (request, reply) => finish(request, reply.statusCode));

	fastify.setErrorHandler((thrown, request, reply) => {
		const method = stateOf(request)?.method ?? request.method;
		let error;
		if (thrown instanceof ApiError) error = thrown;
		else if (/** @type {any} */ (thrown).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
			error = tooLarge('1 MB');
		else {
			error = internalError();
			// Only the error's class: messages of unexpected errors could quote request data.
			if (stateOf(request))
				stateOf(request).note = ` (${/** @type {any} */ (thrown)?.name ?? 'error'})`;
		}
		return sendJson(reply, error.status, errorEnvelope(error, method), error.headers);
	});

	fastify.setNotFoundHandler((request) => {
		throw notFound(`Route ${stateOf(request).method} ${stateOf(request).path}`);
	});

	// A route handler gets Fastify's request (named `ctx` in the route modules) with the sandbox state (`app`), the
	// multipart parts (`formParts`; `parts()` is @fastify/multipart's) and `input(part)`: the route's validated `body`
	// or `querystring`, or its validation error, thrown where the handler asks (after a 404 of the resource in the path).
	fastify.decorateRequest('app', { getter: () => app });
	fastify.decorateRequest('formParts', undefined);
	fastify.decorateRequest(
		'input',
		/** @this {any} @param {'body' | 'querystring'} part */
		function input(part) {
			// A multipart body (415) or one that is not an object is refused before the schema's rules.
			if (part === 'body') jsonBody(this);
			const error = /** @type {any} */ (this.validationError);
			if (error && error.validationContext === part) throw error;
			return part === 'body' ? this.body : this.query;
		},
	);

	/**
	 * A /v1 handler run through the sandbox's idempotency keys (idempotency.js): a request that repeats a key is
	 * answered with the kept result (and `Idempotent-Replayed`) instead of running again. The body compared is the
	 * JSON as sent.
	 * @param {import('fastify').RouteHandlerMethod} handler
	 * @returns {import('fastify').RouteHandlerMethod}
	 */
	function withIdempotencyKey(handler) {
		return async function keyedHandler(request, reply) {
			const state = stateOf(request);
			const { method, path, body } = state;
			const keyed = {
				method,
				path,
				headers: app.apiNames.headers(request.headers),
				body: body.json,
				parts: body.parts,
			};
			const { result, replayedHeaders } = await app.idempotency.run(keyed, () =>
				handler.call(this, request, reply),
			);
			if (replayedHeaders[REPLAYED_HEADER]) state.record.replayed = true;
			reply.headers(replayedHeaders);
			return result;
		};
	}

	// After validation: the body the handler sees is the validated one, else the JSON as sent; a malformed body is
	// refused here, after routing.
	fastify.addHook('preHandler', async (request) => {
		const state = stateOf(request);
		if (request.body === state.body) request.body = state.body.json;
		/** @type {any} */ (request).formParts = state.body.parts;
		if (state.body.error && METHODS_WITH_BODY.includes(state.method)) throw state.body.error;
	});

	// A handler returns `{ status?, message, data?, pagination? }`; this hook makes it the success envelope.
	// applied_then_503: the handler has run (and its answer is kept for an idempotency key); a gateway's 503 leaves.
	fastify.addHook('preSerialization', async (request, reply, result) => {
		const fault = stateOf(request).fault?.kind;
		if (fault === 'applied_then_503') {
			const { status, code, message } = APPLIED_THEN_503;
			reply.code(status);
			return { success: false, message, error: code };
		}
		reply.code(/** @type {any} */ (result).status ?? 200);
		const envelope = successEnvelope(result, fault === 'missing_data');
		if (fault === 'no_pagination') delete envelope.pagination;
		if (fault === 'data_not_list' && Array.isArray(envelope.data))
			envelope.data = { items: envelope.data };
		return envelope;
	});

	// Every route with a schema takes its validation error in the handler (input above); every path learns its methods
	// for the 405 routes below.
	/** @type {Map<string, string[]>} */
	const methodsByPath = new Map();
	fastify.addHook('onRoute', (route) => {
		if (/** @type {any} */ (route.config)?.methodNotAllowed) return;
		if (route.schema) route.attachValidation = true;
		if (areaOf(route.url) === 'api') route.handler = withIdempotencyKey(route.handler);
		const methods = [route.method].flat();
		methodsByPath.set(route.url, [...(methodsByPath.get(route.url) ?? []), ...methods]);
	});

	fastify.register(async (instance) => {
		for (const route of API_ROUTES) instance.route(route);
	});
	fastify.register(registerAdminRoutes);
	// Registered last, when the routes above are known: every other method of their paths is 405 with `Allow`.
	fastify.register(async (instance) => {
		for (const [path, allowed] of methodsByPath) {
			instance.route({
				method: METHODS.filter((method) => !allowed.includes(method)),
				url: path,
				config: { methodNotAllowed: true },
				handler: async (request) => {
					throw new ApiError(
						HTTP_STATUS.methodNotAllowed,
						ERROR_CODES.badRequest,
						`Method ${stateOf(request).method} is not allowed on ${stateOf(request).path}; allowed: ${allowed.join(', ')}`,
						undefined,
						{ Allow: allowed.join(', ') },
					);
				},
			});
		}
	});
	return fastify;
}

module.exports = { createServer };
