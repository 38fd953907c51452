import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { API_NAMES_SETTING, sentName } from '../../shared/transport/apiNames';
import { CHOSEN_PATHS, PAGE_SIZE, PAGINATION_QUERY } from '../../shared/chosenNames';
import { PAGE_CONCURRENCY } from '../chosenNames';
import { getConnection } from '../../shared/transport/connection';
import { apiRequest } from '../../shared/transport/request';
import type { Pagination, PaymentPlatformContext } from '../../shared/transport/types';

interface Page {
	items: IDataObject[];
	pagination?: Partial<Pagination>;
}

/**
 * Return All asks for the largest pages, a limit for as few pages as it needs. Page 1 tells `totalPages`; the others
 * come PAGE_CONCURRENCY at a time, read in page order; an empty page ends the list. A record is output once, by its
 * id: a list that gains records at its head while it is paged (the order is the platform's) shifts records onto the
 * next page, so the node reads on while the last page read says more pages follow, or a limit is not reached.
 */
export async function apiRequestAllItems(
	this: PaymentPlatformContext,
	path: string,
	qs: IDataObject,
	limit: number | undefined,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const pagesNeeded =
		limit === undefined ? undefined : Math.max(1, Math.ceil(limit / PAGE_SIZE.max));
	const perPage =
		pagesNeeded === undefined || limit === undefined
			? PAGE_SIZE.max
			: Math.max(PAGE_SIZE.min, Math.ceil(limit / pagesNeeded));
	const fetchPage = async (page: number) =>
		await fetchListPage.call(this, path, qs, page, perPage, itemIndex);

	const items: IDataObject[] = [];
	const seen = new Set<string>();
	const keep = ({ items: records }: Page) => {
		for (const record of records) {
			const id = typeof record.id === 'string' ? record.id : undefined;
			if (id !== undefined && seen.has(id)) continue;
			if (id !== undefined) seen.add(id);
			items.push(record);
		}
	};
	const wanted = () => limit === undefined || items.length < limit;

	const first = await fetchPage(1);
	keep(first);
	let totalPages = totalPagesOf(first);
	if (totalPages === undefined) {
		if (isFullPage(first, perPage) && wanted()) {
			throw await unreadablePaging.call(this, path, first.items.length, perPage, itemIndex);
		}
		totalPages = 1;
	}
	let read = 1;
	let last = first;
	while (last.items.length > 0 && wanted()) {
		const pageSize = pageSizeOf(last, perPage);
		const to =
			limit === undefined
				? totalPages
				: Math.min(totalPages, read + Math.ceil((limit - items.length) / pageSize));
		if (to <= read) break;
		const asked = to - read;
		const pages = await fetchPagesInOrder(read + 1, to, fetchPage);
		pages.forEach(keep);
		read += pages.length;
		// An empty page ended the list.
		if (pages.length < asked) break;
		last = pages[pages.length - 1];
		totalPages = Math.max(totalPages, totalPagesOf(last) ?? totalPages);
	}
	return limit === undefined ? items : items.slice(0, limit);
}

function totalPagesOf({ pagination }: Page): number | undefined {
	const total = pagination?.totalPages;
	return typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : undefined;
}

/** The API's own page size decides, should it not use the one asked for. */
function pageSizeOf({ pagination }: Page, asked: number): number {
	const size = pagination?.perPage;
	return typeof size === 'number' && size > 0 ? size : asked;
}

/** As many records as asked for, or the reference's default page size (a platform that ignored the size asked). */
function isFullPage({ items }: Page, asked: number): boolean {
	return items.length >= asked || items.length === PAGE_SIZE.default;
}

