/**
 * Charge → Create. Over 300 lines because a charge has the most fields of the API (customer, items, payment details,
 * split, metadata); they are declared here with their rule table, next to the one request they build.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { MAX_INSTALLMENTS, PAYMENT_METHODS } from '../../shared/apiValues';
import type { FieldRule } from '../../shared/fieldRules';
import { buildRequest, describeRules } from '../../shared/fieldRules';
import { PAYMENT_METHOD_OPTIONS } from '../../shared/optionTexts';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import {
	LEGACY_CHARGE_PROPERTIES,
	LEGACY_STATEMENT_DESCRIPTOR,
	legacyChargeFallbacks,
} from '../../shared/legacyParameters';
import { ownFieldsOf, withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';
import { idempotencyKeyOf, idempotencyKeyProperty, withSentKey } from '../common.idempotency';

const text = (parameter: string, field: string): FieldRule => ({
	parameter,
	field,
	type: 'string',
});
const cents = (parameter: string, field: string): FieldRule => ({
	parameter,
	field,
	type: 'cents',
});
const flag = (parameter: string, field: string): FieldRule => ({
	parameter,
	field,
	type: 'boolean',
});

/**
 * POST /v1/charges. The reference gives the fields and their types only: "which fields are required, their ranges and
 * formats, and which payment_details fields apply to which payment method are not shown". Amount and payment method
 * are required as a chosen default (a charge without them means nothing to an operator); nothing else is refused
 * beyond the types and the one stated limit (installments up to 12).
 */
export const rules: FieldRule[] = [
	{
		parameter: 'paymentMethod',
		field: 'payment_method',
		type: 'enum',
		values: PAYMENT_METHODS,
		required: true,
		chosen: 'a charge is always for one payment method',
	},
	{ ...cents('amount', 'amount'), required: true, chosen: 'a charge always has an amount' },
	{ ...text('paymentDetails.number', 'payment_details.number'), remove: /[\s-]/g },
	text('paymentDetails.holderName', 'payment_details.holder_name'),
	text('paymentDetails.expirationMonth', 'payment_details.expiration_month'),
	text('paymentDetails.expirationYear', 'payment_details.expiration_year'),
	text('paymentDetails.cvv', 'payment_details.cvv'),
	text('paymentDetails.token', 'payment_details.token'),
	{
		parameter: 'paymentDetails.installments',
		field: 'payment_details.installments',
		type: 'integer',
		range: { max: MAX_INSTALLMENTS },
	},
	text('paymentDetails.statementDescriptor', 'payment_details.statement_descriptor'),
	text('customer.details.name', 'customer.name'),
	text('customer.details.email', 'customer.email'),
	text('customer.details.tax_id', 'customer.tax_id'),
	text('customer.details.phone', 'customer.phone'),
	text('customer.details.birthdate', 'customer.birthdate'),
	{
		parameter: 'items.item',
		field: 'items',
		type: 'rows',
		rows: [
			text('name', 'name'),
			{ parameter: 'quantity', field: 'quantity', type: 'integer' },
			cents('unit_price', 'unit_price'),
			flag('tangible', 'tangible'),
			text('id', 'id'),
			text('description', 'description'),
			text('category', 'category'),
			text('code', 'code'),
		],
	},
	{
		parameter: 'split.recipient',
		field: 'split',
		type: 'rows',
		rows: [
			{ parameter: 'recipient_id', field: 'recipient_id', type: 'uuid' },
			cents('amount', 'amount'),
			flag('cross_company', 'cross_company'),
		],
	},
	{ parameter: 'additionalFields.submerchant_id', field: 'submerchant_id', type: 'uuid' },
	cents('additionalFields.shipping_amount', 'shipping_amount'),
	{ parameter: 'additionalFields.currency', field: 'currency', type: 'enum', values: ['BRL'] },
	{ parameter: 'additionalFields.metadata', field: 'metadata', type: 'object' },
];

