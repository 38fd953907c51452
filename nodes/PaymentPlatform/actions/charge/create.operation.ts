import type { IExecuteFunctions } from 'n8n-workflow';
import {
	additionalFields,
	currencyField,
	metadataField,
	operationDescription,
} from '../common.descriptions';
import { MAX_INSTALLMENTS, PAYMENT_METHODS } from '../../documentedValues';
import { apiField, declareFields, requestBody, type DeclaredField } from '../../fields/fields';
import { PAYMENT_METHOD_OPTIONS } from '../../optionTexts';
import { simplifyCreatedIfChosen, simplifyProperty } from '../common.simplify';
import { writeOptions } from '../common.options';
import { idempotencyKeyProperty, prepareKeyedCreate } from '../common.idempotency';
import type { PreparedWrite } from '../node.type';

export const option = {
	name: 'Create',
	description:
		'Charge a customer by pix, boleto, credit or debit card; needs the amount in cents and the payment method',
	action: 'Create a charge',
};

const CARD_DATA = 'cardData';
const CARD_NUMBER = 'cardNumber';
const RAW_CARD_ONLY = { show: { [`/${CARD_DATA}`]: [CARD_NUMBER] } };
/** Read only after the explicit choice (n8n drops the parameters it hides when it loads a workflow). */
const RAW_CARD_RULE = { when: { parameter: CARD_DATA, startsWith: CARD_NUMBER } };

/**
 * A row's number as text: n8n gives every cell of a row its default, so a number input would send its 0 (or 1) though
 * the user never set it. Empty is not sent; the text is checked like any number (whole cents, decimal digits).
 */
const ROW_NUMBER_INPUT = (placeholder: string): Partial<DeclaredField> => ({
	type: 'string',
	default: '',
	placeholder,
});

/** A row's yes/no with a third choice, not sent, as its default (a checkbox would always send false). */
const ROW_FLAG_INPUT: Partial<DeclaredField> = {
	type: 'options',
	default: '',
	options: [
		{ name: 'Not Sent', value: '', description: 'The field is left out of the row' },
		{ name: 'No', value: false, description: 'Sent as false' },
		{ name: 'Yes', value: true, description: 'Sent as true' },
	],
};

/**
 * The reference gives the fields and types only ("which fields are required, their ranges and formats ... are not
 * shown"): amount and payment method are required as a chosen default; nothing else is refused beyond the types and
 * installments up to 12.
 */
