'use strict';
/**
 * Small helpers shared by the route modules.
 */
const { pathUuid } = require('../api/issues');
const { isPlainObject, RULES } = require('../api/rules');
const { badRequest, HTTP_STATUS, invalid, notFound } = require('../errors');

/** A JSON body as an object: absent means `{}`; anything that is not an object is a validation error. */
function objectBody(body) {
	if (body === undefined) return {};
	if (!isPlainObject(body)) throw invalid('body', RULES.object, 'body must be a JSON object');
	return body;
}

/** The JSON object body of a write operation; a multipart body is the wrong media type here. */
function jsonBody(ctx) {
	if (ctx.formParts !== undefined)
		throw badRequest(
			'This operation takes an application/json body',
			HTTP_STATUS.unsupportedMediaType,
		);
	return objectBody(ctx.body);
}

/** The submerchant named by the `id` path parameter, if the caller's merchant owns it; 404 otherwise. */
function ownSubmerchantFromPath(ctx) {
	const submerchant = ctx.app.store.ownSubmerchant(pathUuid(ctx.params, 'id'));
	if (!submerchant) throw notFound('Submerchant');
	return submerchant;
}

/** Assigns the defined values of `changes` onto `target`. */
function assignDefined(target, changes) {
	for (const [key, value] of Object.entries(changes)) {
		if (value !== undefined) target[key] = value;
	}
}

/**
 * A row of a route module's table (routes/index.js): the method, the path, the handler and, when the request has
 * rules, its schema (`{ body }` or `{ querystring }`).
 * @param {import('./index').Route['method']} method
 * @param {string} url
 * @param {import('./index').Route['handler']} handler
 * @param {import('./index').Route['schema']} [schema]
 * @returns {import('./index').Route}
 */
function route(method, url, handler, schema) {
	return schema === undefined ? { method, url, handler } : { method, url, schema, handler };
}

module.exports = { objectBody, jsonBody, ownSubmerchantFromPath, assignDefined, route };
