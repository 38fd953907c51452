import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyCollection,
} from 'n8n-workflow';
import { PAGINATION_QUERY } from '../../shared/chosenNames';
import { type FieldRule, jsonObject, InputValidator } from './fieldRules';

/**
 * The escape hatch for fields the API reference does not list (yet): write operations take extra JSON body fields,
 * read operations extra query parameters, both under Options. They are merged into the request after the node's own
 * fields are validated; a name the node's own fields set is refused before anything is sent, naming that field, so
 * the hatch never silently overrides a validated value.
 */

/** API body field or query parameter name → the display name of the node field that sets it. */
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

/** As n8n's HTTP Request node takes query parameters: name and value pairs. */
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

/** The page number and size of a paginated list are the node's (Return All and Limit decide them). */
export const PAGINATION_FIELDS: OwnFields = {
	[PAGINATION_QUERY.page]: 'Return All / Limit',
	[PAGINATION_QUERY.perPage]: 'Return All / Limit',
};

/**
 * The names an operation's rule table sets, by the node field that sets them: each top-level API field of `table`,
 * named by the display names on the way to its parameter in `properties` ("Filters → Status"; a fixedCollection's
 * group is not named). A field fed by several parameters (an object such as `customer`) is named by what their ways
 * share ("Customer").
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

/** The display names on the way to a parameter (a dot path); a name not found is kept as it is. */
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

/** `body` with Options → Additional Body Fields (JSON) of item `i` added; call it once `body` is validated. */
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

/** `qs` with Options → Additional Query Parameters of item `i` added; call it once `qs` is validated. */
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

/** The value of `option` under Options for item `i`, and the validator that names that item. */
function readOption(
	this: IExecuteFunctions,
	i: number,
	option: INodeProperties,
): { validate: InputValidator; value: unknown } {
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	return { validate: new InputValidator(this.getNode(), i), value: options[option.name] };
}

/**
 * Refuses every name the node's own fields set (`own`), and any name already in the request (`sent`) that `own`
 * forgot: the node's validated value must be what is sent.
 */
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