export const fields = declareFields([
	apiField(
		'Payment Method',
		'paymentMethod',
		'How the customer pays',
		{
			field: 'payment_method',
			type: 'enum',
			values: PAYMENT_METHODS,
			required: true,
			chosen: 'a charge is always for one payment method',
		},
		{ options: PAYMENT_METHOD_OPTIONS, default: 'pix' },
	),
	apiField(
		'Amount (in Cents)',
		'amount',
		'Total to charge, in cents (centavos). For example 10000 = R$ 100,00.',
		{ field: 'amount', type: 'cents', required: true, chosen: 'a charge always has an amount' },
	),
	{
		displayName: 'Card Data',
		name: CARD_DATA,
		type: 'options',
		options: [
			{
				name: 'Card Token (Recommended)',
				value: 'token',
				description:
					"A token from your platform's card tokenization (Payment Details → Card Token): the card number and CVV never pass through n8n",
			},
			{
				name: 'Card Number and CVV (PCI DSS Scope)',
				value: CARD_NUMBER,
				description:
					"The card number and CVV as fields of this node: n8n then keeps them in the workflow's parameters or in execution data, which puts your n8n in PCI DSS scope",
			},
		],
		default: 'token',
		description:
			'How a card payment gives the card. Prefer tokenization: card data typed or mapped into n8n is stored in workflows and execution data, which brings n8n into PCI DSS scope (encryption, access control, audits).',
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
			apiField(
				'Card Holder Name',
				'holderName',
				'Name as printed on the card (payment_details.holder_name)',
				{ field: 'payment_details.holder_name', type: 'string' },
				{ placeholder: 'e.g. MARIA S SILVA' },
			),
			apiField(
				'Card Number',
				'number',
				'The card number (payment_details.number); spaces and dashes are dropped; never shown in output or errors. Prefer a Card Token: a card number in n8n brings it into PCI DSS scope.',
				{ field: 'payment_details.number', type: 'string', remove: /[\s-]/g, ...RAW_CARD_RULE },
				{ typeOptions: { password: true }, displayOptions: RAW_CARD_ONLY },
			),
			apiField(
				'Card Token',
				'token',
				'Token of a card tokenized earlier (payment_details.token)',
				{ field: 'payment_details.token', type: 'string' },
				{ typeOptions: { password: true } },
			),
			apiField(
				'CVV',
				'cvv',
				'Card security code (payment_details.cvv); never shown in output or errors. Prefer a Card Token: a CVV in n8n brings it into PCI DSS scope.',
				{ field: 'payment_details.cvv', type: 'string', ...RAW_CARD_RULE },
				{ typeOptions: { password: true }, displayOptions: RAW_CARD_ONLY },
			),
			apiField(
				'Expiration Month',
				'expirationMonth',
				'Card expiration month (payment_details.expiration_month)',
				{ field: 'payment_details.expiration_month', type: 'string', code: true },
				{ placeholder: 'e.g. 08' },
			),
			apiField(
				'Expiration Year',
				'expirationYear',
				'Card expiration year (payment_details.expiration_year)',
				{ field: 'payment_details.expiration_year', type: 'string' },
				{ placeholder: 'e.g. 2030' },
			),
			apiField(
				'Installments',
				'installments',
				'Number of installments (payment_details.installments)',
				{
					field: 'payment_details.installments',
					type: 'integer',
					range: { max: MAX_INSTALLMENTS },
				},
				{ default: 1 },
			),
			apiField(
				'Statement Descriptor',
				'statementDescriptor',
				"Text on the customer's statement (payment_details.statement_descriptor)",
				{ field: 'payment_details.statement_descriptor', type: 'string' },
			),
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
					apiField(
						'Birthdate',
						'birthdate',
						"The customer's date of birth",
						{ field: 'customer.birthdate', type: 'string' },
						{ placeholder: 'e.g. 1990-05-31' },
					),
					apiField(
						'Email',
						'email',
						"The customer's e-mail address",
						{ field: 'customer.email', type: 'string' },
						{ placeholder: 'name@email.com' },
					),
					apiField('Name', 'name', "The customer's full name", {
						field: 'customer.name',
						type: 'string',
					}),
					apiField(
						'Phone',
						'phone',
						"The customer's phone number",
						{ field: 'customer.phone', type: 'string' },
						{ placeholder: 'e.g. +5511999998888' },
					),
					apiField(
						'Tax ID',
						'tax_id',
						"The customer's CPF or CNPJ",
						{ field: 'customer.tax_id', type: 'string', code: true },
						{ placeholder: 'e.g. 12345678909' },
					),
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
					apiField('Category', 'category', 'Category of the item', {
						field: 'category',
						type: 'string',
					}),
					apiField('Code', 'code', 'Your code for the item, e.g. a SKU', {
						field: 'code',
						type: 'string',
					}),
					apiField('Description', 'description', 'Description of the item', {
						field: 'description',
						type: 'string',
					}),
					apiField('ID', 'id', 'Your identifier of the item', { field: 'id', type: 'string' }),
					apiField('Name', 'name', 'Name of the item', { field: 'name', type: 'string' }),
					apiField(
						'Quantity',
						'quantity',
						'How many units. Empty: not sent.',
						{ field: 'quantity', type: 'integer' },
						ROW_NUMBER_INPUT('e.g. 2'),
					),
					apiField(
						'Tangible',
						'tangible',
						'Whether the item is a physical good',
						{ field: 'tangible', type: 'boolean' },
						ROW_FLAG_INPUT,
					),
					apiField(
						'Unit Price (in Cents)',
						'unit_price',
						'Price of one unit, in cents. For example 2590 = R$ 25,90. Empty: not sent.',
						{ field: 'unit_price', type: 'cents' },
						ROW_NUMBER_INPUT('e.g. 2590'),
					),
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
					apiField(
						'Amount (in Cents)',
						'amount',
						"The recipient's share, in cents. For example 2000 = R$ 20,00. Required in each split rule.",
						{
							field: 'amount',
							type: 'cents',
							required: true,
							chosen: 'a share without an amount does not say how much the recipient gets',
						},
						ROW_NUMBER_INPUT('e.g. 2000'),
					),
					apiField(
						'Cross Company',
						'cross_company',
						'Whether the recipient belongs to another company',
						{ field: 'cross_company', type: 'boolean' },
						ROW_FLAG_INPUT,
					),
					apiField('Recipient ID', 'recipient_id', 'UUID of the recipient of this share', {
						field: 'recipient_id',
						type: 'uuid',
					}),
				],
			},
		],
		api: { field: 'split', type: 'rows' },
	},
	additionalFields([
		currencyField('the charge'),
		metadataField('charge, e.g. {"order_id": "1234"}'),
		apiField('Shipping Amount (in Cents)', 'shipping_amount', 'Shipping cost, in cents', {
			field: 'shipping_amount',
			type: 'cents',
		}),
		apiField('Submerchant ID', 'submerchant_id', 'UUID of the submerchant the charge is made for', {
			field: 'submerchant_id',
			type: 'uuid',
		}),
	]),
	simplifyProperty('charge', true),
	idempotencyKeyProperty,
	writeOptions,
]);

export const description = operationDescription('charge', 'create', fields.properties);

const CREATED = {
	noun: 'charge',
	findWith: 'Charge → Get Many (filtered by amount and creation date)',
};

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const body = requestBody.call(this, i, fields);
	return await prepareKeyedCreate.call(this, i, '/v1/charges', body, CREATED, (data) =>
		simplifyCreatedIfChosen.call(this, i, data),
	);
}
