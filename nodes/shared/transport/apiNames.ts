/**
 * The credential's "API Names": the platform's names for the names this package chose. A plain key renames a name on
 * every route that chose it; "GET /v1/charges start_date" on that route only, winning there. Operations write the
 * defaults and renameRequest swaps in the user's names just before sending, only where a name is a chosen one (the
 * address `type`, never a document's documented `type`). Two names sent as one would lose a value: parseApiNames
 * refuses such a rename, renameRequest such a request.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	CHOSEN_BODY_NAMES,
	CHOSEN_HEADER_NAMES,
	CHOSEN_PATHS,
	CHOSEN_QUERY_NAMES,
} from '../chosenNames';

export type ApiNames = Readonly<Record<string, string>>;

export const API_NAMES_SETTING = 'the Payment Platform API credential, field "API Names"';

const ID_SEGMENT = '{id}';

/** n8n adds Authorization: a chosen header renamed to one of these would replace it. */
const HEADERS_THE_NODE_SENDS = ['Accept', 'Authorization', 'Content-Type'];

type NameKind = 'query' | 'body' | 'header' | 'path';

type KeyKind = NameKind | 'name on one route';

function renamableNames(): Map<string, NameKind> {
	const names = new Map<string, NameKind>();
	for (const list of Object.values(CHOSEN_QUERY_NAMES)) list.forEach((n) => names.set(n, 'query'));
	for (const list of Object.values(CHOSEN_BODY_NAMES)) list.forEach((n) => names.set(n, 'body'));
	CHOSEN_HEADER_NAMES.forEach((name) => names.set(name, 'header'));
	CHOSEN_PATHS.forEach((route) => names.set(route, 'path'));
	return names;
}

function chosenNamesOf(route: string): string[] {
	return [...new Set([...(CHOSEN_QUERY_NAMES[route] ?? []), ...(CHOSEN_BODY_NAMES[route] ?? [])])];
}

function routeKey(key: string): { route: string; name: string } | undefined {
	const match = /^([A-Z]+ \S+) (\S+)$/.exec(key);
	if (!match || !chosenNamesOf(match[1]).includes(match[2])) return undefined;
	return { route: match[1], name: match[2] };
}

/** Returns the refusal's text instead of throwing, for the caller to raise in its own context. */
export function parseApiNames(raw: unknown): { names: ApiNames } | { problem: string } {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
		return { names: {} };
	}
	let parsed: unknown = raw;
	if (typeof raw === 'string') {
		try {
			parsed = JSON.parse(raw);
		} catch {
			return { problem: 'is not valid JSON' };
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		return { problem: 'must be a JSON object, e.g. {"start_date": "from"}' };
	}
	const known: Map<string, KeyKind> = renamableNames();
	const names: Record<string, string> = {};
	for (const [key, value] of Object.entries(parsed as IDataObject)) {
		const kind = known.get(key) ?? (routeKey(key) ? 'name on one route' : undefined);
		if (!kind) {
			return {
				problem: `has "${key}", which is not a name this package chose; the names are: ${[...known.keys()].join(', ')}; or one of them for one operation only, after its route (e.g. "GET /v1/charges start_date")`,
			};
		}
		const name = typeof value === 'string' ? value.trim() : '';
		if (!name || (kind !== 'path' && /\s/.test(name))) {
			return { problem: `gives "${key}" no usable name (text without spaces)` };
		}
		if (kind === 'path' && !validPathFor(key, name)) {
			return {
				problem: `gives "${key}" the path "${name}": a path starts with / and has ${ID_SEGMENT} where the default has it`,
			};
		}
		names[key] = name;
	}
	const clash = clashOf(names);
	return clash ? { problem: clash } : { names };
}

function validPathFor(route: string, path: string): boolean {
	const ids = (text: string) => text.split(ID_SEGMENT).length - 1;
	return path.startsWith('/') && !/\s/.test(path) && ids(path) === ids(route);
}

