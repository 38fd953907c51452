'use strict';
/**
 * Pagination of the list operations: page >= 1 (default 1), perPage 1..100 (default 20), under the query names
 * chosen in chosenNames.ts. Out-of-range values are validation errors, never clamped.
 */
const { PAGE_SIZE, PAGINATION_QUERY } = require('./fromPackage');

/** Reads page and perPage into `rules` (call `rules.issues.throwIfAny()` before using the result). */
function readPageRequest(rules) {
	const page = rules.integer(PAGINATION_QUERY.page, { min: 1 });
	const perPage = rules.integer(PAGINATION_QUERY.perPage, {
		min: PAGE_SIZE.min,
		max: PAGE_SIZE.max,
	});
	return { page: page ?? 1, perPage: perPage ?? PAGE_SIZE.default };
}

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

module.exports = { readPageRequest, paginate };
