import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { API_NAMES_SETTING, sentName } from './apiNames';
import { PAGE_CONCURRENCY, PAGE_SIZE, PAGINATION_QUERY } from '../chosenNames';
import { getConnection } from './connection';
import { apiRequest } from './request';
import type { Pagination, PaymentPlatformContext } from './types';

interface Page {
	items: IDataObject[];
	pagination?: Partial<Pagination>;
}

/**
 * Return All asks for the largest pages, a limit for as few pages as it needs. Page 1 tells `totalPages`; the others
 * come PAGE_CONCURRENCY at a time, output in page order; an empty page ends the list.
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

	const first = await fetchPage(1);
	const lastPage = lastPageToFetch(first.pagination, perPage, limit);
	const pages =
		first.items.length > 0 && lastPage > 1
			? [first.items, ...(await fetchPagesInOrder(2, lastPage, fetchPage))]
			: [first.items];
	const items = pages.flat();
	return limit === undefined ? items : items.slice(0, limit);
}

function lastPageToFetch(
	pagination: Page['pagination'],
	perPageAsked: number,
	limit: number | undefined,
): number {
	const totalPages = typeof pagination?.totalPages === 'number' ? pagination.totalPages : 1;
	if (limit === undefined) return totalPages;
	// The API's own page size decides, should it not use the one asked for.
	const perPage =
		typeof pagination?.perPage === 'number' && pagination.perPage > 0
			? pagination.perPage
			: perPageAsked;
	return Math.min(totalPages, Math.ceil(limit / perPage));
}

/**
 * The list ends before the first empty page; the first page that fails (in page order) is thrown once the pages in
 * flight have settled.
 */
async function fetchPagesInOrder(
	from: number,
	to: number,
	fetchPage: (page: number) => Promise<Page>,
): Promise<IDataObject[][]> {
	const pages = new Map<number, IDataObject[]>();
	const failures = new Map<number, unknown>();
	let next = from;
	let end = to + 1;
	const worker = async () => {
		while (next < end) {
			const page = next++;
			try {
				const { items } = await fetchPage(page);
				pages.set(page, items);
				if (items.length === 0) end = Math.min(end, page);
			} catch (error) {
				failures.set(page, error);
				end = Math.min(end, page);
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(PAGE_CONCURRENCY, to - from + 1) }, worker));
	if (failures.has(end)) throw failures.get(end);
	const inOrder: IDataObject[][] = [];
	for (let page = from; page < end; page++) inOrder.push(pages.get(page) ?? []);
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
	return { items: Array.isArray(result.data) ? (result.data as IDataObject[]) : [], pagination };
}
