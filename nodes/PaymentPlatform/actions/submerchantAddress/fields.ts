import { LIMITS } from '../../../shared/documentedValues';
import { ADDRESS_TYPES } from '../../documentedValues';
import type { DeclaredField } from '../../fields/fields';
import { apiField, maximumOnly } from '../../fields/fields';
import { ADDRESS_TYPE_BODY_FIELD } from '../../../shared/chosenNames';

const A = LIMITS.address;

const byDisplayName = (a: DeclaredField, b: DeclaredField) =>
	a.displayName.localeCompare(b.displayName);

/**
 * Create takes them as the reference states them; Update the same, all optional, with only the maximums. The address
 * type's body name is chosen (ADDRESS_TYPE_BODY_FIELD), sent only when picked.
 */
const ADDRESS_FIELDS: DeclaredField[] = [
	apiField(
		'Street',
		'street',
		'Street name',
		{ field: 'street', type: 'string', required: true, length: A.street },
		{ placeholder: 'e.g. Avenida Paulista' },
	),
	apiField(
		'Number',
		'number',
		'Street number, as text (so "S/N" is allowed)',
		{ field: 'number', type: 'string', required: true, length: A.number },
		{ placeholder: 'e.g. 1000' },
	),
	apiField(
		'Neighborhood',
		'neighborhood',
		'Neighborhood (bairro)',
		{ field: 'neighborhood', type: 'string', required: true, length: A.neighborhood },
		{ placeholder: 'e.g. Bela Vista' },
	),
	apiField(
		'City',
		'city',
		'City name',
		{ field: 'city', type: 'string', required: true, length: A.city },
		{ placeholder: 'e.g. Sao Paulo' },
	),
	apiField(
		'State',
		'state',
		'State code',
		{ field: 'state', type: 'string', required: true, length: A.state },
		{ placeholder: 'e.g. SP' },
	),
	apiField(
		'ZIP Code',
		'zipCode',
		'Postal code (CEP)',
		{ field: 'zip_code', type: 'string', required: true, length: A.zipCode, code: true },
		{ placeholder: 'e.g. 01310-100' },
	),
	apiField(
		'Country',
		'country',
		'Country code',
		{ field: 'country', type: 'string', required: true, length: A.country },
		{ default: 'BR', placeholder: 'e.g. BR' },
	),
	{
		displayName: 'Address Type',
		name: 'addressType',
		type: 'options',
		options: [
			{ name: 'Billing', value: 'billing', description: 'Used for billing' },
			{ name: 'Both', value: 'both', description: 'Used for billing and shipping' },
			{ name: 'Shipping', value: 'shipping', description: 'Used for shipping' },
		],
		default: 'billing',
		description:
			'What the address is used for; sent only when added here (the reference does not show its body name)',
		api: { field: ADDRESS_TYPE_BODY_FIELD, type: 'enum', values: ADDRESS_TYPES },
	},
	apiField(
		'Complement',
		'complement',
		'Apartment, suite or floor',
		{ field: 'complement', type: 'string', length: A.complement },
		{ placeholder: 'e.g. Sala 12' },
	),
	apiField('Is Primary', 'isPrimary', 'Whether this is the primary address of the submerchant', {
		field: 'is_primary',
		type: 'boolean',
	}),
];

export const ADDRESS_REQUIRED_FIELDS = ADDRESS_FIELDS.filter((field) => field.api?.required);

export const ADDRESS_OPTIONAL_FIELDS = ADDRESS_FIELDS.filter((field) => !field.api?.required).sort(
	byDisplayName,
);

export const ADDRESS_UPDATE_FIELDS: DeclaredField[] = ADDRESS_FIELDS.map((field) => ({
	...field,
	default: field.type === 'string' ? '' : field.default,
	api: field.api && {
		...field.api,
		required: false,
		length: maximumOnly(field.api.length),
	},
})).sort(byDisplayName);
