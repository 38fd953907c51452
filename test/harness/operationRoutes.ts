/**
 * Each operation's route in the sandbox, found from the request its case file says it sends (test/cases): the
 * sandbox states routes and their request schemas (sandbox/routes), never the node's operations, so the case file
 * is what ties the two.
 */
import type { ZodTypeAny } from 'zod';
import { API_ROUTES, type Route } from '../../sandbox/routes';
import { CASES } from '../cases';

/** What a path parameter stands for when a case gives its path as a RegExp. */
const SAMPLE_ID = '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const parameterCount = (route: Route) =>
	route.url.split('/').filter((s) => s.startsWith(':')).length;

function answers(route: Route, method: string, path: string | RegExp): boolean {
	if (route.method !== method.toUpperCase()) return false;
	if (path instanceof RegExp) return path.test(route.url.replace(/:[^/]+/g, SAMPLE_ID));
	const segments = route.url
		.split('/')
		.map((segment) => (segment.startsWith(':') ? '[^/]+' : escaped(segment)));
	return new RegExp(`^${segments.join('/')}$`).test(path);
}

/** The route that answers a request; a static path segment wins over a parameter, as in Fastify's router. */
export function routeAnswering(request: {
	method: string;
	path: string | RegExp;
}): Route | undefined {
	return API_ROUTES.filter((route) => answers(route, request.method, request.path)).sort(
		(a, b) => parameterCount(a) - parameterCount(b),
	)[0];
}

/** Each operation's sandbox route by `resource.operation`; undefined where no route answers its case's request. */
export const OPERATION_ROUTES: Record<string, Route | undefined> = Object.fromEntries(
	CASES.map((c) => [c.name, routeAnswering(c.request)]),
);

/** The JSON body schema of each operation whose route states one. */
export function bodySchemas(): Record<string, ZodTypeAny> {
	return Object.fromEntries(
		Object.entries(OPERATION_ROUTES).flatMap(([name, route]) =>
			route?.schema?.body ? [[name, route.schema.body]] : [],
		),
	);
}

/** The schema of each operation's request as its route states it: the body's, else the query's (texts there). */
export function requestSchemas(): Record<string, { schema: ZodTypeAny; query?: boolean }> {
	return Object.fromEntries(
		Object.entries(OPERATION_ROUTES).flatMap(([name, route]) => {
			if (route?.schema?.body) return [[name, { schema: route.schema.body }]];
			if (route?.schema?.querystring)
				return [[name, { schema: route.schema.querystring, query: true }]];
			return [];
		}),
	);
}
