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
}

/** GETs are retried at most this many times; each wait doubles from the base and never exceeds the cap. */
export const RETRY_POLICY = {
	maxRetries: 3,
	baseDelayMs: 500,
	maxDelayMs: 10_000,
};
export const REQUEST_TIMEOUT_MS = 30_000;

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
		timeout: REQUEST_TIMEOUT_MS,
	};
	if (options.file) {
		const multipart = buildMultipartBody('file', options.file);
		request.body = multipart.body;
		request.headers = { ...request.headers, 'Content-Type': multipart.contentType };
	} else if (options.body !== undefined) {
		request.body = options.body;
		request.headers = { ...request.headers, 'Content-Type': 'application/json' };
	}

	const response = await sendWithRetries.call(this, request, options.itemIndex);
	return unwrapEnvelope.call(this, response, options.itemIndex);
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

async function sendWithRetries(
	this: PaymentPlatformContext,
	request: IHttpRequestOptions,
	itemIndex: number | undefined,
): Promise<RawResponse> {
	const mayRetry = request.method === 'GET';
	for (let attempt = 0; ; attempt++) {
		const response = await sendOnce.call(this, request, itemIndex);
		const retryable = (RETRYABLE_STATUSES as readonly number[]).includes(response.statusCode);
		if (!mayRetry || !retryable || attempt >= RETRY_POLICY.maxRetries) return response;
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
		// Only the error's code and message are kept: the request configuration holds the Authorization header.
		const code = typeof error?.code === 'string' ? error.code : 'NETWORK_ERROR';
		const reason = typeof error?.message === 'string' ? error.message : 'no response';
		throw new NodeApiError(this.getNode(), { code, message: reason } as JsonObject, {
			message: `Could not reach the Payment Platform API (${code})`,
			description: `${request.method} ${new URL(request.url).pathname} failed before a response arrived: ${reason}`,
			itemIndex,
		});
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

function unwrapEnvelope(
	this: PaymentPlatformContext,
	response: RawResponse,
	itemIndex: number | undefined,
): ApiResult {
	const status = response.statusCode;
	const envelope = parseEnvelope(response.body);
	if (envelope === undefined) {
		throw new NodeApiError(this.getNode(), { httpCode: String(status) } as JsonObject, {
			message: 'The Payment Platform API answered with a body that is not JSON',
			description: `HTTP ${status}. Check that the credential's Base URL points to the API (without /v1).`,
			httpCode: String(status),
			itemIndex,
		});
	}
	if (typeof envelope.success !== 'boolean') {
		throw new NodeApiError(this.getNode(), { httpCode: String(status) } as JsonObject, {
			message: 'The Payment Platform API answered without the expected envelope (no "success" field)',
			description: `HTTP ${status}. Check that the credential's Base URL points to the API (without /v1).`,
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
			description: `${code} (HTTP ${status})`,
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
