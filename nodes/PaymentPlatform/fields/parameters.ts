import type { IExecuteFunctions, IGetNodeParameterOptions } from 'n8n-workflow';
import { InputValidator } from './validate';
import { convertValues } from './fieldRules';

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
