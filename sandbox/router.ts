/**
 * Path routing: `/v1/submerchants/:id` patterns, telling "no such path" (404) from "path exists, other method" (405).
 */
import type { MultipartPart } from './multipart';
import type { Pagination } from './pagination';
import type { SandboxContext } from './context';
import type { QueryObject } from './validation';

export interface RouteContext {
	app: SandboxContext;
	method: string;
	path: string;
	params: Record<string, string>;
	query: QueryObject;
	/** Parsed JSON body; undefined when none was sent or the request was multipart. */
	body: unknown;
	/** Multipart parts; undefined unless the request was multipart/form-data. */
	parts: MultipartPart[] | undefined;
}

export interface RouteResult {
	status?: number;
	message: string;
	data?: unknown;
	pagination?: Pagination;
	/** A non-envelope answer (served uploads). */
	raw?: { contentType: string; body: Buffer };
}

export type Handler = (ctx: RouteContext) => RouteResult | Promise<RouteResult>;

interface CompiledRoute {
	method: string;
	pattern: RegExp;
	keys: string[];
	handler: Handler;
}

export type RouteMatch =
	| { handler: Handler; params: Record<string, string> }
	| { allowed: string[] };

function safeDecode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

export class Router {
	private readonly routes: CompiledRoute[] = [];

	add(method: string, path: string, handler: Handler): this {
		const keys: string[] = [];
		const source = path
			.split('/')
			.map((segment) => {
				if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
				keys.push(segment.slice(1));
				return '([^/]+)';
			})
			.join('/');
		this.routes.push({ method, pattern: new RegExp(`^${source}$`), keys, handler });
		return this;
	}

	/** undefined: no route has this path; `allowed`: the path exists for other methods only. */
	match(method: string, path: string): RouteMatch | undefined {
		const allowed: string[] = [];
		for (const route of this.routes) {
			const found = route.pattern.exec(path);
			if (!found) continue;
			if (route.method !== method) {
				if (!allowed.includes(route.method)) allowed.push(route.method);
				continue;
			}
			const params: Record<string, string> = {};
			route.keys.forEach((key, index) => (params[key] = safeDecode(found[index + 1])));
			return { handler: route.handler, params };
		}
		return allowed.length > 0 ? { allowed } : undefined;
	}
}
