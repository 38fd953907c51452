import type { IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { renameRequest, sentName } from './apiNames';
import {
	IDEMPOTENCY_KEY_HEADER,
	REQUEST_POLICY,
	RETRY_POLICY,
	RETRYABLE_STATUSES,
} from '../chosenNames';
import {
	CREDENTIAL_TYPE,
	getConnection,
	holdRequestsUntil,
	waitForRateLimit,
	type Connection,
} from './connection';
import {
	apiNamesClash,
	missingDataError,
	networkError,
	unwrapEnvelope,
	type WriteFacts,
} from './errors';
import { buildMultipartBody } from './multipart';
import type { ApiRequestOptions, ApiResult, PaymentPlatformContext, RawResponse } from './types';

/** Everything that can refuse it has run; nothing has been sent. */
interface PreparedRequest {
	request: IHttpRequestOptions;
	connection: Connection;
	rule: RetryRule;
	write: WriteFacts;
	itemIndex?: number;
	expectData: boolean;
}

/** The one way the nodes call the API: retries only what is safe and unwraps the response envelope. */
export async function apiRequest(
	this: PaymentPlatformContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<ApiResult> {
	return await sendPrepared.call(this, await prepareApiRequest.call(this, method, path, options));
}

/**
 * A write's prepare step calls it for every item before the first request, so a credential or a name that cannot be
 * sent stops the run before anything is sent.
 */
export async function prepareApiRequest(
	this: PaymentPlatformContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<PreparedRequest> {
	const connection = await getConnection.call(this);
	const sent = renameRequest(connection.apiNames, method, {
		path,
		qs: options.qs,
		body: options.body,
	});
	if ('problem' in sent) throw apiNamesClash.call(this, sent.problem, options.itemIndex);
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
	const keyHeader = options.idempotencyKey
		? sentName(connection.apiNames, IDEMPOTENCY_KEY_HEADER)
		: undefined;
	if (keyHeader) request.headers = { ...request.headers, [keyHeader]: options.idempotencyKey };
	const resendsKeyed = keyHeader !== undefined && connection.resendKeyedWrites;
	return {
		request,
		connection,
		rule: retryRuleOf(method, resendsKeyed),
		write: {
			method,
			keyHeader,
			resendOff: keyHeader !== undefined && !connection.resendKeyedWrites,
			howToCheck: options.howToCheck,
		},
		itemIndex: options.itemIndex,
		expectData: options.expectData ?? true,
	};
}

/** A missing `data` fails where one is due. */
export async function sendPrepared(
	this: PaymentPlatformContext,
	prepared: PreparedRequest,
): Promise<ApiResult> {
	const { request, itemIndex, write } = prepared;
	const { response, attempts } = await sendWithRetries.call(this, prepared);
	const facts = { ...write, attempts };
	const result = unwrapEnvelope.call(this, response, facts, request, itemIndex);
	if (prepared.expectData && (result.data === undefined || result.data === null)) {
		throw missingDataError.call(
			this,
			request,
			response.statusCode,
			result.message,
			facts,
			itemIndex,
		);
	}
	return result;
}

/**
 * A gateway's answer that the API gave none; never a 4xx or a 500, which the API gives after looking at the request.
 */
const KEYED_WRITE_RETRY_STATUSES = [502, 503, 504] as const;

interface RetryRule {
	statuses: readonly number[];
	afterNoAnswer: boolean;
}

/**
 * A GET changes nothing. A write may have been applied when it got no answer, so it is sent again only with an
 * idempotency key while Resend Keyed Writes is on (the user's statement that the platform honours the key), with the
 * same key every time.
 */
function retryRuleOf(method: IHttpRequestMethods, resendsKeyed: boolean): RetryRule {
	if (method === 'GET') return { statuses: RETRYABLE_STATUSES, afterNoAnswer: false };
	if (resendsKeyed) return { statuses: KEYED_WRITE_RETRY_STATUSES, afterNoAnswer: true };
	return { statuses: [], afterNoAnswer: false };
}

/** A 429 holds every request of the run for its wait. */
async function sendWithRetries(
	this: PaymentPlatformContext,
	{ connection, request, rule, write, itemIndex }: PreparedRequest,
): Promise<{ response: RawResponse; attempts: number }> {
	for (let attempt = 0; ; attempt++) {
		const mayRetry = attempt < RETRY_POLICY.maxRetries;
		await waitForRateLimit.call(this);
		let response: RawResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				request,
				{ credentialsDecrypted: connection.credentials },
			)) as RawResponse;
		} catch (error) {
			if (!rule.afterNoAnswer || !mayRetry)
				throw networkError.call(this, request, error, itemIndex, {
					...write,
					attempts: attempt + 1,
				});
			await sleep(retryDelayMs(attempt, undefined));
			continue;
		}
		const retryable = rule.statuses.includes(response.statusCode);
		const limited = response.statusCode === RATE_LIMITED_STATUS;
		const delayMs =
			retryable || limited ? retryDelayMs(attempt, response.headers['retry-after']) : 0;
		if (limited) holdRequestsUntil.call(this, Date.now() + delayMs);
		if (!retryable || !mayRetry) return { response, attempts: attempt + 1 };
		await sleep(delayMs);
	}
}

const RATE_LIMITED_STATUS = 429;

/** Retry-After when the API gives one, else exponential; always capped. */
function retryDelayMs(attempt: number, retryAfter: unknown): number {
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
