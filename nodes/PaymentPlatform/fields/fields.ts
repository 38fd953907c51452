/**
 * One declaration per field. An operation lists its editor properties as n8n's own nodes do, and each property that
 * feeds the API carries `api`: the API field it fills and the reference's rule for it. `declareFields` turns the list
 * into what the operation needs:
 * - the editor properties (without `api`), each description ending with the limit the node checks, `required` and
 *   the number bounds taken from the rule, and the Fields to Clear options of an update;
 * - the rule table (fieldRules.ts) that builds the body or query, each row's parameter path given by where the
 *   property sits (`customer.details.name`), never typed;
 * - the path ids (`/v1/submerchants/{id}`), checked by the same rules before anything is sent;
 * - the API names Additional Body Fields / Additional Query Parameters refuse, named by the fields that set them.
 *
 * A property without `api` is the node's own (Simplify, Options, Return All...): test/fields.test.ts lists them, so a
 * new field without a rule fails the tests instead of being silently never sent.
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
import {
	CLEAR_PARAMETER,
	buildRequest,
	clearableFields,
	convertValues,
	limitText,
	withClearedFields,
	InputValidator,
} from './fieldRules';
import {
	type OwnFields,
	ownFieldsOf,
	withAdditionalBody,
	withAdditionalQuery,
} from './additionalFields';

/** The rule of the API field a property fills; the parameter path comes from the property's place. */
type ApiRule = Omit<FieldRule, 'parameter' | 'rows'> & {
	/** A path id (`{id}` in the request path) rather than a body or query field. */
	inPath?: boolean;
};

/** A fixedCollection's group whose values are declared fields. */
type DeclaredGroup = Omit<INodePropertyCollection, 'values'> & { values: DeclaredField[] };

/**
 * An editor property, with `api` when it feeds an API field. A `collection`'s options and a `fixedCollection`'s group
 * values are declared fields too; a `fixedCollection` whose `api` is of type `rows` sends each entry as one object.
 */
export type DeclaredField = Omit<INodeProperties, 'options'> & {
	api?: ApiRule;
	options?: Array<INodePropertyOptions | DeclaredField | DeclaredGroup>;
};

export interface OperationFields {
	/** The editor properties, with the limits in their descriptions. */
	properties: INodeProperties[];
	/** The body or query rules, in the order declared. */
	rules: FieldRule[];
	/** The path ids, by API name in `field`. */
	path: FieldRule[];
	/** The API names the node's own fields set, by the display names of those fields. */
	ownFields: OwnFields;
	/** Whether the operation offers Fields to Clear (an update). */
	clears: boolean;
}

/** The "Fields to Clear" parameter of an update; declareFields fills its options from the clearable rules. */
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

/** The editor property of a declared field: its limit in the description, required and bounds from the rule. */
function editorProperty(declared: DeclaredField, rule: FieldRule | undefined, topLevel: boolean) {
	const result = { ...declared } as INodeProperties & Pick<DeclaredField, 'api'>;
	delete result.api;
	const limit = rule ? limitText(rule) : undefined;
	if (limit && result.description && !result.description.includes(limit)) {
		result.description = `${result.description.replace(/\.$/, '')} (${limit})`;
	}
	if (topLevel && rule?.required) result.required = true;
	if (rule && result.type === 'number') {
		const bounds = {
			...(rule.type === 'cents' || rule.type === 'integer' ? { numberPrecision: 0 } : {}),
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

/** The rule of a declared field read at `parameter`, and whether it is a path id. */
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

/** The properties, rules, path ids and own API names of one operation's declared fields (see the top of the file). */
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

/**
 * The path ids of item `i`, by API name, checked by their rules (a UUID, required) before anything is sent. A
 * resource locator gives its id.
 */
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

/**
 * The body of item `i`: the declared fields' values, checked and converted (buildRequest), the fields chosen in
 * Fields to Clear, then Options → Additional Body Fields.
 */
export function requestBody(
	this: IExecuteFunctions,
	i: number,
	fields: OperationFields,
): IDataObject {
	const values = buildRequest.call(this, i, fields.rules);
	const body = fields.clears ? withClearedFields.call(this, i, fields.rules, values) : values;
	return withAdditionalBody.call(this, i, body, fields.ownFields);
}

/** The query of item `i`: the declared fields' values, then Options → Additional Query Parameters. */
export function requestQuery(
	this: IExecuteFunctions,
	i: number,
	fields: Pick<OperationFields, 'rules' | 'ownFields'>,
	nodeOwn: OwnFields = {},
): IDataObject {
	const values = buildRequest.call(this, i, fields.rules);
	return withAdditionalQuery.call(this, i, values, { ...nodeOwn, ...fields.ownFields });
}

/** The maximum of a create's length, for an update that states only maximums. */
export function maximumOnly(length: Length | undefined): Length | undefined {
	return length ? { max: length.max ?? length.exact } : undefined;
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
