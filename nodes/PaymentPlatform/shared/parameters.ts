import type { IExecuteFunctions, IGetNodeParameterOptions } from 'n8n-workflow';
import { InputValidator } from './validate';
import { convertValues } from './fieldRules';

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
	const { limit } = convertValues(
		[{ parameter: 'limit', field: 'limit', type: 'integer', required: true, range: { min: 1 } }],
		{ limit: this.getNodeParameter('limit', i, 50) },
		new InputValidator(this.getNode(), i),
	);
	return limit as number;
}
