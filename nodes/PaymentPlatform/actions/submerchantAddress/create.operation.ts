import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { buildRequest, describeRules } from '../../shared/fieldRules';
import { getLocatorId } from '../../shared/parameters';
import { LEGACY_ADDRESS_TYPE, legacyAddressFallbacks } from '../../shared/legacyParameters';
import { submerchantLocator } from '../common.descriptions';
import { ADDRESS_CREATE_RULES, ADDRESS_TYPE_OPTIONS } from './fields';
import { ownFieldsOf, withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';

const properties: INodeProperties[] = [
	submerchantLocator({ description: 'The submerchant to add the address to' }),
	{
		displayName: 'Street',
		name: 'street',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Avenida Paulista',
		description: 'Street name',
	},
	{
		displayName: 'Number',
		name: 'number',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1000',
		description: 'Street number, as text (so "S/N" is allowed)',
	},
	{
		displayName: 'Neighborhood',
		name: 'neighborhood',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Bela Vista',
		description: 'Neighborhood (bairro)',
	},
	{
		displayName: 'City',
		name: 'city',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Sao Paulo',
		description: 'City name',
	},
	{
		displayName: 'State',
		name: 'state',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. SP',
		description: 'State code',
	},
	{
		displayName: 'ZIP Code',
		name: 'zipCode',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 01310-100',
		description: 'Postal code (CEP)',
	},
	{
		displayName: 'Country',
		name: 'country',
		type: 'string',
		default: 'BR',
		required: true,
		description: 'Country code, e.g. BR',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Address Type',
				name: 'addressType',
				type: 'options',
				options: ADDRESS_TYPE_OPTIONS,
				default: 'billing',
				description:
					'What the address is used for; sent only when added here (the reference does not show its body name)',
			},
			{
				displayName: 'Complement',
				name: 'complement',
				type: 'string',
				default: '',
				placeholder: 'e.g. Sala 12',
				description: 'Apartment, suite or floor',
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
	LEGACY_ADDRESS_TYPE,
	writeOptions,
];

/** The body fields this operation sets, by the node field that sets them (from its rule table). */
const ownFields = ownFieldsOf(properties, ADDRESS_CREATE_RULES);

const displayOptions = { show: { resource: ['submerchantAddress'], operation: ['create'] } };

export const description = updateDisplayOptions(
	displayOptions,
	describeRules(properties, ADDRESS_CREATE_RULES),
);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const submerchantId = getLocatorId.call(this, 'submerchantId', i, 'submerchant_id');
	const fallbacks = legacyAddressFallbacks.call(this, i);
	const { values } = buildRequest.call(this, i, ADDRESS_CREATE_RULES, fallbacks);
	const body = withAdditionalBody.call(this, i, values, ownFields);
	const { data } = await apiRequest.call(
		this,
		'POST',
		`/v1/submerchants/${submerchantId}/addresses`,
		{ body, itemIndex: i },
	);
	return data as IDataObject;
}

/** The rule table (shared with Update, in fields.ts). */
export const rules = ADDRESS_CREATE_RULES;
