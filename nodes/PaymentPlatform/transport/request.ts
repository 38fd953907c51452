import type { IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { renameHeaders, renameRequest } from './apiNames';
import { RETRYABLE_STATUSES } from './chosenNames';
import {
	CREDENTIAL_TYPE,
	getConnection,
	holdRequestsUntil,
	waitForRateLimit,
	type Connection,
} from './connection';
import { missingDataError, networkError, unwrapEnvelope } from './errors';
import { buildMultipartBody } from './multipart';
import type { ApiRequestOptions, ApiResult, PaymentPlatformContext, RawResponse } from './types';

/**
 * GETs are retried at most this many times (only on RETRYABLE_STATUSES, never after a timeout or a dropped
 * connection); each wait doubles from the base and never exceeds the cap. Mutable so tests can shorten the waits.
 */
export const RETRY_POLICY = {
	maxRetries: 3,
	baseDelayMs: 500,
	maxDelayMs: 10_000,
};
/** How long one attempt may wait for the API's answer. Mutable so tests can shorten it. */
export const REQUEST_POLICY = {
	timeoutMs: 30_000,
};

/**
 * The one way the nodes call the API: builds the URL from the credential's base URL, sends JSON (or multipart),
 * authenticates through n8n, retries only safe GETs, and unwraps the response envelope.
 */
export async function apiRequest(
	this: PaymentPlatformContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<ApiResult> {
	const connection = await getConnection.call(this);
	// The user's names for the chosen ones (the credential's API Names) replace the defaults the operations write.
	const sent = renameRequest(connection.apiNames, method, { path, qs: options.qs, body: options.body });
	const request: IHttpRequestOptions = {
		method,
		url: `${connection.baseUrl}${sent.path}`,
		qs: sent.qs,
		headers: { Accept: 'application/json' },
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: REQUEST_POLICY.timeoutMs,
	};
	if (options.file) {
		const multipart = buildMultipartBody('file', options.file);
		request.body = multipart.body;
		request.headers = { ...request.headers, 'Content-Type': multipart.contentType };
	} else if (sent.body !== undefined) {
		request.body = sent.body;
		request.headers = { ...request.headers, 'Content-Type': 'application/json' };
	}
	request.headers = renameHeaders(connection.apiNames, request.headers ?? {});

	const { response, attempts } = await sendWithRetries.call(
		this,
		connection,
		request,
		options.itemIndex,
	);
	const result = unwrapEnvelope.call(this, response, attempts, options.itemIndex);
	if ((options.expectData ?? true) && (result.data === undefined || result.data === null)) {
		throw missingDataError.call(
			this,
			request,
			response.statusCode,
			result.message,
			options.itemIndex,
		);
	}
	return result;
}

/**
 * Sends the request; a GET answered with a retryable status is sent again, within RETRY_POLICY. Nothing else is ever
 * repeated: not a POST, PATCH or DELETE (it may have been applied), and not a GET that timed out or lost its
 * connection (sendOnce throws at once). A 429 holds every request of the run, not only this one, for its wait.
 */
async function sendWithRetries(
	this: PaymentPlatformContext,
	connection: Connection,
	request: IHttpRequestOptions,
	itemIndex: number | undefined,
): Promise<{ response: RawResponse; attempts: number }> {
	const mayRetry = request.method === 'GET';
	for (let attempt = 0; ; attempt++) {
		await waitForRateLimit.call(this);
		const response = await sendOnce.call(this, connection, request, itemIndex);
		const retryable = (RETRYABLE_STATUSES as readonly number[]).includes(response.statusCode);
		const delayMs = retryable ? retryDelayMs(attempt, response.headers['retry-after']) : 0;
		if (response.statusCode === RATE_LIMITED_STATUS)
			holdRequestsUntil.call(this, Date.now() + delayMs);
		if (!mayRetry || !retryable || attempt >= RETRY_POLICY.maxRetries) {
			return { response, attempts: attempt + 1 };
		}
		await sleep(delayMs);
	}
}

const RATE_LIMITED_STATUS = 429;

async function sendOnce(
	this: PaymentPlatformContext,
	connection: Connection,
	request: IHttpRequestOptions,
	itemIndex: number | undefined,
): Promise<RawResponse> {
	try {
		return (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request, {
			credentialsDecrypted: connection.credentials,
		})) as RawResponse;
	} catch (error) {
		throw networkError.call(this, request, error, itemIndex);
	}
}

/** Backoff for retry `attempt` (0-based): Retry-After when the API gives one, else exponential; always capped. */
export function retryDelayMs(attempt: number, retryAfter: unknown): number {
	const fromHeader = parseRetryAfterMs(retryAfter);
	const exponential = RETRY_POLICY.baseDelayMs * 2 ** attempt;
	return Math.min(fromHeader ?? exponential, RETRY_POLICY.maxDelayMs);
}

function parseRetryAfterMs(value: unknown): number | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
