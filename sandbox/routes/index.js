'use strict';
/**
 * The API's routes as the sandbox states them: every route module's table, in the order server.js registers them.
 * Plain data, so that the sandbox's statement of a route (its method, path and request schema) can be read without
 * starting a server.
 */

/**
 * @typedef {object} Route
 * @property {'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'} method
 * @property {string} url the path, with `:name` for a path parameter (Fastify's syntax)
 * @property {{ body?: import('zod').ZodTypeAny, querystring?: import('zod').ZodTypeAny }} [schema] the request's
 *   rules, written from the reference (api/schemas.js)
 * @property {(ctx: any) => unknown} handler
 */

/** @type {Route[]} */
const API_ROUTES = [
	...require('./submerchants').ROUTES,
	...require('./addresses').ROUTES,
	...require('./documents').ROUTES,
	...require('./charges').ROUTES,
	...require('./paymentLinks').ROUTES,
	...require('./anticipations').ROUTES,
	...require('./wallets').ROUTES,
	...require('./withdrawals').ROUTES,
	...require('./webhookEndpoints').ROUTES,
	...require('./undocumented').ROUTES,
];

module.exports = { API_ROUTES };
