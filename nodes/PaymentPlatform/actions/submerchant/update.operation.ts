import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { BUSINESS_TYPES, LIMITS, PATTERNS } from '../../shared/apiValues';
import { compact, getLocatorId } from '../../shared/parameters';
import { InputValidator } from '../../shared/validate';
import { submerchantLocator } from '../common.descriptions';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import { type OwnFields, withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';

const properties: INodeProperties[] = [
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
		description: 'The fields to change (at least one). The tax ID cannot be changed.',
		options: [
			{
				displayName: 'Average Ticket (in Reais)',
				name: 'averageTicket',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: 0,
				description:
					'Expected average sale value, a number >= 0 in reais (the API takes a decimal number here, not cents)',
			},
			{
				displayName: 'Birth Date',
				name: 'birthDate',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1990-04-12',
				description:
					'Birth date of an individual (PF) as YYYY-MM-DD; required for a PF before review',
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
							},
							{
								displayName: 'Description',
								name: 'description',
								type: 'string',
								default: '',
								description: 'What the activity is',
							},
							{
								displayName: 'Is Primary',
								name: 'isPrimary',
								type: 'boolean',
								default: false,
								description: 'Whether this is the main activity',
							},
						],
					},
				],
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'Free description of the business',
			},
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description: 'Contact e-mail address',
			},
			{
				displayName: 'Legal Name',
				name: 'legalName',
				type: 'string',
				default: '',
				description: 'Registered legal name, 3 to 255 characters',
			},
			{
				displayName: 'MCC',
				name: 'mcc',
				type: 'string',
				default: '',
				placeholder: 'e.g. 5999',
				description: 'Merchant category code: exactly 4 digits',
			},
			{
				displayName: 'Monthly Revenue (in Reais)',
				name: 'monthlyRevenue',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: 0,
				description:
					'Expected monthly revenue, a number >= 0 in reais (the API takes a decimal number here, not cents)',
			},
			{
				displayName: "Mother's Name",
				name: 'motherName',
				type: 'string',
				default: '',
				description:
					"Mother's name of an individual (PF), at most 255 characters; required for a PF before review",
			},
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				placeholder: 'e.g. +5511987654321',
				description: 'Contact phone number, at most 20 characters',
			},
			{
				displayName: 'Product Categories',
				name: 'productCategories',
				type: 'string',
				default: '',
				placeholder: 'e.g. clothing, accessories',
				description:
					'Comma-separated list of product categories, or an expression returning an array of strings. The list sent replaces the current one.',
			},
			{
				displayName: 'Soft Descriptor',
				name: 'softDescriptor',
				type: 'string',
				default: '',
				description: "Name shown on the buyer's card statement, at most 22 characters",
			},
			{
				displayName: 'Trade Name',
				name: 'tradeName',
				type: 'string',
				default: '',
				description: 'Trading name, 3 to 255 characters',
			},
			{
				displayName: 'Website',
				name: 'website',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://shop.example.com',
				description: 'Website address, at most 255 characters',
			},
		],
	},
	simplifyProperty('submerchant'),
	writeOptions,
];

/** The body fields this operation sets, by the node field that sets them. */
const SUBMERCHANT_UPDATE_FIELDS: OwnFields = {
	trade_name: 'Update Fields → Trade Name',
	legal_name: 'Update Fields → Legal Name',
	email: 'Update Fields → Email',
	phone: 'Update Fields → Phone',
	website: 'Update Fields → Website',
	description: 'Update Fields → Description',
	soft_descriptor: 'Update Fields → Soft Descriptor',
	birth_date: 'Update Fields → Birth Date',
	mother_name: "Update Fields → Mother's Name",
	business_type: 'Update Fields → Business Type',
	product_categories: 'Update Fields → Product Categories',
	average_ticket: 'Update Fields → Average Ticket (in Reais)',
	monthly_revenue: 'Update Fields → Monthly Revenue (in Reais)',
	mcc: 'Update Fields → MCC',
	cnaes: 'Update Fields → CNAEs',
};

