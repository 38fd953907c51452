/**
 * One declaration per field: each editor property that feeds the API carries `api`, the API field it fills and the
 * reference's rule for it. declareFields turns the list into the editor properties (the limit ending each
 * description, required and number bounds from the rule), the rule table (each parameter path given by where the
 * property sits, never typed), the path ids, and the API names the escape hatches refuse. A property without `api`
 * is the node's own: test/fields.test.ts lists those, so a field added without a rule fails.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	IGetNodeParameterOptions,
} from 'n8n-workflow';
import type { FieldRule, Length } from './fieldRules';
import { limitText, InputValidator } from './fieldRules';
import { buildRequest, convertValues } from './convertFields';
import { CLEAR_PARAMETER, clearableFields, withClearedFields } from './clearedFields';
import {
	type OwnFields,
	ownFieldsOf,
	withAdditionalBody,
	withAdditionalQuery,
} from './additionalFields';

type ApiRule = Omit<FieldRule, 'parameter' | 'rows'> & {
	/** A path id (`{id}` in the request path) rather than a body or query field. */
	inPath?: boolean;
};

type DeclaredGroup = Omit<INodePropertyCollection, 'values'> & { values: DeclaredField[] };

/** A `fixedCollection` whose `api` is of type `rows` sends each entry as one object. */
export type DeclaredField = Omit<INodeProperties, 'options'> & {
	api?: ApiRule;
	options?: Array<INodePropertyOptions | DeclaredField | DeclaredGroup>;
};

export const UUID_PLACEHOLDER = 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';

const EDITOR_INPUT: Partial<Record<ApiRule['type'], Partial<DeclaredField>>> = {
	string: { type: 'string', default: '' },
	uuid: { type: 'string', default: '', placeholder: UUID_PLACEHOLDER },
	cents: { type: 'number', default: 0 },
	integer: { type: 'number', default: 0 },
	number: { type: 'number', default: 0 },
	boolean: { type: 'boolean', default: false },
	dateTime: { type: 'dateTime', default: '' },
	enum: { type: 'options' },
};

/** The editor input follows from the API type (an empty default); `more` adds to or overrides it. */
export function apiField(
	displayName: string,
	name: string,
	description: string,
	api: ApiRule,
	more: Partial<DeclaredField> = {},
): DeclaredField {
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		...EDITOR_INPUT[api.type],
		description,
		api,
		...more,
	};
}

export interface OperationFields {
	properties: INodeProperties[];
	rules: FieldRule[];
	path: FieldRule[];
	ownFields: OwnFields;
	clears: boolean;
}

/** Its options come from the clearable rules. */
export const fieldsToClear: DeclaredField = {
	displayName: 'Fields to Clear',
	name: CLEAR_PARAMETER,
	type: 'multiOptions',
	options: [],
	default: [],
	description:
		'Fields to empty on the API: text is sent as "" and lists as []. An empty value in the fields above is left out, not cleared.',
};

function isGroup(option: object): option is DeclaredGroup {
	return 'values' in option;
}

function isField(option: object): option is DeclaredField {
	return 'displayName' in option && 'type' in option;
}

function editorProperty(declared: DeclaredField, rule: FieldRule | undefined, topLevel: boolean) {
	const result = { ...declared } as INodeProperties & Pick<DeclaredField, 'api'>;
	delete result.api;
	const limit = rule ? limitText(rule) : undefined;
	if (limit && result.description && !result.description.includes(limit)) {
		result.description = `${result.description.replace(/\.$/, '')} (${limit})`;
	}
	if (topLevel && rule?.required) result.required = true;
	if (rule && result.type === 'number') {
		// No numberPrecision: n8n's number input would round 99.90 to 100 before the node could refuse it.
		const bounds = {
			...(rule.range?.min !== undefined ? { minValue: rule.range.min } : {}),
			...(rule.range?.max !== undefined ? { maxValue: rule.range.max } : {}),
		};
		if (Object.keys(bounds).length > 0) result.typeOptions = { ...bounds, ...result.typeOptions };
	}
	return result;
}

interface Walk {
	rules: FieldRule[];
	path: FieldRule[];
}