function clashOf(names: ApiNames): string | undefined {
	const routes = new Set([...Object.keys(CHOSEN_QUERY_NAMES), ...Object.keys(CHOSEN_BODY_NAMES)]);
	for (const route of routes) {
		const sentBy = new Map<string, string>();
		for (const name of chosenNamesOf(route)) {
			const sent = sentName(names, name, route);
			const other = sentBy.get(sent);
			if (other !== undefined) {
				return `sends "${other}" and "${name}" both as "${sent}" on ${route}: one value would be lost. Give each its own name (a key like "${route} ${name}" renames it on that route only)`;
			}
			sentBy.set(sent, name);
		}
	}
	const pathOf = (route: string) => `${route.split(' ')[0]} ${names[route] ?? route.split(' ')[1]}`;
	for (const [index, route] of CHOSEN_PATHS.entries()) {
		const other = CHOSEN_PATHS.slice(0, index).find((earlier) => pathOf(earlier) === pathOf(route));
		if (other) return `sends "${other}" and "${route}" both as "${pathOf(route)}"`;
	}
	for (const header of CHOSEN_HEADER_NAMES) {
		const sent = sentName(names, header);
		const taken = HEADERS_THE_NODE_SENDS.find((own) => own.toLowerCase() === sent.toLowerCase());
		if (taken) return `gives "${header}" the name "${sent}", a header the node already sends`;
	}
	return undefined;
}

/** The route's own rename, else the plain one, else the default. */
export function sentName(names: ApiNames, defaultName: string, route?: string): string {
	return (
		(route ? names[`${route} ${defaultName}`] : undefined) ?? names[defaultName] ?? defaultName
	);
}

interface OutgoingRequest {
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
}

/**
 * A problem instead when a renamed name meets another name of the same query or body (an Additional Body Field,
 * say).
 */
export function renameRequest(
	names: ApiNames,
	method: string,
	request: OutgoingRequest,
): OutgoingRequest | { problem: string } {
	if (Object.keys(names).length === 0) return request;
	const route = routeOf(method, request.path);
	if (!route) return request;
	const qs = renameKeys(names, route.key, CHOSEN_QUERY_NAMES[route.key], request.qs);
	const body = renameKeys(names, route.key, CHOSEN_BODY_NAMES[route.key], request.body);
	if ('problem' in qs) return qs;
	if ('problem' in body) return body;
	return { path: renamedPath(names, route, request.path), qs: qs.values, body: body.values };
}

interface Route {
	key: string;
	ids: string[];
}

const ROUTES = [
	...new Set([
		...Object.keys(CHOSEN_QUERY_NAMES),
		...Object.keys(CHOSEN_BODY_NAMES),
		...CHOSEN_PATHS,
	]),
].map((key) => {
	const [method, template] = key.split(' ');
	const pattern = template
		.split(ID_SEGMENT)
		.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('([^/]+)');
	return { key, method, regex: new RegExp(`^${pattern}$`) };
});

function routeOf(method: string, path: string): Route | undefined {
	for (const route of ROUTES) {
		const match = route.method === method ? route.regex.exec(path) : null;
		if (match) return { key: route.key, ids: match.slice(1) };
	}
	return undefined;
}

function renamedPath(names: ApiNames, route: Route, path: string): string {
	const template = CHOSEN_PATHS.includes(route.key) ? names[route.key] : undefined;
	if (template === undefined) return path;
	let next = 0;
	return template.split(ID_SEGMENT).reduce((built, part) => `${built}${route.ids[next++]}${part}`);
}

function renameKeys(
	names: ApiNames,
	route: string,
	chosen: readonly string[] | undefined,
	values: IDataObject | undefined,
): { values: IDataObject | undefined } | { problem: string } {
	if (!values || !chosen) return { values };
	const renamed: IDataObject = {};
	const from: Record<string, string> = {};
	for (const [key, value] of Object.entries(values)) {
		const sent = chosen.includes(key) ? sentName(names, key, route) : key;
		if (sent in from) {
			return {
				problem: `would send "${from[sent]}" and "${key}" both as "${sent}" on ${route}: one value would be lost`,
			};
		}
		from[sent] = key;
		renamed[sent] = value;
	}
	return { values: renamed };
}
