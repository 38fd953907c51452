/**
 * Small helpers shared by the route modules.
 */
import { badRequest, HTTP_STATUS, notFound } from '../errors';
import type { RouteContext } from '../router';
import type { Submerchant, Json } from '../types';
import { objectBody, pathUuid } from '../validation';

/** The JSON object body of a write operation; a multipart body is the wrong media type here. */
export function jsonBody(ctx: RouteContext): Json {
	if (ctx.parts !== undefined)
		throw badRequest(
			'This operation takes an application/json body',
			HTTP_STATUS.unsupportedMediaType,
		);
	return objectBody(ctx.body);
}

/** The submerchant named by the `id` path parameter, if the caller's merchant owns it; 404 otherwise. */
export function ownSubmerchantFromPath(ctx: RouteContext): Submerchant {
	const submerchant = ctx.app.store.ownSubmerchant(pathUuid(ctx.params, 'id'));
	if (!submerchant) throw notFound('Submerchant');
	return submerchant;
}

/** Assigns the defined values of `changes` onto `target`. */
export function assignDefined<T extends object>(target: T, changes: Partial<T>): void {
	for (const [key, value] of Object.entries(changes)) {
		if (value !== undefined) (target as Record<string, unknown>)[key] = value;
	}
}