const displayOptions = { show: { resource: ['submerchant'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const submerchantId = getLocatorId.call(this, 'submerchantId', i, 'submerchant_id');
	const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
	const validate = new InputValidator(this.getNode(), i);

	const body: IDataObject = compact({
		trade_name: fields.tradeName,
		legal_name: fields.legalName,
		email: fields.email,
		phone: fields.phone,
		website: fields.website,
		description: fields.description,
		soft_descriptor: fields.softDescriptor,
		birth_date: fields.birthDate,
		mother_name: fields.motherName,
		business_type: fields.businessType,
		product_categories: parseCategories(validate, fields.productCategories),
		average_ticket: validate.optionalNumber('average_ticket', fields.averageTicket, { min: 0 }),
		monthly_revenue: validate.optionalNumber('monthly_revenue', fields.monthlyRevenue, { min: 0 }),
		mcc: fields.mcc,
		cnaes: parseCnaes(validate, fields.cnaes),
	});
	const limits = LIMITS.submerchant;
	validate.length('trade_name', body.trade_name, limits.tradeName);
	validate.length('legal_name', body.legal_name, limits.legalName);
	validate.email('email', body.email);
	validate.length('phone', body.phone, limits.phone);
	validate.length('website', body.website, limits.website);
	validate.length('soft_descriptor', body.soft_descriptor, limits.softDescriptor);
	validate.pattern(
		'birth_date',
		body.birth_date,
		PATTERNS.birthDate,
		'must be a date as YYYY-MM-DD',
	);
	if (body.birth_date !== undefined && !isCalendarDate(String(body.birth_date))) {
		validate.fail('birth_date', 'must be a real calendar date as YYYY-MM-DD');
	}
	validate.length('mother_name', body.mother_name, limits.motherName);
	validate.oneOf('business_type', body.business_type, BUSINESS_TYPES);
	validate.pattern('mcc', body.mcc, PATTERNS.mcc, 'must be exactly 4 digits');
	const changes = withAdditionalBody.call(this, i, body, SUBMERCHANT_UPDATE_FIELDS);
	if (Object.keys(changes).length === 0) {
		validate.fail('Update Fields', 'must contain at least one field to change');
	}

	const { data } = await apiRequest.call(this, 'PATCH', `/v1/submerchants/${submerchantId}`, {
		body: changes,
		itemIndex: i,
	});
	return simplifyIfChosen.call(this, i, 'submerchant', data as IDataObject);
}

/** Accepts "a, b, c", a JSON array text or an array (from an expression); returns trimmed non-empty strings. */
function parseCategories(validate: InputValidator, value: unknown): string[] | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	let list: unknown = value;
	if (typeof value === 'string') {
		const text = value.trim();
		if (text.startsWith('[')) {
			try {
				list = JSON.parse(text);
			} catch {
				validate.fail(
					'product_categories',
					'must be a comma-separated list or a JSON array of strings',
				);
			}
		} else {
			list = text.split(',');
		}
	}
	if (!Array.isArray(list)) {
		validate.fail('product_categories', 'must be a comma-separated list or an array of strings');
	}
	return list
		.map((entry, index) => {
			if (typeof entry !== 'string' && typeof entry !== 'number') {
				validate.fail(`product_categories[${index}]`, 'must be a string');
			}
			return String(entry).trim();
		})
		.filter((entry) => entry !== '');
}

function parseCnaes(validate: InputValidator, value: unknown): IDataObject[] | undefined {
	const entries = (value as { cnae?: IDataObject[] } | undefined)?.cnae;
	if (!Array.isArray(entries) || entries.length === 0) return undefined;
	return entries.map((entry, index) => {
		const code = String(entry.code ?? '').trim();
		validate.required(`cnaes[${index}].code`, code);
		return {
			code,
			description: String(entry.description ?? ''),
			is_primary: entry.isPrimary === true,
		};
	});
}

function isCalendarDate(text: string): boolean {
	const [year, month, day] = text.split('-').map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return (
		date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
	);
}
