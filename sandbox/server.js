'use strict';
/**
 * The HTTP front: routing of /v1 (authenticated, recorded) and /__admin, the response envelope, one log line per
 * request. Every handler runs inside a try/catch: bad input never crashes the server.
 */

const { ERROR_CODES } = require('./api/names');
const { createAdminRouter } = require('./admin');
const { unauthorized } = require('./auth');
const {
	isMultipartRequest,
	JSON_BODY_LIMIT,
	MULTIPART_BODY_LIMIT,
	parseBody,
	readBody,
} = require('./body');

const { ApiError, HTTP_STATUS, notFound } = require('./errors');
const { shortCircuitAnswer } = require('./faults');
const { redactCardData } = require('./redact');
const { Router } = require('./router');
const { registerAddressRoutes } = require('./routes/addresses');
const { registerAnticipationRoutes } = require('./routes/anticipations');
const { registerChargeRoutes } = require('./routes/charges');
const { registerDocumentRoutes } = require('./routes/documents');
const { registerPaymentLinkRoutes } = require('./routes/paymentLinks');
const { registerSubmerchantRoutes } = require('./routes/submerchants');
const { registerUndocumentedRoutes } = require('./routes/undocumented');
const { registerWalletRoutes } = require('./routes/wallets');
const { registerWebhookEndpointRoutes } = require('./routes/webhookEndpoints');
const { registerWithdrawalRoutes } = require('./routes/withdrawals');
const { nowIso } = require('./store');

function createApiRouter() {
	const router = new Router();
	registerSubmerchantRoutes(router);
	registerAddressRoutes(router);
	registerDocumentRoutes(router);
	registerChargeRoutes(router);
	registerPaymentLinkRoutes(router);
	registerAnticipationRoutes(router);
	registerWalletRoutes(router);
	registerWithdrawalRoutes(router);
	registerWebhookEndpointRoutes(router);
	registerUndocumentedRoutes(router);
	return router;
}

const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH'];

