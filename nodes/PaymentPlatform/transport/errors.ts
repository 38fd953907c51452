import type { IDataObject, IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { IDEMPOTENCY_KEY_HEADER } from '../api/chosenNames';
import type { ApiResult, Pagination, PaymentPlatformContext, RawResponse } from './types';

/** Network codes after which the request certainly never reached the API. */
const NOT_SENT_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'];

/**
 * No answer at all: a timeout or a connection that failed. Only the client's error code and message are kept: the
 * request configuration (and the error's `cause`) holds the Authorization header. Neither the code nor the word
 * "timeout" goes into the message: n8n would replace such a message with its generic text for that code.
 */
export function networkError(
	this: PaymentPlatformContext,
	request: IHttpRequestOptions,
	error: {
		code?: unknown;
		httpCode?: unknown;
		message?: unknown;
		cause?: { code?: unknown; message?: unknown };
	},
	itemIndex: number | undefined,
	attempts = 1,
): NodeApiError {
	// n8n wraps the client's error in a NodeApiError: the client's code is its cause's code (and its httpCode).
	const code =
		[error?.cause?.code, error?.code, error?.httpCode].find(
			(value): value is string => typeof value === 'string' && /^E[A-Z_]+$/.test(value),
		) ?? 'unknown';
	const causeMessage = error?.cause?.message ?? error?.message;
	const reason = typeof causeMessage === 'string' && causeMessage ? causeMessage : 'no response';
	const route = `${request.method} ${new URL(request.url).pathname}`;
	const sent =
		attempts > 1
			? `it was sent ${attempts} times with the same ${IDEMPOTENCY_KEY_HEADER}`
			: 'it was not sent again';
	const mayHaveApplied =
		request.method === 'GET' || NOT_SENT_CODES.includes(code)
			? ''
			: request.headers?.[IDEMPOTENCY_KEY_HEADER]
				? ` The request may have been applied: run it again with the same ${IDEMPOTENCY_KEY_HEADER}, not a new one.`
				: ' The request may have been applied: check in the platform before running it again.';
	const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT';
	const seconds = Number(request.timeout) / 1000;
	const details = { code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', reason: `${code}: ${reason}` };
	return new NodeApiError(this.getNode(), details as JsonObject, {
		message: timedOut
			? `The Payment Platform API did not answer within ${seconds} seconds`
			: 'Could not reach the Payment Platform API',
		description: timedOut
			? `${route} got no answer in time (${code}); ${sent}.${mayHaveApplied}`
			: `${route} failed before a response arrived (${code}: ${reason}); ${sent}.${mayHaveApplied}`,
		httpCode: details.code,
		itemIndex,
	});
}

export function unwrapEnvelope(
	this: PaymentPlatformContext,
	response: RawResponse,
	attempts: number,
	itemIndex: number | undefined,
): ApiResult {
	const status = response.statusCode;
	const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
	const envelope = parseEnvelope(response.body);
	if (envelope === undefined) {
		throw new NodeApiError(this.getNode(), { httpCode: String(status) } as JsonObject, {
			message: 'The Payment Platform API answered with a body that is not JSON',
			description: `HTTP ${status}${tries}. Check that the credential's Base URL points to the API (without /v1).`,
			httpCode: String(status),
			itemIndex,
		});
	}
	if (typeof envelope.success !== 'boolean') {
		throw new NodeApiError(this.getNode(), { httpCode: String(status) } as JsonObject, {
			message:
				'The Payment Platform API answered without the expected envelope (no "success" field)',
			description: `HTTP ${status}${tries}. Check that the credential's Base URL points to the API (without /v1).`,
			httpCode: String(status),
			itemIndex,
		});
	}
	const ok = status >= 200 && status < 300;
	if (!envelope.success || !ok) {
		const message =
			typeof envelope.message === 'string' && envelope.message
				? envelope.message
				: `HTTP ${status}`;
		const code = typeof envelope.error === 'string' ? envelope.error : 'UNKNOWN_ERROR';
		throw new NodeApiError(this.getNode(), envelope as JsonObject, {
			message,
			description: `${code} (HTTP ${status})${tries}`,
			httpCode: String(status),
			itemIndex,
		});
	}
	return {
		message: typeof envelope.message === 'string' ? envelope.message : '',
		data: envelope.data,
		pagination: envelope.pagination as Pagination | undefined,
	};
}

/** A success without `data` for an operation that returns a resource: nothing to output, and no way to know why. */
export function missingDataError(
	this: PaymentPlatformContext,
	request: IHttpRequestOptions,
	status: number,
	apiMessage: string,
	itemIndex: number | undefined,
): NodeApiError {
	const route = `${request.method} ${new URL(request.url).pathname}`;
	const applied =
		request.method === 'GET'
			? ''
			: ' The request may have been applied: check in the platform before running it again.';
	return new NodeApiError(this.getNode(), { httpCode: String(status) } as JsonObject, {
		message: 'The Payment Platform API answered success without data',
		description: `${route} (HTTP ${status}) returns a resource, but the answer has no "data" field${apiMessage ? ` (message: "${apiMessage}")` : ''}.${applied}`,
		httpCode: String(status),
		itemIndex,
	});
}

function parseEnvelope(body: unknown): IDataObject | undefined {
	if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body))
		return body as IDataObject;
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
	if (typeof text !== 'string') return undefined;
	try {
		const parsed: unknown = JSON.parse(text);
		return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
			? (parsed as IDataObject)
			: {};
	} catch {
		return undefined;
	}
}
