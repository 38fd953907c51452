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

module.exports = { objectBody, jsonBody, ownSubmerchantFromPath, assignDefined };
