import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiRequest } from '../../shared/transport';
import { CHARGE_LIST_QUERY, PAGINATION_QUERY, PAYMENT_LINKS_PATH } from '../../shared/chosenNames';

const SEARCH_PAGE_SIZE = 50;
const CHARGES_PATH = '/v1/charges';

/** A picker's token names the API page (the first without one). */
async function searchPage(
	this: ILoadOptionsFunctions,
	path: string,
	paginationToken: string | undefined,
	query: IDataObject = {},
): Promise<{ records: IDataObject[]; nextToken: string | undefined }> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const qs = {
		[PAGINATION_QUERY.page]: page,
		[PAGINATION_QUERY.perPage]: SEARCH_PAGE_SIZE,
		...query,
	};
	const { data, pagination } = await apiRequest.call(this, 'GET', path, { qs });
	const nextToken = pagination && page < pagination.totalPages ? String(page + 1) : undefined;
	return { records: (data as IDataObject[]) ?? [], nextToken };
}

function matchesFilter(filter: string | undefined, values: unknown[]): boolean {
	const needle = (filter ?? '').trim().toLowerCase();
	const lowerCase = (value: unknown) => String(value ?? '').toLowerCase();
	return !needle || values.some((value) => lowerCase(value).includes(needle));
}

/** The filter matches name, tax id or id. */
export async function searchSubmerchants(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const { records, nextToken } = await searchPage.call(this, '/v1/submerchants', paginationToken);
	const results = records
		.filter((s) => matchesFilter(filter, [s.trade_name, s.legal_name, s.tax_id, s.id]))
		.map((s) => ({
			name: `${String(s.trade_name ?? s.legal_name ?? s.id)} (${String(s.status ?? '')})`,
			value: String(s.id),
		}));
	return { results, paginationToken: nextToken };
}

/** The filter is the API's search. */
export async function searchCharges(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const search = filter?.trim() ? { [CHARGE_LIST_QUERY.search]: filter.trim() } : {};
	const { records, nextToken } = await searchPage.call(this, CHARGES_PATH, paginationToken, search);
	const results = records.map((c) => ({
		name: `${formatCents(c.amount)} · ${String(c.payment_method ?? '')} · ${String(c.status ?? '')} · ${String(c.id).slice(0, 8)}`,
		value: String(c.id),
	}));
	return { results, paginationToken: nextToken };
}

/** The filter matches title or id. */
export async function searchPaymentLinks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const { records, nextToken } = await searchPage.call(this, PAYMENT_LINKS_PATH, paginationToken);
	const results = records
		.filter((link) => matchesFilter(filter, [link.title, link.id]))
		.map((link) => ({
			name: `${String(link.title ?? link.id)} · ${formatCents(link.amount)} · ${String(link.status ?? '')}`,
			value: String(link.id),
			url: typeof link.checkout_url === 'string' ? link.checkout_url : undefined,
		}));
	return { results, paginationToken: nextToken };
}

function formatCents(amount: unknown): string {
	const cents = typeof amount === 'number' ? amount : Number(amount ?? 0);
	return `R$ ${(cents / 100).toFixed(2)}`;
}
