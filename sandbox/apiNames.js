'use strict';
/**
 * A sandbox that speaks other names than the ones in api/names.js, to test a node configured with a platform's
 * names: `startSandbox({ apiNames: { start_date: 'from', 'GET /v1/payment-links': '/v1/links' } })` (keys are the
 * sandbox's default names (query, body or header), a route "METHOD /path" whose path is a choice, or a route and one
 * of its names, "GET /v1/charges start_date", renamed on that route only; values the names to use instead).
 * Requests are translated back to the defaults before routing, so every route keeps its rules. A renamed default is
 * unknown afterwards: a query parameter under it is ignored, as platforms ignore parameters they do not know, a body
 * field under it is an unknown field, and a renamed path answers 404.
 * `ignoredQuery` names query parameters the sandbox drops without a word: a platform that ignores a filter.
 */
const {
	ADDRESS_TYPE_BODY_FIELD,
	CHARGE_LIST_QUERY,
	IDEMPOTENCY_KEY_HEADER,
	PAGINATION_QUERY,
	PAYMENT_LINK_BODY,
	PAYMENT_LINKS_PATH,
	SUBMERCHANT_LIST_QUERY,
	WALLET_STATEMENT_QUERY,
	WEBHOOK_ENDPOINTS_PATH,
	WITHDRAWAL_FEE_QUERY,
} = require('./api/names');

const PAGES = Object.values(PAGINATION_QUERY);
/** The query names the reference leaves unshown, by route. */
const QUERY_NAMES = {
	'GET /v1/submerchants': [...Object.values(SUBMERCHANT_LIST_QUERY), ...PAGES],
	'GET /v1/charges': [...Object.values(CHARGE_LIST_QUERY), ...PAGES],
	'GET /v1/wallets/{id}/statement': Object.values(WALLET_STATEMENT_QUERY),
	'GET /v1/withdrawals/fee': Object.values(WITHDRAWAL_FEE_QUERY),
	[`GET ${PAYMENT_LINKS_PATH}`]: PAGES,
	[`GET ${WEBHOOK_ENDPOINTS_PATH}`]: PAGES,
};
/** The body names the reference leaves unshown, by route. */
const BODY_NAMES = {
	'POST /v1/submerchants/{id}/addresses': [ADDRESS_TYPE_BODY_FIELD],
	'PATCH /v1/submerchants/{id}/addresses/{id}': [ADDRESS_TYPE_BODY_FIELD],
	[`POST ${PAYMENT_LINKS_PATH}`]: Object.values(PAYMENT_LINK_BODY),
};
/** The request headers the reference leaves unshown. */
const HEADER_NAMES = [IDEMPOTENCY_KEY_HEADER];
/** The routes whose path the reference leaves unshown. */
const CHOSEN_PATHS = [
	`POST ${PAYMENT_LINKS_PATH}`,
	`GET ${PAYMENT_LINKS_PATH}`,
	`GET ${WEBHOOK_ENDPOINTS_PATH}`,
	`PATCH ${WEBHOOK_ENDPOINTS_PATH}/{id}`,
	`DELETE ${WEBHOOK_ENDPOINTS_PATH}/{id}`,
];
const ID = '{id}';

function routeMatcher(template) {
	const pattern = template
		.split(ID)
		.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('([^/]+)');
	return new RegExp(`^${pattern}/?$`);
}

function fillIds(template, ids) {
	let next = 0;
	return template.split(ID).reduce((built, part) => `${built}${ids[next++]}${part}`);
}

/** The route key ("METHOD /template") a request falls under, with the path's ids; undefined if none. */
function routeOf(method, path, keys) {
	for (const key of keys) {
		const [keyMethod, template] = key.split(' ');
		const match = keyMethod === method ? routeMatcher(template).exec(path) : null;
		if (match) return { key, ids: match.slice(1) };
	}
	return undefined;
}

/**
 * @param {Record<string, string>} [names] default name or route → the name used instead
 * @param {string[]} [ignoredQuery] query names dropped without a word
 */
