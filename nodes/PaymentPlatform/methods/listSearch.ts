import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiRequest } from '../transport';
import { CHARGE_LIST_QUERY, PAGINATION_QUERY, PAYMENT_LINKS_PATH } from '../api/chosenNames';

const SEARCH_PAGE_SIZE = 50;

/** Submerchants for the "From List" picker, one API page per scroll; the filter matches name, tax id or id. */
export async function searchSubmerchants(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const { data, pagination } = await apiRequest.call(this, 'GET', '/v1/submerchants', {
		qs: { [PAGINATION_QUERY.page]: page, [PAGINATION_QUERY.perPage]: SEARCH_PAGE_SIZE },
	});
	const needle = (filter ?? '').trim().toLowerCase();
	const results = ((data as IDataObject[]) ?? [])
		.filter(
			(s) =>
				!needle ||
				[s.trade_name, s.legal_name, s.tax_id, s.id].some((v) =>
					String(v ?? '')
						.toLowerCase()
						.includes(needle),
				),
		)
		.map((s) => ({
			name: `${String(s.trade_name ?? s.legal_name ?? s.id)} (${String(s.status ?? '')})`,
			value: String(s.id),
		}));
	const next = pagination && page < pagination.totalPages ? String(page + 1) : undefined;
	return { results, paginationToken: next };
}

/** Charges for the "From List" picker, newest pages first as the API returns them; the filter is the API's search. */
export async function searchCharges(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const qs: IDataObject = {
		[PAGINATION_QUERY.page]: page,
		[PAGINATION_QUERY.perPage]: SEARCH_PAGE_SIZE,
	};
	if (filter?.trim()) qs[CHARGE_LIST_QUERY.search] = filter.trim();
	const { data, pagination } = await apiRequest.call(this, 'GET', '/v1/charges', { qs });
	const results = ((data as IDataObject[]) ?? []).map((c) => ({
		name: `${formatCents(c.amount)} · ${String(c.payment_method ?? '')} · ${String(c.status ?? '')} · ${String(c.id).slice(0, 8)}`,
		value: String(c.id),
	}));
	const next = pagination && page < pagination.totalPages ? String(page + 1) : undefined;
	return { results, paginationToken: next };
}

/** Payment links for the "From List" picker, one API page per scroll; the filter matches title or id. */
export async function searchPaymentLinks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const { data, pagination } = await apiRequest.call(this, 'GET', PAYMENT_LINKS_PATH, {
		qs: { [PAGINATION_QUERY.page]: page, [PAGINATION_QUERY.perPage]: SEARCH_PAGE_SIZE },
	});
	const needle = (filter ?? '').trim().toLowerCase();
	const results = ((data as IDataObject[]) ?? [])
		.filter(
			(link) =>
				!needle ||
				[link.title, link.id].some((v) =>
					String(v ?? '')
						.toLowerCase()
						.includes(needle),
				),
		)
		.map((link) => ({
			name: `${String(link.title ?? link.id)} · ${formatCents(link.amount)} · ${String(link.status ?? '')}`,
			value: String(link.id),
			url: typeof link.checkout_url === 'string' ? link.checkout_url : undefined,
		}));
	const next = pagination && page < pagination.totalPages ? String(page + 1) : undefined;
	return { results, paginationToken: next };
}

function formatCents(amount: unknown): string {
	const cents = typeof amount === 'number' ? amount : Number(amount ?? 0);
	return `R$ ${(cents / 100).toFixed(2)}`;
}
