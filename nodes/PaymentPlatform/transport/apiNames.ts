/**
 * The user's names for the names this package chose (chosenNames.ts): the credential's "API Names", a JSON object
 * from a default name to the name the platform uses. Operations keep writing the defaults; `renameRequest` puts the
 * user's names in their place just before a request is sent, only where the name is a chosen one (the address
 * type's `type` is renamed in the address body, never a document's documented `type`).
 */
import type { IDataObject } from 'n8n-workflow';
import {
	CHOSEN_BODY_NAMES,
	CHOSEN_HEADER_NAMES,
	CHOSEN_PATHS,
	CHOSEN_QUERY_NAMES,
} from '../api/chosenNames';

/** Default name (a query, body or header name, or a route "METHOD /path") → the platform's name. */
export type ApiNames = Readonly<Record<string, string>>;

/** Where the user changes the names, as the node's messages say it. */
export const API_NAMES_SETTING = 'the Payment Platform API credential, field "API Names"';

const ID_SEGMENT = '{id}';

/** Every default name the user may change, each with the kind of name it is. */
export function renamableNames(): Map<string, 'query' | 'body' | 'header' | 'path'> {
	const names = new Map<string, 'query' | 'body' | 'header' | 'path'>();
	for (const list of Object.values(CHOSEN_QUERY_NAMES)) list.forEach((n) => names.set(n, 'query'));
	for (const list of Object.values(CHOSEN_BODY_NAMES)) list.forEach((n) => names.set(n, 'body'));
	CHOSEN_HEADER_NAMES.forEach((name) => names.set(name, 'header'));
	CHOSEN_PATHS.forEach((route) => names.set(route, 'path'));
	return names;
}

/**
 * The credential's API Names (an object or JSON text; empty is `{}`) checked: every key a renamable default, every
 * value a name. Returns the refusal's text instead of throwing, for the caller to raise in its own context.
 */
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
	const known = renamableNames();
	const names: Record<string, string> = {};
	for (const [key, value] of Object.entries(parsed as IDataObject)) {
		const kind = known.get(key);
		if (!kind) {
			return {
				problem: `has "${key}", which is not a name this package chose; the names are: ${[...known.keys()].join(', ')}`,
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
	return { names };
}

function validPathFor(route: string, path: string): boolean {
	const ids = (text: string) => text.split(ID_SEGMENT).length - 1;
	return path.startsWith('/') && !/\s/.test(path) && ids(path) === ids(route);
}

/** The name sent for a default name (the default when the user gave none). */
export function sentName(names: ApiNames, defaultName: string): string {
	return names[defaultName] ?? defaultName;
}

export interface OutgoingRequest {
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
}

/** The request with the user's names in place of the chosen defaults it uses. */
export function renameRequest(
	names: ApiNames,
	method: string,
	request: OutgoingRequest,
): OutgoingRequest {
	if (Object.keys(names).length === 0) return request;
	const route = routeOf(method, request.path);
	if (!route) return request;
	return {
		path: renamedPath(names, route, request.path),
		qs: renameKeys(names, CHOSEN_QUERY_NAMES[route.key], request.qs),
		body: renameKeys(names, CHOSEN_BODY_NAMES[route.key], request.body),
	};
}

/** Request headers with the user's names for the chosen header names (letter case ignored). */
export function renameHeaders(names: ApiNames, headers: IDataObject): IDataObject {
	const renamed: IDataObject = {};
	for (const [header, value] of Object.entries(headers)) {
		const chosen = CHOSEN_HEADER_NAMES.find((name) => name.toLowerCase() === header.toLowerCase());
		renamed[chosen ? sentName(names, chosen) : header] = value;
	}
	return renamed;
}

interface Route {
	/** "METHOD /template" as the catalog writes it. */
	key: string;
	/** The path's values at the template's {id} segments, in order. */
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
	chosen: readonly string[] | undefined,
	values: IDataObject | undefined,
): IDataObject | undefined {
	if (!values || !chosen) return values;
	return Object.fromEntries(
		Object.entries(values).map(([key, value]) => [
			chosen.includes(key) ? sentName(names, key) : key,
			value,
		]),
	);
}
