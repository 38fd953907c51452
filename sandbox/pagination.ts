/**
 * Pagination of the list operations: page >= 1 (default 1), perPage 1..100 (default 20), under the query names
 * chosen in chosenNames.ts. Out-of-range values are validation errors, never clamped.
 */
import { PAGE_SIZE, PAGINATION_QUERY } from '../nodes/PaymentPlatform/transport/chosenNames';
import type { QueryRules } from './validation';

export interface PageRequest {
	page: number;
	perPage: number;
}

export interface Pagination {
	page: number;
	perPage: number;
	total: number;
	totalPages: number;
}

/** Reads page and perPage into `rules` (call `rules.issues.throwIfAny()` before using the result). */
export function readPageRequest(rules: QueryRules): PageRequest {
	const page = rules.integer(PAGINATION_QUERY.page, { min: 1 });
	const perPage = rules.integer(PAGINATION_QUERY.perPage, {
		min: PAGE_SIZE.min,
		max: PAGE_SIZE.max,
	});
	return { page: page ?? 1, perPage: perPage ?? PAGE_SIZE.default };
}

export function paginate<T>(
	items: readonly T[],
	request: PageRequest,
): { data: T[]; pagination: Pagination } {
	const start = (request.page - 1) * request.perPage;
	return {
		data: items.slice(start, start + request.perPage),
		pagination: {
			page: request.page,
			perPage: request.perPage,
			total: items.length,
			totalPages: Math.ceil(items.length / request.perPage),
		},
	};
}
