import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';
import { PAGE_SIZE, PAGINATION_QUERY, RETRYABLE_STATUSES } from './chosenNames';
import { buildMultipartBody, type MultipartFile } from './multipart';

export const CREDENTIAL_TYPE = 'paymentPlatformApi';

export type PaymentPlatformContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions;

export interface Pagination {
	page: number;
	perPage: number;
	total: number;
	totalPages: number;
}

export interface ApiResult {
	message: string;
	data?: unknown;
	pagination?: Pagination;
}

export interface ApiRequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	file?: MultipartFile;
	itemIndex?: number;
	/**
	 * Whether a success must carry `data` (the operation returns a resource or a list). Default true: a success
	 * without `data` is then a NodeApiError, never an empty item. Operations the reference documents as answering
	 * only success and message (submit for review, address update, anticipation cancel) pass false.
	 */
	expectData?: boolean;
}

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

interface RawResponse {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

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
	const baseUrl = await getBaseUrl.call(this);
	const request: IHttpRequestOptions = {
		method,
		url: `${baseUrl}${path}`,
		qs: options.qs,
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
	} else if (options.body !== undefined) {
		request.body = options.body;
		request.headers = { ...request.headers, 'Content-Type': 'application/json' };
	}

	const { response, attempts } = await sendWithRetries.call(this, request, options.itemIndex);
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
 * Reads a paginated list. Return All walks every page with the largest page size; a limit asks for as few pages
 * as possible, each no larger than needed.
 */
export async function apiRequestAllItems(
	this: PaymentPlatformContext,
	path: string,
	qs: IDataObject,
	limit: number | undefined,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const pagesNeeded = limit === undefined ? undefined : Math.max(1, Math.ceil(limit / PAGE_SIZE.max));
	const perPage =
		limit === undefined || pagesNeeded === undefined
			? PAGE_SIZE.max
			: Math.max(PAGE_SIZE.min, Math.ceil(limit / pagesNeeded));
	const items: IDataObject[] = [];
	for (let page = 1; ; page++) {
		const result = await apiRequest.call(this, 'GET', path, {
			qs: { ...qs, [PAGINATION_QUERY.page]: page, [PAGINATION_QUERY.perPage]: perPage },
			itemIndex,
		});
		const pageItems = Array.isArray(result.data) ? (result.data as IDataObject[]) : [];
		items.push(...pageItems);
		const totalPages = result.pagination?.totalPages ?? page;
		const enough = limit !== undefined && items.length >= limit;
		if (enough || pageItems.length === 0 || page >= totalPages) break;
	}
	return limit === undefined ? items : items.slice(0, limit);
}

async function getBaseUrl(this: PaymentPlatformContext): Promise<string> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
	if (!/^https?:\/\/[^/]+/i.test(baseUrl)) {
		throw new NodeApiError(this.getNode(), {} as JsonObject, {
			message: 'The credential\'s Base URL must start with http:// or https://',
			description: 'Open the Payment Platform API credential and set Base URL, e.g. https://api.example.com (no /v1).',
		});
	}
	return baseUrl;
}

/**
 * Sends the request; a GET answered with a retryable status is sent again, within RETRY_POLICY. Nothing else is ever
 * repeated: not a POST, PATCH or DELETE (it may have been applied), and not a GET that timed out or lost its
 * connection (sendOnce throws at once).
 */
async function sendWithRetries(
	this: PaymentPlatformContext,
	request: IHttpRequestOptions,
	itemIndex: number | undefined,
): Promise<{ response: RawResponse; attempts: number }> {
	const mayRetry = request.method === 'GET';
	for (let attempt = 0; ; attempt++) {
		const response = await sendOnce.call(this, request, itemIndex);
		const retryable = (RETRYABLE_STATUSES as readonly number[]).includes(response.statusCode);
		if (!mayRetry || !retryable || attempt >= RETRY_POLICY.maxRetries) {
			return { response, attempts: attempt + 1 };
		}
		await sleep(retryDelayMs(attempt, response.headers['retry-after']));
	}
}

async function sendOnce(
	this: PaymentPlatformContext,
	request: IHttpRequestOptions,
	itemIndex: number | undefined,
): Promise<RawResponse> {
	try {
		return (await this.helpers.httpRequestWithAuthentication.call(
			this,
			CREDENTIAL_TYPE,
			request,
		)) as RawResponse;
	} catch (error) {
		throw networkError.call(this, request, error, itemIndex);
	}
}

/** Network codes after which the request certainly never reached the API. */
const NOT_SENT_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'];

/**
 * No answer at all: a timeout or a connection that failed. Only the client's error code and message are kept: the
 * request configuration (and the error's `cause`) holds the Authorization header. Neither the code nor the word
 * "timeout" goes into the message: n8n would replace such a message with its generic text for that code.
 */
function networkError(
	this: PaymentPlatformContext,
	request: IHttpRequestOptions,
	error: {
		code?: unknown;
		httpCode?: unknown;
		message?: unknown;
		cause?: { code?: unknown; message?: unknown };
	},
	itemIndex: number | undefined,
): NodeApiError {
	// n8n wraps the client's error in a NodeApiError: the client's code is its cause's code (and its httpCode).
	const code =
		[error?.cause?.code, error?.code, error?.httpCode].find(
			(value): value is string => typeof value === 'string' && /^E[A-Z_]+$/.test(value),
		) ?? 'unknown';
	const causeMessage = error?.cause?.message ?? error?.message;
	const reason = typeof causeMessage === 'string' && causeMessage ? causeMessage : 'no response';
	const route = `${request.method} ${new URL(request.url).pathname}`;
	const mayHaveApplied =
		request.method !== 'GET' && !NOT_SENT_CODES.includes(code)
			? ' The request may have been applied: check in the platform before running it again.'
			: '';
	const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT';
	const seconds = Number(request.timeout ?? REQUEST_POLICY.timeoutMs) / 1000;
	const details = { code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', reason: `${code}: ${reason}` };
	return new NodeApiError(this.getNode(), details as JsonObject, {
		message: timedOut
			? `The Payment Platform API did not answer within ${seconds} seconds`
			: 'Could not reach the Payment Platform API',
		description: timedOut
			? `${route} got no answer in time (${code}); it was not sent again.${mayHaveApplied}`
			: `${route} failed before a response arrived (${code}: ${reason}); it was not sent again.${mayHaveApplied}`,
		httpCode: details.code,
		itemIndex,
	});
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

function unwrapEnvelope(
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
			message: 'The Payment Platform API answered without the expected envelope (no "success" field)',
			description: `HTTP ${status}${tries}. Check that the credential's Base URL points to the API (without /v1).`,
			httpCode: String(status),
			itemIndex,
		});
	}
	const ok = status >= 200 && status < 300;
	if (!envelope.success || !ok) {
		const message = typeof envelope.message === 'string' && envelope.message ? envelope.message : `HTTP ${status}`;
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
function missingDataError(
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
	if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) return body as IDataObject;
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