const properties: INodeProperties[] = [
	{
		displayName: 'Payment Method',
		name: 'paymentMethod',
		type: 'options',
		required: true,
		options: PAYMENT_METHOD_OPTIONS,
		default: 'pix',
		description: 'How the customer pays',
	},
	{
		displayName: 'Amount (in Cents)',
		name: 'amount',
		type: 'number',
		typeOptions: { numberPrecision: 0 },
		required: true,
		default: 0,
		description: 'Total to charge, in cents (centavos). For example 10000 = R$ 100,00.',
	},
	{
		displayName: 'Payment Details',
		name: 'paymentDetails',
		type: 'collection',
		placeholder: 'Add Payment Detail',
		default: {},
		description:
			'Sent as payment_details, for any payment method: which fields apply to which method is not shown by the API reference',
		options: [
			{
				displayName: 'Card Holder Name',
				name: 'holderName',
				type: 'string',
				default: '',
				placeholder: 'e.g. MARIA S SILVA',
				description: 'Name as printed on the card (payment_details.holder_name)',
			},
			{
				displayName: 'Card Number',
				name: 'number',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					'The card number (payment_details.number); spaces and dashes are dropped; never shown in errors',
			},
			{
				displayName: 'Card Token',
				name: 'token',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Token of a card tokenized earlier (payment_details.token)',
			},
			{
				displayName: 'CVV',
				name: 'cvv',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Card security code (payment_details.cvv); never shown in errors',
			},
			{
				displayName: 'Expiration Month',
				name: 'expirationMonth',
				type: 'string',
				default: '',
				placeholder: 'e.g. 08',
				description: 'Card expiration month (payment_details.expiration_month)',
			},
			{
				displayName: 'Expiration Year',
				name: 'expirationYear',
				type: 'string',
				default: '',
				placeholder: 'e.g. 2030',
				description: 'Card expiration year (payment_details.expiration_year)',
			},
			{
				displayName: 'Installments',
				name: 'installments',
				type: 'number',
				typeOptions: { maxValue: MAX_INSTALLMENTS, numberPrecision: 0 },
				default: 1,
				description: 'Number of installments (payment_details.installments)',
			},
			{
				displayName: 'Statement Descriptor',
				name: 'statementDescriptor',
				type: 'string',
				default: '',
				description: "Text on the customer's statement (payment_details.statement_descriptor)",
			},
		],
	},
	{
		displayName: 'Customer',
		name: 'customer',
		type: 'fixedCollection',
		placeholder: 'Add Customer',
		default: {},
		description: 'Who pays the charge',
		options: [
			{
				displayName: 'Customer Details',
				name: 'details',
				values: [
					{
						displayName: 'Birthdate',
						name: 'birthdate',
						type: 'string',
						default: '',
						placeholder: 'e.g. 1990-05-31',
						description: "The customer's date of birth",
					},
					{
						displayName: 'Email',
						name: 'email',
						type: 'string',
						placeholder: 'name@email.com',
						default: '',
						description: "The customer's e-mail address",
					},
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						description: "The customer's full name",
					},
					{
						displayName: 'Phone',
						name: 'phone',
						type: 'string',
						default: '',
						placeholder: 'e.g. +5511999998888',
						description: "The customer's phone number",
					},
					{
						displayName: 'Tax ID',
						name: 'tax_id',
						type: 'string',
						default: '',
						placeholder: 'e.g. 12345678909',
						description: "The customer's CPF or CNPJ",
					},
				],
			},
		],
	},
	{
		displayName: 'Items',
		name: 'items',
		type: 'fixedCollection',
		placeholder: 'Add Item',
		typeOptions: { multipleValues: true },
		default: {},
		description: 'What is being sold',
		options: [
			{
				displayName: 'Item',
				name: 'item',
				values: [
					{
						displayName: 'Category',
						name: 'category',
						type: 'string',
						default: '',
						description: 'Category of the item',
					},
					{
						displayName: 'Code',
						name: 'code',
						type: 'string',
						default: '',
						description: 'Your code for the item, e.g. a SKU',
					},
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						default: '',
						description: 'Description of the item',
					},
					{
						displayName: 'ID',
						name: 'id',
						type: 'string',
						default: '',
						description: 'Your identifier of the item',
					},
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'Name of the item',
					},
					{
						displayName: 'Quantity',
						name: 'quantity',
						type: 'number',
						typeOptions: { numberPrecision: 0 },
						default: 1,
						description: 'How many units',
					},
					{
						displayName: 'Tangible',
						name: 'tangible',
						type: 'boolean',
						default: true,
						description: 'Whether the item is a physical good',
					},
					{
						displayName: 'Unit Price (in Cents)',
						name: 'unit_price',
						type: 'number',
						typeOptions: { numberPrecision: 0 },
						default: 0,
						description: 'Price of one unit, in cents. For example 2590 = R$ 25,90.',
					},
				],
			},
		],
	},
	{
		displayName: 'Split',
		name: 'split',
		type: 'fixedCollection',
		placeholder: 'Add Split Rule',
		typeOptions: { multipleValues: true },
		default: {},
		description: 'How the charge is shared among recipients',
		options: [
			{
				displayName: 'Recipient',
				name: 'recipient',
				values: [
					{
						displayName: 'Amount (in Cents)',
						name: 'amount',
						type: 'number',
						typeOptions: { numberPrecision: 0 },
						default: 0,
						description: "The recipient's share, in cents",
					},
					{
						displayName: 'Cross Company',
						name: 'cross_company',
						type: 'boolean',
						default: false,
						description: 'Whether the recipient belongs to another company',
					},
					{
						displayName: 'Recipient ID',
						name: 'recipient_id',
						type: 'string',
						default: '',
						placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
						description: 'UUID of the recipient of this share',
					},
				],
			},
		],
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Currency',
				name: 'currency',
				type: 'options',
				options: [{ name: 'BRL', value: 'BRL', description: 'Brazilian real' }],
				default: 'BRL',
				description: 'Currency of the charge',
			},
			{
				displayName: 'Metadata',
				name: 'metadata',
				type: 'json',
				default: '{}',
				description: 'Free-form JSON object stored with the charge, e.g. {"order_id": "1234"}',
			},
			{
				displayName: 'Shipping Amount (in Cents)',
				name: 'shipping_amount',
				type: 'number',
				typeOptions: { numberPrecision: 0 },
				default: 0,
				description: 'Shipping cost, in cents',
			},
			{
				displayName: 'Submerchant ID',
				name: 'submerchant_id',
				type: 'string',
				default: '',
				placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
				description: 'UUID of the submerchant the charge is made for',
			},
			LEGACY_STATEMENT_DESCRIPTOR,
		],
	},
	...LEGACY_CHARGE_PROPERTIES,
	simplifyProperty('charge'),
	idempotencyKeyProperty,
	writeOptions,
];

/** The body fields this operation sets, by the node field that sets them (from its rule table). */
const ownFields = ownFieldsOf(properties, rules);

const displayOptions = { show: { resource: ['charge'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, describeRules(properties, rules));

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const fallbacks = legacyChargeFallbacks.call(this, i);
	const { values } = buildRequest.call(this, i, rules, fallbacks);
	const body = withAdditionalBody.call(this, i, values, ownFields);
	const idempotencyKey = idempotencyKeyOf.call(this, i);
	const request = { body, itemIndex: i, idempotencyKey };
	const { data } = await apiRequest.call(this, 'POST', '/v1/charges', request);
	return withSentKey(simplifyIfChosen.call(this, i, 'charge', data as IDataObject), idempotencyKey);
}