async function unreadablePaging(
	this: PaymentPlatformContext,
	path: string,
	count: number,
	perPage: number,
	itemIndex: number | undefined,
): Promise<NodeApiError> {
	const { apiNames } = await getConnection.call(this);
	const route = `GET ${path}`;
	const page = sentName(apiNames, PAGINATION_QUERY.page, route);
	const size = sentName(apiNames, PAGINATION_QUERY.perPage, route);
	return new NodeApiError(this.getNode(), { records: count } as JsonObject, {
		message: `The Payment Platform API answered a full page (${count} records) without pagination data`,
		description:
			`${route} answered page 1 (${perPage} records asked for) with no "pagination" object giving ` +
			'"totalPages", so the node cannot tell whether more pages follow; it stopped rather than output part of ' +
			`the list. The page and page size are sent as the query parameters "${page}" and "${size}", names this ` +
			'package chose because the API reference does not show them, and the platform seems not to read them. ' +
			`Set the names your platform uses in ${API_NAMES_SETTING}, e.g. {"${PAGINATION_QUERY.page}": "…", ` +
			`"${PAGINATION_QUERY.perPage}": "…"}.`,
		itemIndex,
	});
}

/**
 * A list answer's `data`; anything but an array stops the node, naming the path and, where this package chose it,
 * the API Names entry that sets the platform's.
 */
export function listData(
	this: PaymentPlatformContext,
	data: unknown,
	path: string,
	itemIndex: number | undefined,
): IDataObject[] {
	if (Array.isArray(data)) return data as IDataObject[];
	const route = `GET ${path}`;
	const shown =
		data === null ? 'null' : `a ${typeof data === 'object' ? 'JSON object' : typeof data}`;
	const chosen = CHOSEN_PATHS.includes(route)
		? ` The path ${path} is one this package chose because the API reference does not show it: set the one your platform uses in ${API_NAMES_SETTING} (key "${route}").`
		: " Check that the credential's Base URL points to the API (without /v1).";
	throw new NodeApiError(this.getNode(), { data: shown } as JsonObject, {
		message: 'The Payment Platform API answered a list with "data" that is not a list',
		description: `${route} answered "data" as ${shown} where the API reference gives an array of records; the node stopped rather than output an empty list.${chosen}`,
		itemIndex,
	});
}

/**
 * The pages from `from` to `to`, in page order, ending before the first empty page; the first page that fails (in
 * page order) is thrown once the pages in flight have settled.
 */
async function fetchPagesInOrder(
	from: number,
	to: number,
	fetchPage: (page: number) => Promise<Page>,
): Promise<Page[]> {
	const pages = new Map<number, Page>();
	const failures = new Map<number, unknown>();
	let next = from;
	let end = to + 1;
	const worker = async () => {
		while (next < end) {
			const page = next++;
			try {
				const answered = await fetchPage(page);
				pages.set(page, answered);
				if (answered.items.length === 0) end = Math.min(end, page);
			} catch (error) {
				failures.set(page, error);
				end = Math.min(end, page);
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(PAGE_CONCURRENCY, to - from + 1) }, worker));
	if (failures.has(end)) throw failures.get(end);
	const inOrder: Page[] = [];
	for (let page = from; page < end; page++) inOrder.push(pages.get(page) ?? { items: [] });
	return inOrder;
}

async function fetchListPage(
	this: PaymentPlatformContext,
	path: string,
	qs: IDataObject,
	page: number,
	perPage: number,
	itemIndex: number | undefined,
): Promise<Page> {
	const result = await apiRequest.call(this, 'GET', path, {
		qs: { ...qs, [PAGINATION_QUERY.page]: page, [PAGINATION_QUERY.perPage]: perPage },
		itemIndex,
	});
	const pagination = result.pagination as Page['pagination'];
	const answered = pagination?.page;
	if (typeof answered === 'number' && answered !== page) {
		// Were the page parameter ignored, Return All would output page 1 totalPages times without a word.
		const { apiNames } = await getConnection.call(this);
		const sent = sentName(apiNames, PAGINATION_QUERY.page, `GET ${path}`);
		throw new NodeApiError(this.getNode(), { page: answered } as JsonObject, {
			message: `The Payment Platform API answered page ${answered} when asked for page ${page}`,
			description:
				`The page number is sent in the query parameter "${sent}", a name this package ` +
				'chose because the API reference does not show it, and the API seems not to read it. The list ' +
				'was stopped rather than output the same records more than once. Set the name your platform ' +
				`uses in ${API_NAMES_SETTING}.`,
			itemIndex,
		});
	}
	return { items: listData.call(this, result.data, path, itemIndex), pagination };
}
