/**
 * The HTTP front: routing of /v1 (authenticated, recorded) and /__admin, the response envelope, one log line per
 * request. Every handler runs inside a try/catch: bad input never crashes the server.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'http';
import { ERROR_CODES } from '../nodes/PaymentPlatform/transport/chosenNames';
import { createAdminRouter } from './admin';
import { unauthorized } from './auth';
import {
	isMultipartRequest,
	JSON_BODY_LIMIT,
	MULTIPART_BODY_LIMIT,
	parseBody,
	readBody,
} from './body';
import type { RecordedRequest, SandboxContext } from './context';
import { ApiError, HTTP_STATUS, notFound } from './errors';
import { redactCardData } from './redact';
import { Router, type RouteResult } from './router';
import { registerAddressRoutes } from './routes/addresses';
import { registerAnticipationRoutes } from './routes/anticipations';
import { registerChargeRoutes } from './routes/charges';
import { registerDocumentRoutes } from './routes/documents';
import { registerPaymentLinkRoutes } from './routes/paymentLinks';
import { registerSubmerchantRoutes } from './routes/submerchants';
import { registerWalletRoutes } from './routes/wallets';
import { registerWebhookEndpointRoutes } from './routes/webhookEndpoints';
import { registerWithdrawalRoutes } from './routes/withdrawals';
import { nowIso } from './store';
import type { QueryObject } from './validation';

export function createApiRouter(): Router {
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
	return router;
}

const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH'];

function queryObject(search: string): QueryObject {
	const query: QueryObject = {};
	for (const [key, value] of new URLSearchParams(search)) {
		const existing = query[key];
		if (existing === undefined) query[key] = value;
		else query[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
	}
	return query;
}

function splitUrl(rawUrl: string): { path: string; search: string } {
	const mark = rawUrl.indexOf('?');
	let path = mark === -1 ? rawUrl : rawUrl.slice(0, mark);
	if (path.length > 1) path = path.replace(/\/+$/, '') || '/';
	return { path, search: mark === -1 ? '' : rawUrl.slice(mark + 1) };
}

function send(
	res: ServerResponse,
	status: number,
	body: Buffer,
	contentType: string,
	headers = {},
): void {
	if (res.headersSent || res.writableEnded || res.destroyed) return;
	res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': body.length, ...headers });
	res.end(body);
}

function sendJson(res: ServerResponse, status: number, payload: unknown, headers = {}): void {
	send(
		res,
		status,
		Buffer.from(JSON.stringify(payload), 'utf8'),
		'application/json; charset=utf-8',
		headers,
	);
}

function successEnvelope(result: RouteResult): Record<string, unknown> {
	const envelope: Record<string, unknown> = { success: true, message: result.message };
	if (result.data !== undefined) envelope.data = result.data;
	if (result.pagination !== undefined) envelope.pagination = result.pagination;
	return envelope;
}

/** Read operations answer with one error shape (no `details`); write operations may add `details`. */
function errorEnvelope(error: ApiError, method: string): Record<string, unknown> {
	const envelope: Record<string, unknown> = {
		success: false,
		message: error.message,
		error: error.code,
	};
	if (error.details && method !== 'GET') envelope.details = error.details;
	return envelope;
}

function internalError(): ApiError {
	return new ApiError(HTTP_STATUS.internal, ERROR_CODES.internal, 'Unexpected sandbox error');
}

function recordRequest(
	req: IncomingMessage,
	method: string,
	path: string,
	query: QueryObject,
): RecordedRequest {
	const { authorization: _authorization, 'proxy-authorization': _proxy, ...headers } = req.headers;
	return { method, path, query, headers, receivedAt: nowIso() };
}

interface RequestState {
	record?: RecordedRequest;
}

export function createRequestListener(
	app: SandboxContext,
	isAuthorized: (header: string | undefined) => boolean,
	log: (line: string) => void,
): RequestListener {
	const api = createApiRouter();
	const admin = createAdminRouter();

	function areaOf(path: string): Router | undefined {
		if (path === '/v1' || path.startsWith('/v1/')) return api;
		if (path === '/__admin' || path.startsWith('/__admin/')) return admin;
		return undefined;
	}

	async function handle(
		req: IncomingMessage,
		res: ServerResponse,
		method: string,
		path: string,
		search: string,
		state: RequestState,
	): Promise<number> {
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
		if (result.raw) send(res, status, result.raw.body, result.raw.contentType);
		else sendJson(res, status, successEnvelope(result));
		return status;
	}

	return (req, res) => {
		const started = process.hrtime.bigint();
		const method = (req.method ?? 'GET').toUpperCase();
		const { path, search } = splitUrl(req.url ?? '/');
		const state: RequestState = {};
		const finish = (status: number, note = ''): void => {
			if (state.record) state.record.status = status;
			const ms = Number(process.hrtime.bigint() - started) / 1e6;
			log(`${method} ${path} ${status} ${ms.toFixed(1)}ms${note}`);
		};
		handle(req, res, method, path, search, state).then(
			(status) => finish(status),
			(thrown: unknown) => {
				const error = thrown instanceof ApiError ? thrown : internalError();
				sendJson(res, error.status, errorEnvelope(error, method), error.headers);
				// Only the error's class: messages of unexpected errors could quote request data.
				finish(
					error.status,
					thrown instanceof ApiError ? '' : ` (${(thrown as Error)?.name ?? 'error'})`,
				);
			},
		);
	};
}
