/** Fields to Clear: what an update may empty on the API, and the body that empties it. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { type FieldRule, InputValidator } from './fieldRules';

export const CLEAR_PARAMETER = 'fieldsToClear';

/**
 * What the reference lets take the empty value: text without a minimum or pattern (""), lists without a minimum
 * count ([]).
 */
export function clearableFields(table: FieldRule[]): FieldRule[] {
	return table.filter(
		(rule) =>
			(rule.type === 'string' &&
				!rule.pattern &&
				rule.length?.min === undefined &&
				rule.length?.exact === undefined) ||
			((rule.type === 'array' || rule.type === 'rows') && !rule.minItems),
	);
}

export function withClearedFields(
	this: IExecuteFunctions,
	i: number,
	table: FieldRule[],
	values: IDataObject,
): IDataObject {
	const chosen = this.getNodeParameter(CLEAR_PARAMETER, i, []) as unknown;
	const names = new Set((Array.isArray(chosen) ? chosen : [chosen]).map(String));
	const validate = new InputValidator(this.getNode(), i);
	const result = { ...values };
	for (const rule of clearableFields(table)) {
		if (!names.has(rule.field)) continue;
		if (result[rule.field] !== undefined) {
			validate.fail(rule.field, 'cannot be both given and cleared');
		}
		result[rule.field] = rule.type === 'string' ? '' : [];
	}
	return result;
}
