import { ADDRESS_TYPES, LIMITS } from '../../../shared/documentedValues';
import type { DeclaredField } from '../../fields/fields';
import { maximumOnly } from '../../fields/fields';
import { ADDRESS_TYPE_BODY_FIELD } from '../../../shared/chosenNames';

const A = LIMITS.address;

const byDisplayName = (a: DeclaredField, b: DeclaredField) =>
	a.displayName.localeCompare(b.displayName);

/**
 * Create takes them as the reference states them; Update the same, all optional, with only the maximums. The address
 * type's body name is chosen (ADDRESS_TYPE_BODY_FIELD), sent only when picked.
 */
const ADDRESS_FIELDS: DeclaredField[] = [
	{
		displayName: 'Street',
		name: 'street',
		type: 'string',
		default: '',
		placeholder: 'e.g. Avenida Paulista',
		description: 'Street name',
		api: { field: 'street', type: 'string', required: true, length: A.street },
	},
	{
		displayName: 'Number',
		name: 'number',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1000',
		description: 'Street number, as text (so "S/N" is allowed)',
		api: { field: 'number', type: 'string', required: true, length: A.number },
	},
	{
		displayName: 'Neighborhood',
		name: 'neighborhood',
		type: 'string',
		default: '',
		placeholder: 'e.g. Bela Vista',
		description: 'Neighborhood (bairro)',
		api: { field: 'neighborhood', type: 'string', required: true, length: A.neighborhood },
	},
	{
		displayName: 'City',
		name: 'city',
		type: 'string',
		default: '',
		placeholder: 'e.g. Sao Paulo',
		description: 'City name',
		api: { field: 'city', type: 'string', required: true, length: A.city },
	},
	{
		displayName: 'State',
		name: 'state',
		type: 'string',
		default: '',
		placeholder: 'e.g. SP',
		description: 'State code',
		api: { field: 'state', type: 'string', required: true, length: A.state },
	},
	{
		displayName: 'ZIP Code',
		name: 'zipCode',
		type: 'string',
		default: '',
		placeholder: 'e.g. 01310-100',
		description: 'Postal code (CEP)',
		api: { field: 'zip_code', type: 'string', required: true, length: A.zipCode },
	},
	{
		displayName: 'Country',
		name: 'country',
		type: 'string',
		default: 'BR',
		placeholder: 'e.g. BR',
		description: 'Country code',
		api: { field: 'country', type: 'string', required: true, length: A.country },
	},
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
	{
		displayName: 'Complement',
		name: 'complement',
		type: 'string',
		default: '',
		placeholder: 'e.g. Sala 12',
		description: 'Apartment, suite or floor',
		api: { field: 'complement', type: 'string', length: A.complement },
	},
	{
		displayName: 'Is Primary',
		name: 'isPrimary',
		type: 'boolean',
		default: false,
		description: 'Whether this is the primary address of the submerchant',
		api: { field: 'is_primary', type: 'boolean' },
	},
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
