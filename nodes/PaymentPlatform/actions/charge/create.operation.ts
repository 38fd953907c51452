import type { IExecuteFunctions } from 'n8n-workflow';
import {
	additionalFields,
	currencyField,
	metadataField,
	operationDescription,
} from '../common.descriptions';
import { MAX_INSTALLMENTS, PAYMENT_METHODS } from '../../../shared/documentedValues';
import { declareFields, requestBody } from '../../fields/fields';
import { PAYMENT_METHOD_OPTIONS } from '../../../shared/optionTexts';
import { simplifyCreatedIfChosen, simplifyProperty } from '../common.simplify';
import { writeOptions } from '../common.options';
import { idempotencyKeyProperty, prepareKeyedCreate } from '../common.idempotency';
import type { PreparedWrite } from '../node.type';

/**
 * The reference gives the fields and types only ("which fields are required, their ranges and formats ... are not
 * shown"): amount and payment method are required as a chosen default; nothing else is refused beyond the types and
 * installments up to 12.
 */
export const fields = declareFields([
	{
		displayName: 'Payment Method',
		name: 'paymentMethod',
		type: 'options',
		options: PAYMENT_METHOD_OPTIONS,
		default: 'pix',
		description: 'How the customer pays',
		api: {
			field: 'payment_method',
			type: 'enum',
			values: PAYMENT_METHODS,
			required: true,
			chosen: 'a charge is always for one payment method',
		},
	},
	{
		displayName: 'Amount (in Cents)',
		name: 'amount',
		type: 'number',
		default: 0,
		description: 'Total to charge, in cents (centavos). For example 10000 = R$ 100,00.',
		api: {
			field: 'amount',
			type: 'cents',
			required: true,
			chosen: 'a charge always has an amount',
		},
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
				api: { field: 'payment_details.holder_name', type: 'string' },
			},
			{
				displayName: 'Card Number',
				name: 'number',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					'The card number (payment_details.number); spaces and dashes are dropped; never shown in errors',
				api: { field: 'payment_details.number', type: 'string', remove: /[\s-]/g },
			},
			{
				displayName: 'Card Token',
				name: 'token',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Token of a card tokenized earlier (payment_details.token)',
				api: { field: 'payment_details.token', type: 'string' },
			},
			{
				displayName: 'CVV',
				name: 'cvv',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Card security code (payment_details.cvv); never shown in errors',
				api: { field: 'payment_details.cvv', type: 'string' },
			},
			{
				displayName: 'Expiration Month',
				name: 'expirationMonth',
				type: 'string',
				default: '',
				placeholder: 'e.g. 08',
				description: 'Card expiration month (payment_details.expiration_month)',
				api: { field: 'payment_details.expiration_month', type: 'string' },
			},
			{
				displayName: 'Expiration Year',
				name: 'expirationYear',
				type: 'string',
				default: '',
				placeholder: 'e.g. 2030',
				description: 'Card expiration year (payment_details.expiration_year)',
				api: { field: 'payment_details.expiration_year', type: 'string' },
			},
			{
				displayName: 'Installments',
				name: 'installments',
				type: 'number',
				default: 1,
				description: 'Number of installments (payment_details.installments)',
				api: {
					field: 'payment_details.installments',
					type: 'integer',
					range: { max: MAX_INSTALLMENTS },
				},
			},
			{
				displayName: 'Statement Descriptor',
				name: 'statementDescriptor',
				type: 'string',
				default: '',
				description: "Text on the customer's statement (payment_details.statement_descriptor)",
				api: { field: 'payment_details.statement_descriptor', type: 'string' },
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
						api: { field: 'customer.birthdate', type: 'string' },
					},
					{
						displayName: 'Email',
						name: 'email',
						type: 'string',
						placeholder: 'name@email.com',
						default: '',
						description: "The customer's e-mail address",
						api: { field: 'customer.email', type: 'string' },
					},
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						description: "The customer's full name",
						api: { field: 'customer.name', type: 'string' },
					},
					{
						displayName: 'Phone',
						name: 'phone',
						type: 'string',
						default: '',
						placeholder: 'e.g. +5511999998888',
						description: "The customer's phone number",
						api: { field: 'customer.phone', type: 'string' },
					},
					{
						displayName: 'Tax ID',
						name: 'tax_id',
						type: 'string',
						default: '',
						placeholder: 'e.g. 12345678909',
						description: "The customer's CPF or CNPJ",
						api: { field: 'customer.tax_id', type: 'string' },
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
						api: { field: 'category', type: 'string' },
					},
					{
						displayName: 'Code',
						name: 'code',
						type: 'string',
						default: '',
						description: 'Your code for the item, e.g. a SKU',
						api: { field: 'code', type: 'string' },
					},
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						default: '',
						description: 'Description of the item',
						api: { field: 'description', type: 'string' },
					},
					{
						displayName: 'ID',
						name: 'id',
						type: 'string',
						default: '',
						description: 'Your identifier of the item',
						api: { field: 'id', type: 'string' },
					},
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'Name of the item',
						api: { field: 'name', type: 'string' },
					},
					{
						displayName: 'Quantity',
						name: 'quantity',
						type: 'number',
						default: 1,
						description: 'How many units',
						api: { field: 'quantity', type: 'integer' },
					},
					{
						displayName: 'Tangible',
						name: 'tangible',
						type: 'boolean',
						default: true,
						description: 'Whether the item is a physical good',
						api: { field: 'tangible', type: 'boolean' },
					},
					{
						displayName: 'Unit Price (in Cents)',
						name: 'unit_price',
						type: 'number',
						default: 0,
						description: 'Price of one unit, in cents. For example 2590 = R$ 25,90.',
						api: { field: 'unit_price', type: 'cents' },
					},
				],
			},
		],
		api: { field: 'items', type: 'rows' },
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
						default: 0,
						description: "The recipient's share, in cents",
						api: { field: 'amount', type: 'cents' },
					},
					{
						displayName: 'Cross Company',
						name: 'cross_company',
						type: 'boolean',
						default: false,
						description: 'Whether the recipient belongs to another company',
						api: { field: 'cross_company', type: 'boolean' },
					},
					{
						displayName: 'Recipient ID',
						name: 'recipient_id',
						type: 'string',
						default: '',
						placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
						description: 'UUID of the recipient of this share',
						api: { field: 'recipient_id', type: 'uuid' },
					},
				],
			},
		],
		api: { field: 'split', type: 'rows' },
	},
	additionalFields([
		currencyField('the charge'),
		metadataField('charge, e.g. {"order_id": "1234"}'),
		{
			displayName: 'Shipping Amount (in Cents)',
			name: 'shipping_amount',
			type: 'number',
			default: 0,
			description: 'Shipping cost, in cents',
			api: { field: 'shipping_amount', type: 'cents' },
		},
		{
			displayName: 'Submerchant ID',
			name: 'submerchant_id',
			type: 'string',
			default: '',
			placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
			description: 'UUID of the submerchant the charge is made for',
			api: { field: 'submerchant_id', type: 'uuid' },
		},
	]),
	simplifyProperty('charge', true),
	idempotencyKeyProperty,
	writeOptions,
]);

export const description = operationDescription('charge', 'create', fields.properties);

const CREATED = { noun: 'charge', findWith: 'Charge → Get Many (newest first)' };

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const body = requestBody.call(this, i, fields);
	return await prepareKeyedCreate.call(this, i, '/v1/charges', body, CREATED, (data) =>
		simplifyCreatedIfChosen.call(this, i, data),
	);
}
