import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import {
	buildRequest,
	clearFieldsProperty,
	describeRules,
	withClearedFields,
} from '../../shared/fieldRules';
import { getLocatorId, getUuidParameter } from '../../shared/parameters';
import { submerchantLocator } from '../common.descriptions';
import { ADDRESS_TYPE_OPTIONS, ADDRESS_UPDATE_RULES } from './fields';
import { ownFieldsOf, withAdditionalBody } from '../../shared/additionalFields';
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
		description: 'The fields to change; only the fields added here are sent',
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
				description: 'City name',
			},
			{
				displayName: 'Complement',
				name: 'complement',
				type: 'string',
				default: '',
				description: 'Apartment, suite or floor',
			},
			{
				displayName: 'Country',
				name: 'country',
				type: 'string',
				default: '',
				placeholder: 'e.g. BR',
				description: 'Country code',
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
				description: 'Neighborhood (bairro)',
			},
			{
				displayName: 'Number',
				name: 'number',
				type: 'string',
				default: '',
				description: 'Street number',
			},
			{
				displayName: 'State',
				name: 'state',
				type: 'string',
				default: '',
				placeholder: 'e.g. SP',
				description: 'State code',
			},
			{
				displayName: 'Street',
				name: 'street',
				type: 'string',
				default: '',
				description: 'Street name',
			},
			{
				displayName: 'ZIP Code',
				name: 'zipCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. 01310-100',
				description: 'Postal code (CEP)',
			},
		],
	},
	clearFieldsProperty(ADDRESS_UPDATE_RULES),
	writeOptions,
];

/** The body fields this operation sets, by the node field that sets them (from its rule table). */
const ownFields = ownFieldsOf(properties, ADDRESS_UPDATE_RULES);

const displayOptions = { show: { resource: ['submerchantAddress'], operation: ['update'] } };

export const description = updateDisplayOptions(
	displayOptions,
	describeRules(properties, ADDRESS_UPDATE_RULES),
);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const submerchantId = getLocatorId.call(this, 'submerchantId', i, 'submerchant_id');
	const addressId = getUuidParameter.call(this, 'addressId', i, 'address_id');
	const { values } = buildRequest.call(this, i, ADDRESS_UPDATE_RULES);
	const cleared = withClearedFields.call(this, i, ADDRESS_UPDATE_RULES, values);
	const body = withAdditionalBody.call(this, i, cleared, ownFields);
	const { message } = await apiRequest.call(
		this,
		'PATCH',
		`/v1/submerchants/${submerchantId}/addresses/${addressId}`,
		{ body, itemIndex: i, expectData: false },
	);
	return { success: true, message };
}

/** The rule table (shared with Create, in fields.ts). */
export const rules = ADDRESS_UPDATE_RULES;
