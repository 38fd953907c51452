/**
 * The one client of the platform's webhook endpoints, for the action node's Webhook Endpoint operations and the
 * trigger's registration alike. The reference shows only the creation (POST); the list, the change and the removal
 * are at chosen paths (chosenNames.ts, renamable in the credential's API Names), so their answers are read leniently,
 * and the same way for both nodes.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import {
	PAGE_SIZE,
	PAGINATION_QUERY,
	WEBHOOK_ENDPOINTS_PATH,
	webhookEndpointPath,
} from './chosenNames';
import { apiRequest, type ApiRequestOptions, type ApiResult } from './transport';
import type { PaymentPlatformContext } from './transport/types';

/** A request of the client: the action node prepares it (sent once every item is checked), the trigger sends it. */
interface EndpointRequest {
	method: IHttpRequestMethods;
	path: string;
	options: ApiRequestOptions;
}

/** An endpoint as an answer shows it; `secret` only in the creation's answer. */
interface WebhookEndpointRecord {
	id: string;
	url?: string;
	events?: string[];
	secret?: string;
}

const isRecord = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== '' ? value : undefined;

export const webhookEndpointRequests = {
	create: (body: IDataObject): EndpointRequest => ({
		method: 'POST',
		path: WEBHOOK_ENDPOINTS_PATH,
		options: { body },
	}),
	list: (page: number, perPage: number, qs: IDataObject = {}): EndpointRequest => ({
		method: 'GET',
		path: WEBHOOK_ENDPOINTS_PATH,
		options: {
			qs: { ...qs, [PAGINATION_QUERY.page]: page, [PAGINATION_QUERY.perPage]: perPage },
			expectData: false,
		},
	}),
	update: (id: string, body: IDataObject): EndpointRequest => ({
		method: 'PATCH',
		path: webhookEndpointPath(id),
		options: { body, expectData: false },
	}),
	remove: (id: string): EndpointRequest => ({
		method: 'DELETE',
		path: webhookEndpointPath(id),
		options: { expectData: false },
	}),
};

/** The list call as messages name it: its route, as the credential's API Names key it. */
export const webhookEndpointListRoute = `GET ${WEBHOOK_ENDPOINTS_PATH}`;

/** What an answer shows of an endpoint, its id a string (a platform may number them). */
export function webhookEndpointFields(value: unknown): Partial<WebhookEndpointRecord> {
	if (!isRecord(value)) return {};
	const id = text(value.id) ?? (typeof value.id === 'number' ? String(value.id) : undefined);
	const events = Array.isArray(value.events)
		? value.events.filter((event): event is string => typeof event === 'string')
		: undefined;
	return { id, url: text(value.url), events, secret: text(value.secret) };
}

/** An endpoint record; undefined without an id. */
export function readWebhookEndpoint(value: unknown): WebhookEndpointRecord | undefined {
	const fields = webhookEndpointFields(value);
	return fields.id === undefined ? undefined : (fields as WebhookEndpointRecord);
}

/** Where a list's answer may hold its records: the data itself, or one of these keys in it. */
const LIST_KEYS = ['items', 'endpoints', 'data', 'results', 'webhooks', 'records'];

/** The records of one list page; undefined when the answer holds no list. */
function listedRecords(result: ApiResult): IDataObject[] | undefined {
	const { data } = result;
	const list = Array.isArray(data)
		? data
		: isRecord(data)
			? (LIST_KEYS.map((key) => data[key]).find(Array.isArray) as unknown[] | undefined)
			: undefined;
	return list?.filter(isRecord);
}

function paginationOf(result: ApiResult): IDataObject | undefined {
	if (isRecord(result.pagination)) return result.pagination as unknown as IDataObject;
	return isRecord(result.data) && isRecord(result.data.pagination)
		? result.data.pagination
		: undefined;
}

const count = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) ? value : undefined;

export async function sendWebhookEndpointRequest(
	this: PaymentPlatformContext,
	request: EndpointRequest,
	itemIndex?: number,
): Promise<ApiResult> {
	return await apiRequest.call(this, request.method, request.path, {
		...request.options,
		itemIndex,
	});
}

interface EndpointList {
	records: IDataObject[];
	/** The list was read to its end. */
	complete: boolean;
}

/**
 * The endpoints, page after page until the list says it ended (its last page, its total, a short or empty page, or,
 * when the page number is not read, a page repeated: without pagination that page was the whole list), at most
 * `maxPages` pages or `limit` records; undefined when a page's answer holds no list of endpoints.
 */
export async function listWebhookEndpoints(
	this: PaymentPlatformContext,
	settings: { maxPages: number; limit?: number; qs?: IDataObject; itemIndex?: number },
): Promise<EndpointList | undefined> {
	const records: IDataObject[] = [];
	const seen = new Set<string>();
	const perPage =
		settings.limit === undefined
			? PAGE_SIZE.max
			: Math.max(PAGE_SIZE.min, Math.min(PAGE_SIZE.max, settings.limit));
	const enough = () => settings.limit !== undefined && records.length >= settings.limit;
	for (let page = 1; page <= settings.maxPages; page++) {
		const result = await sendWebhookEndpointRequest.call(
			this,
			webhookEndpointRequests.list(page, perPage, settings.qs),
			settings.itemIndex,
		);
		const items = listedRecords(result);
		if (items === undefined) return undefined;
		const keyOf = (item: IDataObject) => readWebhookEndpoint(item)?.id ?? JSON.stringify(item);
		const fresh = items.filter((item) => !seen.has(keyOf(item)));
		const pagination = paginationOf(result);
		if (items.length > 0 && fresh.length === 0) {
			return { records, complete: pagination === undefined };
		}
		for (const item of fresh) seen.add(keyOf(item));
		records.push(...fresh);
		const totalPages = count(pagination?.totalPages);
		const total = count(pagination?.total);
		const answeredPerPage = count(pagination?.perPage);
		const ended =
			items.length === 0 ||
			(totalPages !== undefined && page >= totalPages) ||
			(total !== undefined && records.length >= total) ||
			(answeredPerPage !== undefined && items.length < answeredPerPage);
		if (ended || enough()) {
			return {
				records: settings.limit === undefined ? records : records.slice(0, settings.limit),
				complete: ended,
			};
		}
	}
	return { records, complete: false };
}
