'use strict';
/**
 * Pagination of the list operations: page >= 1 (default 1), perPage 1..100 (default 20), under the query names in
 * api/names.js. Out-of-range values are validation errors (api/schemas.js), never clamped.
 */
const { PAGINATION_QUERY } = require('./api/names');
const { PAGE_SIZE } = require('./api/values');

/**
 * @typedef {{ page: number, perPage: number }} PageRequest
 * @param {Record<string, unknown>} query A list query as its schema parsed it.
 * @returns {PageRequest}
 */
function pageRequest(query) {
	const page = query[PAGINATION_QUERY.page];
	const perPage = query[PAGINATION_QUERY.perPage];
	return {
		page: typeof page === 'number' ? page : 1,
		perPage: typeof perPage === 'number' ? perPage : PAGE_SIZE.default,
	};
}

/**
 * @template T
 * @param {T[]} items
 * @param {PageRequest} request
 */
function paginate(items, request) {
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

module.exports = { pageRequest, paginate };
