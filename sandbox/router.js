'use strict';
/**
 * Path routing: `/v1/submerchants/:id` patterns, telling "no such path" (404) from "path exists, other method" (405).
 */

function safeDecode(segment) {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

class Router {
	routes = [];

	add(method, path, handler) {
		const keys = [];
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

	/**
	 * undefined: no route has this path; `allowed`: the path exists for other methods only.
	 * @param {string} method
	 * @param {string} path
	 * @returns {{ handler: (ctx: any) => any, params: Record<string, string> } | { allowed: string[] } | undefined}
	 */
	match(method, path) {
		const allowed = [];
		for (const route of this.routes) {
			const found = route.pattern.exec(path);
			if (!found) continue;
			if (route.method !== method) {
				if (!allowed.includes(route.method)) allowed.push(route.method);
				continue;
			}
			/** @type {Record<string, string>} */
			const params = {};
			route.keys.forEach((key, index) => (params[key] = safeDecode(found[index + 1])));
			return { handler: route.handler, params };
		}
		return allowed.length > 0 ? { allowed } : undefined;
	}
}

module.exports = { Router };
