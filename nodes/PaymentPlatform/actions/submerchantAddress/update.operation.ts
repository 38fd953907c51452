import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { ADDRESS_TYPE_BODY_FIELD } from '../../transport/chosenNames';
import { ADDRESS_TYPES, LIMITS } from '../../shared/apiValues';
import { compact, getLocatorId, getUuidParameter } from '../../shared/parameters';
import { InputValidator } from '../../shared/validate';
import { submerchantLocator } from '../common.descriptions';
import { ADDRESS_TYPE_OPTIONS, addressBodyFields } from './fields';
import { withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';

const properties: INodeProperties[] = [
	submerchantLocator({ description: 'The submerchant the address belongs to' }),
	{
		displayName: 'Address ID',
		name: 'addressId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
		description: 'ID (UUID) of the address to update, as returned when it was created',
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'The fields to change (at least one)',
		options: [
			{
				displayName: 'Address Type',
				name: 'addressType',
				type: 'options',
				options: ADDRESS_TYPE_OPTIONS,
				default: 'billing',
				description: 'What the address is used for',
			},
			{
				displayName: 'City',
				name: 'city',
				type: 'string',
				default: '',
				description: 'City, at most 100 characters',
			},
			{
				displayName: 'Complement',
				name: 'complement',
				type: 'string',
				default: '',
				description: 'Apartment, suite or floor, at most 100 characters',
			},
			{
				displayName: 'Country',
				name: 'country',
				type: 'string',
				default: '',
				placeholder: 'e.g. BR',
				description: 'Country code, at most 2 characters',
			},
			{
				displayName: 'Is Primary',
				name: 'isPrimary',
				type: 'boolean',
				default: false,
				description: 'Whether this is the primary address of the submerchant',
			},
			{
				displayName: 'Neighborhood',
				name: 'neighborhood',
				type: 'string',
				default: '',
				description: 'Neighborhood (bairro), at most 100 characters',
			},
			{
				displayName: 'Number',
				name: 'number',
				type: 'string',
				default: '',
				description: 'Street number, at most 20 characters',
			},
			{
				displayName: 'State',
				name: 'state',
				type: 'string',
				default: '',
				placeholder: 'e.g. SP',
				description: 'State code, at most 2 characters',
			},
			{
				displayName: 'Street',
				name: 'street',
				type: 'string',
				default: '',
				description: 'Street name, at most 255 characters',
			},
			{
				displayName: 'ZIP Code',
				name: 'zipCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. 01310-100',
				description: 'Postal code (CEP), at most 10 characters',
			},
		],
	},
	writeOptions,
];

const displayOptions = { show: { resource: ['submerchantAddress'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const submerchantId = getLocatorId.call(this, 'submerchantId', i, 'submerchant_id');
	const addressId = getUuidParameter.call(this, 'addressId', i, 'address_id');
	const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
	const body: IDataObject = compact({
		street: fields.street,
		number: fields.number,
		complement: fields.complement,
		neighborhood: fields.neighborhood,
		city: fields.city,
		state: fields.state,
		zip_code: fields.zipCode,
		country: fields.country,
		is_primary: fields.isPrimary,
		[ADDRESS_TYPE_BODY_FIELD]: fields.addressType,
	});

	const validate = new InputValidator(this.getNode(), i);
	// An update only has maximums (the reference's "Address update" limits): the create-time maximum of each field.
	const limits = LIMITS.address;
	const atMost = (limit: { min?: number; max?: number; exact?: number }) => ({
		max: limit.max ?? limit.exact,
	});
	validate.length('street', body.street, atMost(limits.street));
	validate.length('number', body.number, atMost(limits.number));
	validate.length('complement', body.complement, atMost(limits.complement));
	validate.length('neighborhood', body.neighborhood, atMost(limits.neighborhood));
	validate.length('city', body.city, atMost(limits.city));
	validate.length('state', body.state, atMost(limits.state));
	validate.length('zip_code', body.zip_code, atMost(limits.zipCode));
	validate.length('country', body.country, atMost(limits.country));
	validate.oneOf(ADDRESS_TYPE_BODY_FIELD, body[ADDRESS_TYPE_BODY_FIELD], ADDRESS_TYPES);
	const changes = withAdditionalBody.call(
		this,
		i,
		body,
		addressBodyFields({ all: 'Update Fields' }),
	);
	if (Object.keys(changes).length === 0) {
		validate.fail('Update Fields', 'must contain at least one field to change');
	}

	const { message } = await apiRequest.call(
		this,
		'PATCH',
		`/v1/submerchants/${submerchantId}/addresses/${addressId}`,
		{ body: changes, itemIndex: i, expectData: false },
	);
	return { success: true, message };
}
