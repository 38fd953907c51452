import type { IDataObject, IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { API_NAMES_SETTING } from './apiNames';
import type { ApiResult, Pagination, PaymentPlatformContext, RawResponse } from './types';

/** After these the request certainly never reached the API. */
const NOT_SENT_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'];

/** From these alone the messages say whether a write may have been applied and what to do about it. */
export interface WriteFacts {
	method: IHttpRequestOptions['method'];
	/** As sent (API Names); undefined: no key. */
	keyHeader?: string;
	resendOff?: boolean;
	/** The operation's own way; a general one otherwise. */
	howToCheck?: string;
	attempts?: number;
}

const CHECK_IN_THE_PLATFORM = 'check in the platform before running it again';

function sentText({ attempts = 1, keyHeader, resendOff }: WriteFacts): string {
	if (attempts > 1) return `it was sent ${attempts} times with the same ${keyHeader}`;
	return resendOff
		? "it was not sent again (the credential's Resend Keyed Writes is off)"
		: 'it was not sent again';
}

/**
 * A keyed write is run again with the same key (the platform answers a repeat with its first result); any other is
 * checked first.
 */
function mayHaveBeenApplied(facts: WriteFacts): string {
	if (facts.method === 'GET') return '';
	if (facts.keyHeader) {
		return ` The request may have been applied: run it again with the same ${facts.keyHeader}, not a new one.`;
	}
	return ` The request may have been applied: ${facts.howToCheck ?? CHECK_IN_THE_PLATFORM}.`;
}

const triesText = ({ attempts = 1 }: WriteFacts) =>
	attempts > 1 ? ` after ${attempts} attempts` : '';

const routeOf = (request: IHttpRequestOptions) =>
	`${request.method} ${new URL(request.url).pathname}`;

/**
 * Only the client's code and message are kept: the request (and the error's `cause`) holds the Authorization header.
 * Neither the code nor "timeout" goes into the message: n8n would replace it with its generic text.
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
	facts: WriteFacts,
): NodeApiError {
	// n8n wraps the client's error: its code is the cause's code (and the httpCode).
	const code =
		[error?.cause?.code, error?.code, error?.httpCode].find(
			(value): value is string => typeof value === 'string' && /^E[A-Z_]+$/.test(value),
		) ?? 'unknown';
	const causeMessage = error?.cause?.message ?? error?.message;
	const reason = typeof causeMessage === 'string' && causeMessage ? causeMessage : 'no response';
	const route = routeOf(request);
	const applied = NOT_SENT_CODES.includes(code) ? '' : mayHaveBeenApplied(facts);
	const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT';
	const seconds = Number(request.timeout) / 1000;
	const details = { code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', reason: `${code}: ${reason}` };
	return new NodeApiError(this.getNode(), details as JsonObject, {
		message: timedOut
			? `The Payment Platform API did not answer within ${seconds} seconds`
			: 'Could not reach the Payment Platform API',
		description: timedOut
			? `${route} got no answer in time (${code}); ${sentText(facts)}.${applied}`
			: `${route} failed before a response arrived (${code}: ${reason}); ${sentText(facts)}.${applied}`,
		httpCode: details.code,
		itemIndex,
	});
}

/** From here on the answer came from a failing server or its gateway: a write may have been applied. */
const SERVER_ERROR = 500;

/**
 * A write's outcome is unknown after a server error, after any answer to a resend (an earlier attempt got no answer
 * and may have been applied: a 409 or 422 may be the platform seeing it again), and after a success it could not read.
 */
function outcomeUnknown(status: number, facts: WriteFacts, unread = false): boolean {
	if (facts.method === 'GET') return false;
	const success = status >= 200 && status < 300;
	return status >= SERVER_ERROR || (facts.attempts ?? 1) > 1 || (unread && success);
}

/**
 * Below 500 most likely another server (a wrong Base URL); from 500 on a failing API or its gateway's error page; a
 * write answered 2xx with something else may have been applied.
 */
function notTheEnvelope(
	this: PaymentPlatformContext,
	what: string,
	status: number,
	facts: WriteFacts,
	request: IHttpRequestOptions,
	itemIndex: number | undefined,
): NodeApiError {
	const tries = triesText(facts);
	const description =
		status >= SERVER_ERROR
			? `${routeOf(request)} answered HTTP ${status}${tries}, a server error page rather than the API's answer.${mayHaveBeenApplied(facts)}`
			: outcomeUnknown(status, facts, true)
				? `${routeOf(request)} answered HTTP ${status}${tries} ${what}, so its outcome cannot be read.${mayHaveBeenApplied(facts)}`
				: `HTTP ${status}${tries}. Check that the credential's Base URL points to the API (without /v1).`;
	return new NodeApiError(this.getNode(), { httpCode: String(status) } as JsonObject, {
		message: `The Payment Platform API answered ${what}`,
		description,
		httpCode: String(status),
		itemIndex,
	});
}

export function unwrapEnvelope(
	this: PaymentPlatformContext,
	response: RawResponse,
	facts: WriteFacts,
	request: IHttpRequestOptions,
	itemIndex: number | undefined,
): ApiResult {
	const status = response.statusCode;
	const envelope = parseEnvelope(response.body);
	if (envelope === undefined || typeof envelope.success !== 'boolean') {
		const what =
			envelope === undefined
				? 'with a body that is not JSON'
				: 'without the expected envelope (no "success" field)';
		throw notTheEnvelope.call(this, what, status, facts, request, itemIndex);
	}
	const ok = status >= 200 && status < 300;
	if (!envelope.success || !ok) {
		const message =
			typeof envelope.message === 'string' && envelope.message
				? envelope.message
				: `HTTP ${status}`;
		const code = typeof envelope.error === 'string' ? envelope.error : 'UNKNOWN_ERROR';
		const applied = outcomeUnknown(status, facts) ? mayHaveBeenApplied(facts) : '';
		throw new NodeApiError(this.getNode(), envelope as JsonObject, {
			message,
			description: `${code} (HTTP ${status})${triesText(facts)}${applied ? `.${applied}` : ''}`,
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

/** Nothing to output, and no way to know why. */
export function missingDataError(
	this: PaymentPlatformContext,
	request: IHttpRequestOptions,
	status: number,
	apiMessage: string,
	facts: WriteFacts,
	itemIndex: number | undefined,
): NodeApiError {
	return new NodeApiError(this.getNode(), { httpCode: String(status) } as JsonObject, {
		message: 'The Payment Platform API answered success without data',
		description: `${routeOf(request)} (HTTP ${status}) returns a resource, but the answer has no "data" field${apiMessage ? ` (message: "${apiMessage}")` : ''}.${mayHaveBeenApplied(facts)}`,
		httpCode: String(status),
		itemIndex,
	});
}

export function apiNamesClash(
	this: PaymentPlatformContext,
	problem: string,
	itemIndex: number | undefined,
): NodeOperationError {
	return new NodeOperationError(this.getNode(), `The credential's API Names ${problem}`, {
		itemIndex,
		description: `Change ${API_NAMES_SETTING}, or the field that sends that name. Nothing was sent to the API.`,
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
