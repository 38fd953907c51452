import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyCollection,
} from 'n8n-workflow';
import { PAGINATION_QUERY } from '../../shared/chosenNames';
import { type FieldRule, InputValidator } from './fieldRules';
import { jsonObject } from './exactNumbers';

/**
 * The escape hatch for fields the reference does not list (yet): extra body fields or query parameters under
 * Options, merged after the node's own fields are validated. A name a node field sets is refused, naming that field,
 * so the hatch never overrides a validated value.
 */

/** API name → the display name of the node field that sets it. */
export type OwnFields = Readonly<Record<string, string>>;

const BODY_OPTION = 'Additional Body Fields (JSON)';
const QUERY_OPTION = 'Additional Query Parameters';

export const additionalBodyFieldsOption: INodeProperties = {
	displayName: BODY_OPTION,
	name: 'additionalBodyFields',
	type: 'json',
	default: '{}',
	description:
		'A JSON object of body fields this node has no field for, sent as given, e.g. {"new_field": "value"}. A field the node sets itself is refused.',
};

/** As n8n's HTTP Request node takes them. */
export const additionalQueryParametersOption: INodeProperties = {
	displayName: QUERY_OPTION,
	name: 'additionalQueryParameters',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Parameter',
	default: { parameters: [] },
	description:
		'Query parameters this node has no field for, sent as given. A parameter the node sets itself is refused.',
	options: [
		{
			displayName: 'Parameter',
			name: 'parameters',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
				},
			],
		},
	],
};

/** Return All and Limit decide them. */
export const PAGINATION_FIELDS: OwnFields = {
	[PAGINATION_QUERY.page]: 'Return All / Limit',
	[PAGINATION_QUERY.perPage]: 'Return All / Limit',
};

/**
 * Each top-level API field of `table`, named by the display names on the way to its parameter ("Filters → Status");
 * a field fed by several parameters (`customer`) by what their ways share.
 */
export function ownFieldsOf(properties: INodeProperties[], table: FieldRule[]): OwnFields {
	const ways = new Map<string, string[]>();
	for (const rule of table) {
		const name = rule.field.split('.')[0];
		const way = displayWay(properties, rule.parameter);
		const known = ways.get(name);
		if (!known) {
			ways.set(name, way);
			continue;
		}
		let shared = 0;
		while (shared < known.length && known[shared] === way[shared]) shared++;
		if (shared > 0) ways.set(name, known.slice(0, shared));
	}
	return Object.fromEntries([...ways].map(([name, way]) => [name, way.join(' → ')]));
}

function displayWay(properties: INodeProperties[], parameter: string): string[] {
	const way: string[] = [];
	const keys = parameter.split('.');
	let list: INodeProperties[] | undefined = properties;
	for (let k = 0; k < keys.length; k++) {
		const property: INodeProperties | undefined = list?.find(({ name }) => name === keys[k]);
		if (!property) return [...way, ...keys.slice(k)];
		way.push(property.displayName);
		list = undefined;
		if (property.type === 'collection') list = property.options as INodeProperties[];
		if (property.type === 'fixedCollection') {
			const groups = (property.options ?? []) as INodePropertyCollection[];
			k++;
			list = groups.find(({ name }) => name === keys[k])?.values;
		}
	}
	return way;
}

/** Call it once `body` is validated. */
export function withAdditionalBody(
	this: IExecuteFunctions,
	i: number,
	body: IDataObject,
	own: OwnFields,
): IDataObject {
	const { validate, value } = readOption.call(this, i, additionalBodyFieldsOption);
	const given = value !== undefined && value !== null && value !== '';
	const extra = given ? jsonObject(value, (rule) => validate.fail(BODY_OPTION, rule)) : {};
	refuseOwnFields(validate, Object.keys(extra), own, body, BODY_OPTION);
	return { ...body, ...extra };
}

/** Call it once `qs` is validated. */
export function withAdditionalQuery(
	this: IExecuteFunctions,
	i: number,
	qs: IDataObject,
	own: OwnFields,
): IDataObject {
	const { validate, value } = readOption.call(this, i, additionalQueryParametersOption);
	const collection = value as IDataObject | undefined;
	const parameters = Array.isArray(collection?.parameters)
		? (collection.parameters as IDataObject[])
		: [];
	const extra: IDataObject = {};
	parameters.forEach((parameter, index) => {
		const name = String(parameter.name ?? '').trim();
		if (!name) validate.fail(`${QUERY_OPTION} → parameter ${index + 1}`, 'needs a name');
		if (Object.prototype.hasOwnProperty.call(extra, name)) {
			validate.fail(name, `is given more than once in ${QUERY_OPTION}`);
		}
		const value = parameter.value ?? '';
		if (!['string', 'number', 'boolean'].includes(typeof value)) {
			validate.fail(name, `must be text, a number or a boolean in ${QUERY_OPTION}`);
		}
		extra[name] = value;
	});
	refuseOwnFields(validate, Object.keys(extra), own, qs, QUERY_OPTION);
	return { ...qs, ...extra };
}

function readOption(
	this: IExecuteFunctions,
	i: number,
	option: INodeProperties,
): { validate: InputValidator; value: unknown } {
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	return { validate: new InputValidator(this.getNode(), i), value: options[option.name] };
}

/** Also any name already in the request that `own` forgot: the node's validated value must be what is sent. */
function refuseOwnFields(
	validate: InputValidator,
	names: string[],
	own: OwnFields,
	sent: IDataObject,
	option: string,
): void {
	const has = (object: object, name: string) => Object.prototype.hasOwnProperty.call(object, name);
	for (const name of names) {
		if (has(own, name)) {
			validate.fail(name, `is set by the field "${own[name]}"; remove it from ${option}`);
		}
		if (has(sent, name)) validate.fail(name, `is set by this operation; remove it from ${option}`);
	}
}
