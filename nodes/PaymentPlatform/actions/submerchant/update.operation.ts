import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { BUSINESS_TYPES, LIMITS, PATTERNS } from '../../../shared/documentedValues';
import { declareFields, fieldsToClear, readPathIds, requestBody } from '../../fields/fields';
import { submerchantLocator, operationDescription } from '../common.descriptions';
import { simplifyIfChosen, simplifyProperty } from '../common.simplify';
import { writeOptions } from '../common.options';
import { prepareWrite } from '../common.requests';
import type { PreparedWrite } from '../node.type';
import { InputValidator } from '../../fields/fieldRules';

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
			{
				displayName: 'Average Ticket (in Reais)',
				name: 'averageTicket',
				type: 'number',
				typeOptions: { numberPrecision: 2 },
				default: 0,
				description:
					'Expected average sale value in reais (the API takes a decimal number here, not cents)',
				api: { field: 'average_ticket', type: 'number', range: { min: 0 } },
			},
			{
				displayName: 'Birth Date',
				name: 'birthDate',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1990-04-12',
				description: 'Birth date of an individual (PF); required for a PF before review',
				api: {
					field: 'birth_date',
					type: 'string',
					pattern: { regex: PATTERNS.birthDate, rule: 'must be a date as YYYY-MM-DD' },
				},
			},
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
							{
								displayName: 'Code',
								name: 'code',
								type: 'string',
								default: '',
								placeholder: 'e.g. 4781-4/00',
								description: 'The CNAE code',
								api: { field: 'code', type: 'string' },
							},
							{
								displayName: 'Description',
								name: 'description',
								type: 'string',
								default: '',
								description: 'What the activity is',
								api: { field: 'description', type: 'string' },
							},
							{
								displayName: 'Is Primary',
								name: 'isPrimary',
								type: 'boolean',
								default: false,
								description: 'Whether this is the main activity',
								api: { field: 'is_primary', type: 'boolean' },
							},
						],
					},
				],
				api: { field: 'cnaes', type: 'rows' },
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'Free description of the business',
				api: { field: 'description', type: 'string' },
			},
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description: 'Contact e-mail address',
				api: {
					field: 'email',
					type: 'string',
					pattern: { regex: PATTERNS.email, rule: 'must be an e-mail address' },
				},
			},
			{
				displayName: 'Legal Name',
				name: 'legalName',
				type: 'string',
				default: '',
				description: 'Registered legal name',
				api: { field: 'legal_name', type: 'string', length: S.legalName },
			},
			{
				displayName: 'MCC',
				name: 'mcc',
				type: 'string',
				default: '',
				placeholder: 'e.g. 5999',
				description: 'Merchant category code',
				api: {
					field: 'mcc',
					type: 'string',
					pattern: { regex: PATTERNS.mcc, rule: 'must be exactly 4 digits' },
				},
			},
			{
				displayName: 'Monthly Revenue (in Reais)',
				name: 'monthlyRevenue',
				type: 'number',
				typeOptions: { numberPrecision: 2 },
				default: 0,
				description:
					'Expected monthly revenue in reais (the API takes a decimal number here, not cents)',
				api: { field: 'monthly_revenue', type: 'number', range: { min: 0 } },
			},
			{
				displayName: "Mother's Name",
				name: 'motherName',
				type: 'string',
				default: '',
				description: "Mother's name of an individual (PF); required for a PF before review",
				api: { field: 'mother_name', type: 'string', length: S.motherName },
			},
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				placeholder: 'e.g. +5511987654321',
				description: 'Contact phone number',
				api: { field: 'phone', type: 'string', length: S.phone },
			},
			{
				displayName: 'Product Categories',
				name: 'productCategories',
				type: 'string',
				default: '',
				placeholder: 'e.g. clothing, accessories',
				description:
					'Comma-separated list of product categories, or an expression returning an array of strings. The list sent replaces the current one.',
				api: { field: 'product_categories', type: 'array' },
			},
			{
				displayName: 'Soft Descriptor',
				name: 'softDescriptor',
				type: 'string',
				default: '',
				description: "Name shown on the buyer's card statement",
				api: { field: 'soft_descriptor', type: 'string', length: S.softDescriptor },
			},
			{
				displayName: 'Trade Name',
				name: 'tradeName',
				type: 'string',
				default: '',
				description: 'Trading name',
				api: { field: 'trade_name', type: 'string', length: S.tradeName },
			},
			{
				displayName: 'Website',
				name: 'website',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://shop.example.com',
				description: 'Website address',
				api: { field: 'website', type: 'string', length: S.website },
			},
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