function ruleAt(
	api: ApiRule,
	parameter: string,
	defaultValue: unknown,
): { rule: FieldRule; inPath: boolean } {
	const { inPath = false, ...rule } = api;
	return { rule: { ...rule, parameter, default: defaultValue }, inPath };
}

function walk(list: DeclaredField[], prefix: string, found: Walk): INodeProperties[] {
	return list.map((declared) => {
		const parameter = prefix + declared.name;
		const options = declared.options ?? [];
		if (declared.api && declared.type === 'fixedCollection') {
			// One group whose every entry is one object of the API field (items, split, cnaes).
			const [group] = options.filter(isGroup);
			const rows: Walk = { rules: [], path: [] };
			const values = walk(group.values, '', rows);
			const { rule } = ruleAt(declared.api, `${parameter}.${group.name}`, declared.default);
			rule.rows = rows.rules;
			found.rules.push(rule);
			return { ...editorProperty(declared, rule, prefix === ''), options: [{ ...group, values }] };
		}
		if (declared.api) {
			const { rule, inPath } = ruleAt(declared.api, parameter, declared.default);
			const table = inPath ? found.path : found.rules;
			// A field declared twice under two display conditions (File URL) is one rule.
			if (!table.some((known) => known.parameter === parameter)) table.push(rule);
			return editorProperty(declared, rule, prefix === '');
		}
		const property = editorProperty(declared, undefined, false);
		if (declared.type === 'collection') {
			property.options = walk(options.filter(isField), `${parameter}.`, found);
		}
		if (declared.type === 'fixedCollection') {
			property.options = options.filter(isGroup).map((group) => ({
				...group,
				values: walk(group.values, `${parameter}.${group.name}.`, found),
			}));
		}
		return property;
	});
}

export function declareFields(declared: DeclaredField[]): OperationFields {
	const found: Walk = { rules: [], path: [] };
	const walked = walk(declared, '', found);
	const properties = walked.map((property) =>
		property.name === CLEAR_PARAMETER
			? {
					...property,
					options: clearableFields(found.rules)
						.map((rule) => ({ name: rule.field, value: rule.field }))
						.sort((a, b) => a.name.localeCompare(b.name)),
				}
			: property,
	);
	return {
		properties,
		rules: found.rules,
		path: found.path,
		ownFields: ownFieldsOf(properties, found.rules),
		clears: properties.some((property) => property.name === CLEAR_PARAMETER),
	};
}

/** Checked by their rules before anything is sent; a resource locator gives its id. */
export function readPathIds(
	this: IExecuteFunctions,
	i: number,
	{ path }: Pick<OperationFields, 'path'>,
): Record<string, string> {
	const given = Object.fromEntries(
		path.map(({ parameter }) => [
			parameter,
			this.getNodeParameter(parameter, i, '', { extractValue: true }) as unknown,
		]),
	);
	return convertValues(path, given, new InputValidator(this.getNode(), i)) as Record<
		string,
		string
	>;
}

/** The declared fields, then Fields to Clear, then Options → Additional Body Fields. */
export function requestBody(
	this: IExecuteFunctions,
	i: number,
	fields: OperationFields,
): IDataObject {
	const values = buildRequest.call(this, i, fields.rules);
	const body = fields.clears ? withClearedFields.call(this, i, fields.rules, values) : values;
	return withAdditionalBody.call(this, i, body, fields.ownFields);
}

export function requestQuery(
	this: IExecuteFunctions,
	i: number,
	fields: Pick<OperationFields, 'rules' | 'ownFields'>,
	nodeOwn: OwnFields = {},
): IDataObject {
	const values = buildRequest.call(this, i, fields.rules);
	return withAdditionalQuery.call(this, i, values, { ...nodeOwn, ...fields.ownFields });
}

/** For an update that states only maximums. */
export function maximumOnly(length: Length | undefined): Length | undefined {
	return length ? { max: length.max ?? length.exact } : undefined;
}

export function getTrimmedString(
	this: IExecuteFunctions,
	name: string,
	i: number,
	fallback = '',
	options?: IGetNodeParameterOptions,
): string {
	return String(this.getNodeParameter(name, i, fallback, options) ?? '').trim();
}

/** Undefined means Return All. */
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
