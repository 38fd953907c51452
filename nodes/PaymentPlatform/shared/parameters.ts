import type { IExecuteFunctions, IGetNodeParameterOptions } from 'n8n-workflow';
import { InputValidator } from './validate';

/** Reads a resource locator's id for item `i` and checks that it is a UUID before anything is sent. */
export function getLocatorId(
	this: IExecuteFunctions,
	name: string,
	i: number,
	field: string,
): string {
	const id = getTrimmedString.call(this, name, i, '', { extractValue: true });
	new InputValidator(this.getNode(), i).uuid(field, id);
	return id;
}

/** Reads a plain string id parameter for item `i` and checks that it is a UUID. */
export function getUuidParameter(
	this: IExecuteFunctions,
	name: string,
	i: number,
	field: string,
): string {
	const id = getTrimmedString.call(this, name, i);
	new InputValidator(this.getNode(), i).uuid(field, id);
	return id;
}

/**
 * A string parameter for item `i` without surrounding white space; `fallback` when it is not set. `options` as for
 * getNodeParameter (`extractValue` gives a resource locator's id).
 */
export function getTrimmedString(
	this: IExecuteFunctions,
	name: string,
	i: number,
	fallback = '',
	options?: IGetNodeParameterOptions,
): string {
	return String(this.getNodeParameter(name, i, fallback, options) ?? '').trim();
}

/** Read limit for list operations: undefined means Return All. */
export function getListLimit(this: IExecuteFunctions, i: number): number | undefined {
	const returnAll = this.getNodeParameter('returnAll', i, false) as boolean;
	if (returnAll) return undefined;
	const validate = new InputValidator(this.getNode(), i);
	const limit = validate.optionalInteger('limit', this.getNodeParameter('limit', i, 50), {
		min: 1,
	});
	validate.required('limit', limit);
	return limit as number;
}

/** Drops undefined, null and empty-string values so only the fields the user set are sent. */
export function compact<T extends Record<string, unknown>>(values: T): Partial<T> {
	const result: Partial<T> = {};
	for (const [key, value] of Object.entries(values)) {
		if (value !== undefined && value !== null && value !== '')
			result[key as keyof T] = value as T[keyof T];
	}
	return result;
}
