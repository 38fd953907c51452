import type { INodePropertyOptions } from 'n8n-workflow';
import { ADDRESS_TYPES, LIMITS } from '../../shared/apiValues';
import type { FieldRule } from '../../shared/fieldRules';
import { ADDRESS_TYPE_BODY_FIELD } from '../../transport/chosenNames';

/** The address type dropdown shared by Create and Update (values from ADDRESS_TYPES). */
export const ADDRESS_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Billing', value: 'billing', description: 'Used for billing' },
	{ name: 'Both', value: 'both', description: 'Used for billing and shipping' },
	{ name: 'Shipping', value: 'shipping', description: 'Used for shipping' },
];

const A = LIMITS.address;

/**
 * The address fields as the reference states them for Create (POST .../addresses); Update (PATCH) takes the same
 * fields, all optional, with only the maximums. `parameter` is the field's name inside the operation's collection.
 * The address type's body name is not shown: ADDRESS_TYPE_BODY_FIELD is our choice; it is sent only when picked.
 */
const ADDRESS_FIELDS: FieldRule[] = [
	{ parameter: 'street', field: 'street', type: 'string', required: true, length: A.street },
	{ parameter: 'number', field: 'number', type: 'string', required: true, length: A.number },
	{
		parameter: 'neighborhood',
		field: 'neighborhood',
		type: 'string',
		required: true,
		length: A.neighborhood,
	},
	{ parameter: 'city', field: 'city', type: 'string', required: true, length: A.city },
	{ parameter: 'state', field: 'state', type: 'string', required: true, length: A.state },
	{ parameter: 'zipCode', field: 'zip_code', type: 'string', required: true, length: A.zipCode },
	{ parameter: 'country', field: 'country', type: 'string', required: true, length: A.country },
	{ parameter: 'complement', field: 'complement', type: 'string', length: A.complement },
	{ parameter: 'isPrimary', field: 'is_primary', type: 'boolean' },
	{
		parameter: 'addressType',
		field: ADDRESS_TYPE_BODY_FIELD,
		type: 'enum',
		values: ADDRESS_TYPES,
	},
];

/** Create: the required fields are top-level parameters, the others are in Additional Fields. */
export const ADDRESS_CREATE_RULES: FieldRule[] = ADDRESS_FIELDS.map((rule) =>
	rule.required ? rule : { ...rule, parameter: `additionalFields.${rule.parameter}` },
);

/** Update: every field optional, in Update Fields, with the create limit's maximum only. */
export const ADDRESS_UPDATE_RULES: FieldRule[] = ADDRESS_FIELDS.map(({ length, ...rule }) => ({
	...rule,
	parameter: `updateFields.${rule.parameter}`,
	required: false,
	...(length ? { length: { max: length.max ?? length.exact } } : {}),
}));