function createApiNames(names = {}, ignoredQuery = []) {
	const renamable = new Set([
		...Object.values(QUERY_NAMES).flat(),
		...Object.values(BODY_NAMES).flat(),
		...HEADER_NAMES,
		...CHOSEN_PATHS,
	]);
	/** "GET /v1/charges start_date": a name chosen on that route, renamed there only. */
	const onOneRoute = (key) => {
		const match = /^([A-Z]+ \S+) (\S+)$/.exec(key);
		const route = match?.[1] ?? '';
		return [...(QUERY_NAMES[route] ?? []), ...(BODY_NAMES[route] ?? [])].includes(match?.[2] ?? '');
	};
	for (const [key, value] of Object.entries(names)) {
		if (!renamable.has(key) && !onOneRoute(key))
			throw new Error(`apiNames: "${key}" is not a name the sandbox chose`);
		if (typeof value !== 'string' || value === '') {
			throw new Error(`apiNames: "${key}" needs a name`);
		}
	}
	const pathRoutes = CHOSEN_PATHS.filter((route) => names[route] !== undefined);
	const allRoutes = [...new Set([...Object.keys(QUERY_NAMES), ...Object.keys(BODY_NAMES)])];
	const active = Object.keys(names).length > 0 || ignoredQuery.length > 0;

	/** The canonical path of a request: a renamed route's path back to its default; the default itself to none. */
	function canonicalPath(method, path) {
		for (const route of pathRoutes) {
			const [routeMethod, template] = route.split(' ');
			if (routeMethod !== method) continue;
			const renamed = routeMatcher(names[route]).exec(path);
			if (renamed) return fillIds(template, renamed.slice(1));
			if (routeMatcher(template).test(path)) return `/v1/__renamed${path}`;
		}
		return path;
	}

	/** The name used for a chosen name on a route: the route's own, else the plain one; undefined: the default. */
	const nameOn = (routeKey, name) => names[`${routeKey} ${name}`] ?? names[name];

	/** Query pairs under the canonical names: renamed ones back, renamed-away defaults and ignored ones dropped. */
	function canonicalQuery(route, search) {
		const chosen = route ? (QUERY_NAMES[route.key] ?? []) : [];
		const renamed = chosen.filter((n) => nameOn(route.key, n));
		const back = new Map(renamed.map((n) => [nameOn(route.key, n), n]));
		const query = new URLSearchParams();
		for (const [key, value] of new URLSearchParams(search)) {
			if (ignoredQuery.includes(key)) continue;
			if (back.has(key)) query.append(back.get(key), value);
			else if (!renamed.includes(key)) query.append(key, value);
		}
		return query.toString();
	}

	return {
		/** Fastify's rewriteUrl: the URL as the sandbox's routes know it. */
		rewriteUrl(method, url) {
			if (!active) return url;
			const mark = url.indexOf('?');
			const path = canonicalPath(method, mark === -1 ? url : url.slice(0, mark));
			const route = routeOf(method, path, Object.keys(QUERY_NAMES));
			const search = mark === -1 ? '' : canonicalQuery(route, url.slice(mark + 1));
			return search ? `${path}?${search}` : path;
		},
		/** Request headers under the canonical names: a renamed header back; the renamed-away default dropped. */
		headers(headers) {
			const renamed = HEADER_NAMES.filter((name) => names[name]);
			if (renamed.length === 0) return headers;
			const result = { ...headers };
			for (const name of renamed) {
				const value = headers[names[name].toLowerCase()];
				delete result[names[name].toLowerCase()];
				delete result[name.toLowerCase()];
				if (value !== undefined) result[name.toLowerCase()] = value;
			}
			return result;
		},
		/** A JSON body under the canonical names (renamed chosen body names back; the renamed-away default stays, unknown). */
		body(method, path, json) {
			const routeKey = routeOf(method, path, allRoutes)?.key ?? '';
			const chosen = BODY_NAMES[routeKey] ?? [];
			if (!json || typeof json !== 'object' || Array.isArray(json) || chosen.length === 0)
				return json;
			const renamedAway = chosen.filter((n) => nameOn(routeKey, n));
			if (renamedAway.length === 0) return json;
			const result = {};
			for (const [key, value] of Object.entries(json)) {
				const original = renamedAway.find((n) => nameOn(routeKey, n) === key);
				if (original) result[original] = value;
				else if (renamedAway.includes(key)) result[`${key} (not a field of this platform)`] = value;
				else result[key] = value;
			}
			return result;
		},
	};
}

module.exports = { createApiNames };