function queryObject(search) {
	const query = {};
	for (const [key, value] of new URLSearchParams(search)) {
		const existing = query[key];
		if (existing === undefined) query[key] = value;
		else query[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
	}
	return query;
}

function splitUrl(rawUrl) {
	const mark = rawUrl.indexOf('?');
	let path = mark === -1 ? rawUrl : rawUrl.slice(0, mark);
	if (path.length > 1) path = path.replace(/\/+$/, '') || '/';
	return { path, search: mark === -1 ? '' : rawUrl.slice(mark + 1) };
}

function send(res, status, body, contentType, headers = {}) {
	if (res.headersSent || res.writableEnded || res.destroyed) return;
	res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': body.length, ...headers });
	res.end(body);
}

function sendJson(res, status, payload, headers = {}) {
	send(
		res,
		status,
		Buffer.from(JSON.stringify(payload), 'utf8'),
		'application/json; charset=utf-8',
		headers,
	);
}

function successEnvelope(result, withoutData = false) {
	const envelope = { success: true, message: result.message };
	if (result.data !== undefined && !withoutData) envelope.data = result.data;
	if (result.pagination !== undefined) envelope.pagination = result.pagination;
	return envelope;
}

/** Read operations answer with one error shape (no `details`); write operations may add `details`. */
function errorEnvelope(error, method) {
	const envelope = {
		success: false,
		message: error.message,
		error: error.code,
	};
	if (error.details && method !== 'GET') envelope.details = error.details;
	return envelope;
}

function internalError() {
	return new ApiError(HTTP_STATUS.internal, ERROR_CODES.internal, 'Unexpected sandbox error');
}

function recordRequest(req, method, path, query) {
	const { authorization: _authorization, 'proxy-authorization': _proxy, ...headers } = req.headers;
	return { method, path, query, headers, receivedAt: nowIso() };
}

/**
 * The answer of a faulted request that never reaches the handler, or undefined when the fault applies later (slow,
 * missing_data). A reset closes the connection at once and answers nothing (status null).
 */
function faultAnswer(req, res, fault) {
	if (fault.kind === 'reset') {
		// A TCP RST where the platform supports it, else a plain close: either way no HTTP answer at all.
		if (typeof req.socket.resetAndDestroy === 'function') req.socket.resetAndDestroy();
		else req.socket.destroy();
		return { status: null, send: () => undefined };
	}
	const answer = shortCircuitAnswer(fault);
	if (!answer) return undefined;
	return {
		status: answer.status,
		send: answer.json
			? () => sendJson(res, answer.status, answer.json, answer.headers)
			: () => send(res, answer.status, Buffer.from(answer.text, 'utf8'), answer.contentType),
	};
}

function createRequestListener(app, isAuthorized, log) {
	const api = createApiRouter();
	const admin = createAdminRouter();

	function areaOf(path) {
		if (path === '/v1' || path.startsWith('/v1/')) return api;
		if (path === '/__admin' || path.startsWith('/__admin/')) return admin;
		return undefined;
	}

	/** Runs the request; resolves to its answer `{status, send}`, sent by the caller (later, for a slow fault). */
	async function handle(req, res, method, path, search, state) {
		const query = queryObject(search);
		const area = areaOf(path);
		const contentType = req.headers['content-type'];
		const limit = isMultipartRequest(contentType) ? MULTIPART_BODY_LIMIT : JSON_BODY_LIMIT;
		const parsed = parseBody(await readBody(req, limit), contentType);

		if (area === api) {
			const record = recordRequest(req, method, path, query);
			if (parsed.json !== undefined) record.body = redactCardData(parsed.json);
			if (parsed.parts !== undefined) record.parts = parsed.parts;
			app.requests.push(record);
			state.record = record;
			if (!isAuthorized(req.headers.authorization)) throw unauthorized();
			state.fault = app.faults.pick(method, path);
			if (state.fault) {
				record.fault = state.fault.kind;
				const answer = faultAnswer(req, res, state.fault);
				if (answer) return answer;
			}
		}
		const match = area?.match(method, path);
		if (!match) throw notFound(`Route ${method} ${path}`);
		if ('allowed' in match) {
			throw new ApiError(
				HTTP_STATUS.methodNotAllowed,
				ERROR_CODES.badRequest,
				`Method ${method} is not allowed on ${path}; allowed: ${match.allowed.join(', ')}`,
				undefined,
				{ Allow: match.allowed.join(', ') },
			);
		}
		if (parsed.error && METHODS_WITH_BODY.includes(method)) throw parsed.error;
		const result = await match.handler({
			app,
			method,
			path,
			params: match.params,
			query,
			body: parsed.json,
			parts: parsed.parts,
		});
		const status = result.status ?? 200;
		if (result.raw) {
			return { status, send: () => send(res, status, result.raw.body, result.raw.contentType) };
		}
		const envelope = successEnvelope(result, state.fault?.kind === 'missing_data');
		return { status, send: () => sendJson(res, status, envelope) };
	}

	function errorAnswer(res, method, thrown) {
		const error = thrown instanceof ApiError ? thrown : internalError();
		return {
			status: error.status,
			send: () => sendJson(res, error.status, errorEnvelope(error, method), error.headers),
			// Only the error's class: messages of unexpected errors could quote request data.
			note: thrown instanceof ApiError ? '' : ` (${thrown?.name ?? 'error'})`,
		};
	}

	return (req, res) => {
		const started = process.hrtime.bigint();
		const method = (req.method ?? 'GET').toUpperCase();
		const { path, search } = splitUrl(req.url ?? '/');
		const state = {};
		const finish = (status, note = '') => {
			if (state.record) state.record.status = status;
			const ms = Number(process.hrtime.bigint() - started) / 1e6;
			const fault = state.fault ? ` (fault ${state.fault.kind})` : '';
			log(`${method} ${path} ${status ?? 'reset'} ${ms.toFixed(1)}ms${note}${fault}`);
		};
		handle(req, res, method, path, search, state)
			.catch((thrown) => errorAnswer(res, method, thrown))
			.then(async (answer) => {
				// slow: the operation has been applied (or refused); its answer leaves after the delay.
				if (state.fault?.kind === 'slow') {
					try {
						await app.faults.wait(state.fault.delayMs);
					} catch {
						finish(answer.status, ' (not sent: sandbox stopped)');
						return;
					}
				}
				answer.send();
				finish(answer.status, answer.note);
			});
	};
}

module.exports = { createApiRouter, createRequestListener };
