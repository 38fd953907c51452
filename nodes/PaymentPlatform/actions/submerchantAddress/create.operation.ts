import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { ADDRESS_TYPE_BODY_FIELD } from '../../transport/chosenNames';
import { ADDRESS_TYPES, LIMITS } from '../../shared/apiValues';
import { compact, getLocatorId } from '../../shared/parameters';
import { InputValidator } from '../../shared/validate';
import { submerchantLocator } from '../common.descriptions';
import { ADDRESS_TYPE_OPTIONS, addressBodyFields } from './fields';
import { withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';

const properties: INodeProperties[] = [
	submerchantLocator({ description: 'The submerchant to add the address to' }),
	{
		displayName: 'Address Type',
		name: 'addressType',
		type: 'options',
		options: ADDRESS_TYPE_OPTIONS,
		default: 'billing',
		required: true,
		description: 'What the address is used for',
	},
	{
		displayName: 'Street',
		name: 'street',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Avenida Paulista',
		description: 'Street name, 1 to 255 characters',
	},
	{
		displayName: 'Number',
		name: 'number',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1000',
		description: 'Street number, 1 to 20 characters (text, so "S/N" is allowed)',
	},
	{
		displayName: 'Neighborhood',
		name: 'neighborhood',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Bela Vista',
		description: 'Neighborhood (bairro), 1 to 100 characters',
	},
	{
		displayName: 'City',
		name: 'city',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Sao Paulo',
		description: 'City, 1 to 100 characters',
	},
	{
		displayName: 'State',
		name: 'state',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. SP',
		description: 'State code, exactly 2 characters',
	},
	{
		displayName: 'ZIP Code',
		name: 'zipCode',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 01310-100',
		description: 'Postal code (CEP), 8 to 10 characters',
	},
	{
		displayName: 'Country',
		name: 'country',
		type: 'string',
		default: 'BR',
		required: true,
		description: 'Country code, exactly 2 characters (e.g. BR)',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Complement',
				name: 'complement',
				type: 'string',
				default: '',
				placeholder: 'e.g. Sala 12',
				description: 'Apartment, suite or floor, at most 100 characters',
			},
			{
				displayName: 'Is Primary',
				name: 'isPrimary',
				type: 'boolean',
				default: false,
				description: 'Whether this is the primary address of the submerchant',
			},
		],
	},
	writeOptions,
];

const displayOptions = { show: { resource: ['submerchantAddress'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const submerchantId = getLocatorId.call(this, 'submerchantId', i, 'submerchant_id');
	const additional = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const text = (name: string) => this.getNodeParameter(name, i, '') as string;
	const body: IDataObject = {
		street: text('street'),
		number: text('number'),
		neighborhood: text('neighborhood'),
		city: text('city'),
		state: text('state'),
		zip_code: text('zipCode'),
		country: text('country'),
		[ADDRESS_TYPE_BODY_FIELD]: text('addressType'),
		...compact({ complement: additional.complement, is_primary: additional.isPrimary }),
	};

	const validate = new InputValidator(this.getNode(), i);
	const limits = LIMITS.address;
	for (const field of [
		'street',
		'number',
		'neighborhood',
		'city',
		'state',
		'zip_code',
		'country',
	]) {
		validate.required(field, body[field]);
	}
	validate.required(ADDRESS_TYPE_BODY_FIELD, body[ADDRESS_TYPE_BODY_FIELD]);
	validate.length('street', body.street, limits.street);
	validate.length('number', body.number, limits.number);
	validate.length('neighborhood', body.neighborhood, limits.neighborhood);
	validate.length('city', body.city, limits.city);
	validate.length('state', body.state, limits.state);
	validate.length('zip_code', body.zip_code, limits.zipCode);
	validate.length('country', body.country, limits.country);
	validate.length('complement', body.complement, limits.complement);
	validate.oneOf(ADDRESS_TYPE_BODY_FIELD, body[ADDRESS_TYPE_BODY_FIELD], ADDRESS_TYPES);

	const { data } = await apiRequest.call(
		this,
		'POST',
		`/v1/submerchants/${submerchantId}/addresses`,
		{
			body: withAdditionalBody.call(
				this,
				i,
				body,
				addressBodyFields({ optional: 'Additional Fields' }),
			),
			itemIndex: i,
		},
	);
	return data as IDataObject;
}
