import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { LIMITS } from '../../../shared/documentedValues';
import { BUSINESS_TYPES, PATTERNS } from '../../documentedValues';
import {
	apiField,
	declareFields,
	fieldsToClear,
	readPathIds,
	requestBody,
} from '../../fields/fields';
import { submerchantLocator, operationDescription } from '../common.descriptions';
import { simplifyIfChosen, simplifyProperty } from '../common.simplify';
import { writeOptions } from '../common.options';
import { prepareWrite } from '../common.requests';
import type { PreparedWrite } from '../node.type';
import { InputValidator } from '../../fields/fieldRules';

export const option = {
	name: 'Update',
	description:
		'Change the registration data of a submerchant (not its tax ID); needs the submerchant ID and the fields to change',
	action: 'Update a submerchant',
};

const S = LIMITS.submerchant;
export const fields = declareFields([
	{
		displayName:
			'The tax ID (CPF/CNPJ) cannot be changed: it is fixed when the submerchant is created. Only the fields added below are sent.',
		name: 'taxIdNotice',
		type: 'notice',
		default: '',
	},
	submerchantLocator({ description: 'The submerchant to update' }),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'The fields to change; only the fields added here are sent. The tax ID cannot be changed.',
		options: [
			apiField(
				'Average Ticket (in Reais)',
				'averageTicket',
				'Expected average sale value in reais (the API takes a decimal number here, not cents)',
				{ field: 'average_ticket', type: 'number', range: { min: 0 } },
			),
			apiField(
				'Birth Date',
				'birthDate',
				'Birth date of an individual (PF); required for a PF before review',
				{
					field: 'birth_date',
					type: 'string',
					pattern: { regex: PATTERNS.birthDate, rule: 'must be a date as YYYY-MM-DD' },
				},
				{ placeholder: 'e.g. 1990-04-12' },
			),
			{
				displayName: 'Business Type',
				name: 'businessType',
				type: 'options',
				options: [
					{ name: 'Both', value: 'both', description: 'Sells physical and digital goods' },
					{ name: 'Digital', value: 'digital', description: 'Sells digital goods or services' },
					{ name: 'Physical', value: 'physical', description: 'Sells physical goods' },
				],
				default: 'physical',
				description: 'What kind of goods the submerchant sells',
				api: { field: 'business_type', type: 'enum', values: BUSINESS_TYPES },
			},
			{
				displayName: 'CNAEs',
				name: 'cnaes',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add CNAE',
				default: {},
				description:
					'Economic activity codes (CNAE). The list sent replaces the current one, so give every code to keep.',
				options: [
					{
						displayName: 'CNAE',
						name: 'cnae',
						values: [
							apiField(
								'Code',
								'code',
								'The CNAE code',
								{ field: 'code', type: 'string' },
								{ placeholder: 'e.g. 4781-4/00' },
							),
							apiField('Description', 'description', 'What the activity is', {
								field: 'description',
								type: 'string',
							}),
							apiField('Is Primary', 'isPrimary', 'Whether this is the main activity', {
								field: 'is_primary',
								type: 'boolean',
							}),
						],
					},
				],
				api: { field: 'cnaes', type: 'rows' },
			},
			apiField(
				'Description',
				'description',
				'Free description of the business',
				{ field: 'description', type: 'string' },
				{ typeOptions: { rows: 3 } },
			),
			apiField(
				'Email',
				'email',
				'Contact e-mail address',
				{
					field: 'email',
					type: 'string',
					pattern: { regex: PATTERNS.email, rule: 'must be an e-mail address' },
				},
				{ placeholder: 'name@email.com' },
			),
			apiField('Legal Name', 'legalName', 'Registered legal name', {
				field: 'legal_name',
				type: 'string',
				length: S.legalName,
			}),
			apiField(
				'MCC',
				'mcc',
				'Merchant category code',
				{
					field: 'mcc',
					type: 'string',
					pattern: { regex: PATTERNS.mcc, rule: 'must be exactly 4 digits' },
				},
				{ placeholder: 'e.g. 5999' },
			),
			apiField(
				'Monthly Revenue (in Reais)',
				'monthlyRevenue',
				'Expected monthly revenue in reais (the API takes a decimal number here, not cents)',
				{ field: 'monthly_revenue', type: 'number', range: { min: 0 } },
			),
			apiField(
				"Mother's Name",
				'motherName',
				"Mother's name of an individual (PF); required for a PF before review",
				{ field: 'mother_name', type: 'string', length: S.motherName },
			),
			apiField(
				'Phone',
				'phone',
				'Contact phone number',
				{ field: 'phone', type: 'string', length: S.phone },
				{ placeholder: 'e.g. +5511987654321' },
			),
			apiField(
				'Product Categories',
				'productCategories',
				'Comma-separated list of product categories, or an expression returning an array of strings. The list sent replaces the current one.',
				{ field: 'product_categories', type: 'array' },
				{ placeholder: 'e.g. clothing, accessories' },
			),
			apiField('Soft Descriptor', 'softDescriptor', "Name shown on the buyer's card statement", {
				field: 'soft_descriptor',
				type: 'string',
				length: S.softDescriptor,
			}),
			apiField('Trade Name', 'tradeName', 'Trading name', {
				field: 'trade_name',
				type: 'string',
				length: S.tradeName,
			}),
			apiField(
				'Website',
				'website',
				'Website address',
				{ field: 'website', type: 'string', length: S.website },
				{ placeholder: 'e.g. https://shop.example.com' },
			),
		],
	},
	fieldsToClear,
	simplifyProperty('submerchant'),
	writeOptions,
]);

/** The reference: "`tax_id` cannot be changed after creation." */
const FIXED_AT_CREATION = ['tax_id'];

/** Wherever it comes from, Options → Additional Body Fields included. */
function refuseFixedFields(validate: InputValidator, body: IDataObject): void {
	for (const field of FIXED_AT_CREATION.filter((name) => name in body)) {
		validate.fail(
			field,
			`cannot be sent on an update: the API reference says "${field} cannot be changed after creation"`,
		);
	}
}

export const description = operationDescription('submerchant', 'update', fields.properties);

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const id = readPathIds.call(this, i, fields).submerchant_id;
	const body = requestBody.call(this, i, fields);
	refuseFixedFields(new InputValidator(this.getNode(), i), body);
	const output = ({ data }: { data?: unknown }) =>
		simplifyIfChosen.call(this, i, 'submerchant', data as IDataObject);
	const options = { body, itemIndex: i };
	return await prepareWrite.call(this, 'PATCH', `/v1/submerchants/${id}`, options, output, id);
}
