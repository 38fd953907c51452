/**
 * Charge → Create. Over 300 lines because a charge has the most fields of the API (customer, items, card details
 * shown only for cards, split, metadata); they are declared and checked here, next to the one request they build.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { CARD_PAYMENT_METHODS, MAX_INSTALLMENTS, PAYMENT_METHODS } from '../../shared/apiValues';
import { compact, getTrimmedString } from '../../shared/parameters';
import { InputValidator } from '../../shared/validate';
import { toInteger } from '../../shared/values';
import { PAYMENT_METHOD_OPTIONS } from '../../shared/optionTexts';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import { type OwnFields, withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';

const CARD_METHODS = [...CARD_PAYMENT_METHODS];
const showForCards = { show: { paymentMethod: CARD_METHODS } };
const showForCardDetails = { show: { paymentMethod: CARD_METHODS, cardInput: ['details'] } };

const properties: INodeProperties[] = [
	{
		displayName: 'Payment Method',
		name: 'paymentMethod',
		type: 'options',
		required: true,
		options: PAYMENT_METHOD_OPTIONS,
		default: 'pix',
		description: 'How the customer pays. Card fields appear for credit and debit card.',
	},
	{
		displayName: 'Amount (in Cents)',
		name: 'amount',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		required: true,
		default: 0,
		description:
			'Total to charge, in cents (centavos) as an integer. For example 10000 = R$ 100,00.',
	},
	{
		displayName: 'Card Input',
		name: 'cardInput',
		type: 'options',
		options: [
			{
				name: 'Card Details',
				value: 'details',
				description: 'Send the card number, holder name, expiration and CVV',
			},
			{
				name: 'Card Token',
				value: 'token',
				description: 'Send a token that stands for a card tokenized earlier',
			},
		],
		default: 'details',
		description: 'Whether to pay with the card details or with a card token',
		displayOptions: showForCards,
	},
	{
		displayName: 'Card Number',
		name: 'cardNumber',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description:
			'The card number (digits only). Sent as payment_details.number; never shown in errors.',
		displayOptions: showForCardDetails,
	},
	{
		displayName: 'Card Holder Name',
		name: 'holderName',
		type: 'string',
		default: '',
		placeholder: 'e.g. MARIA S SILVA',
		description: 'Name as printed on the card (payment_details.holder_name)',
		displayOptions: showForCardDetails,
	},
	{
		displayName: 'Expiration Month',
		name: 'expirationMonth',
		type: 'string',
		default: '',
		placeholder: 'e.g. 08',
		description: 'Card expiration month (payment_details.expiration_month)',
		displayOptions: showForCardDetails,
	},
	{
		displayName: 'Expiration Year',
		name: 'expirationYear',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2030',
		description: 'Card expiration year (payment_details.expiration_year)',
		displayOptions: showForCardDetails,
	},
	{
		displayName: 'CVV',
		name: 'cvv',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Card security code (payment_details.cvv); never shown in errors',
		displayOptions: showForCardDetails,
	},
	{
		displayName: 'Card Token',
		name: 'cardToken',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Token of a card tokenized earlier (payment_details.token); required in this mode',
		displayOptions: { show: { paymentMethod: CARD_METHODS, cardInput: ['token'] } },
	},
	{
		displayName: 'Installments',
		name: 'installments',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_INSTALLMENTS, numberPrecision: 0 },
		default: 1,
		description: `Number of installments, 1 to ${MAX_INSTALLMENTS} (payment_details.installments)`,
		displayOptions: showForCards,
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
						typeOptions: { minValue: 1, numberPrecision: 0 },
						default: 1,
						description: 'How many units, as an integer',
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
						typeOptions: { minValue: 0, numberPrecision: 0 },
						default: 0,
						description: 'Price of one unit, in cents as an integer. For example 2590 = R$ 25,90.',
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
						typeOptions: { minValue: 0, numberPrecision: 0 },
						default: 0,
						description: "The recipient's share, in cents as an integer",
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
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description: 'Shipping cost, in cents as an integer',
			},
			{
				displayName: 'Statement Descriptor',
				name: 'statement_descriptor',
				type: 'string',
				default: '',
				description:
					"Text on the customer's card statement (payment_details.statement_descriptor); card payments only",
				displayOptions: { show: { '/paymentMethod': CARD_METHODS } },
			},
			{
				displayName: 'Submerchant ID',
				name: 'submerchant_id',
				type: 'string',
				default: '',
				placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
				description: 'UUID of the submerchant the charge is made for',
			},
		],
	},
	simplifyProperty('charge'),
	writeOptions,
];

/** The body fields this operation sets, by the node field that sets them. */
const CHARGE_BODY_FIELDS: OwnFields = {
	amount: 'Amount (in Cents)',
	payment_method: 'Payment Method',
	payment_details: 'Card Input',
	customer: 'Customer',
	items: 'Items',
	split: 'Split',
	submerchant_id: 'Additional Fields → Submerchant ID',
	shipping_amount: 'Additional Fields → Shipping Amount (in Cents)',
	currency: 'Additional Fields → Currency',
	metadata: 'Additional Fields → Metadata',
};

const displayOptions = { show: { resource: ['charge'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const validate = new InputValidator(this.getNode(), i);
	const paymentMethod = this.getNodeParameter('paymentMethod', i) as string;
	validate.required('payment_method', paymentMethod);
	validate.oneOf('payment_method', paymentMethod, PAYMENT_METHODS);
	const amount = this.getNodeParameter('amount', i) as unknown;
	validate.required('amount', amount);
	const body: IDataObject = {
		amount: toInteger(validate, 'amount', amount, { min: 1 }),
		payment_method: paymentMethod,
	};

	const additional = this.getNodeParameter('additionalFields', i, {}) as IDataObject;

	if ((CARD_METHODS as string[]).includes(paymentMethod)) {
		body.payment_details = getPaymentDetails.call(this, i, validate, additional);
	}

	const customer = getCustomer.call(this, i, validate);
	if (customer) body.customer = customer;
	const items = getItems.call(this, i, validate);
	if (items.length) body.items = items;
	const split = getSplit.call(this, i, validate);
	if (split.length) body.split = split;

	const submerchantId = trimmed(additional.submerchant_id);
	if (submerchantId) {
		validate.uuid('submerchant_id', submerchantId);
		body.submerchant_id = submerchantId;
	}
	const shippingAmount = toInteger(validate, 'shipping_amount', additional.shipping_amount, {
		min: 0,
	});
	if (shippingAmount !== undefined) body.shipping_amount = shippingAmount;
	if (additional.currency !== undefined) {
		validate.oneOf('currency', additional.currency, ['BRL']);
		body.currency = additional.currency;
	}
	const metadata = validate.jsonObject('metadata', additional.metadata);
	if (metadata) body.metadata = metadata;

	const { data } = await apiRequest.call(this, 'POST', '/v1/charges', {
		body: withAdditionalBody.call(this, i, body, CHARGE_BODY_FIELDS),
		itemIndex: i,
	});
	return simplifyIfChosen.call(this, i, 'charge', data as IDataObject);
}

function getPaymentDetails(
	this: IExecuteFunctions,
	i: number,
	validate: InputValidator,
	additional: IDataObject,
): IDataObject {
	const cardInput = this.getNodeParameter('cardInput', i, 'details') as string;
	let card: IDataObject;
	if (cardInput === 'token') {
		const token = getTrimmedString.call(this, 'cardToken', i);
		validate.required('payment_details.token', token);
		card = { token };
	} else {
		// The card number's spaces and dashes are dropped; its value is never put in an error message.
		const number = String(this.getNodeParameter('cardNumber', i, '') ?? '').replace(/[\s-]/g, '');
		validate.required('payment_details.number', number);
		card = compact({
			number,
			holder_name: getTrimmedString.call(this, 'holderName', i),
			expiration_month: getTrimmedString.call(this, 'expirationMonth', i),
			expiration_year: getTrimmedString.call(this, 'expirationYear', i),
			cvv: getTrimmedString.call(this, 'cvv', i),
		});
	}
	const installments = toInteger(
		validate,
		'payment_details.installments',
		this.getNodeParameter('installments', i, 1),
		{ min: 1, max: MAX_INSTALLMENTS },
	);
	const statementDescriptor = String(additional.statement_descriptor ?? '').trim();
	return compact({
		...card,
		installments,
		statement_descriptor: statementDescriptor,
	}) as IDataObject;
}

function getCustomer(
	this: IExecuteFunctions,
	i: number,
	validate: InputValidator,
): IDataObject | undefined {
	const details = this.getNodeParameter('customer.details', i, {}) as IDataObject;
	const customer = compact({
		name: trimmed(details.name),
		email: trimmed(details.email),
		tax_id: trimmed(details.tax_id),
		phone: trimmed(details.phone),
		birthdate: trimmed(details.birthdate),
	}) as IDataObject;
	validate.email('customer.email', customer.email);
	return Object.keys(customer).length ? customer : undefined;
}

function getItems(this: IExecuteFunctions, i: number, validate: InputValidator): IDataObject[] {
	const rows = this.getNodeParameter('items.item', i, []) as IDataObject[];
	return rows.map((row, index) => {
		const field = `items[${index}]`;
		const quantity = toInteger(validate, `${field}.quantity`, row.quantity, { min: 1 });
		const unitPrice = toInteger(validate, `${field}.unit_price`, row.unit_price, { min: 0 });
		return compact({
			name: trimmed(row.name),
			quantity,
			unit_price: unitPrice,
			tangible: row.tangible,
			id: trimmed(row.id),
			description: trimmed(row.description),
			category: trimmed(row.category),
			code: trimmed(row.code),
		}) as IDataObject;
	});
}

function getSplit(this: IExecuteFunctions, i: number, validate: InputValidator): IDataObject[] {
	const rows = this.getNodeParameter('split.recipient', i, []) as IDataObject[];
	return rows.map((row, index) => {
		const field = `split[${index}]`;
		const recipientId = trimmed(row.recipient_id);
		validate.uuid(`${field}.recipient_id`, recipientId);
		validate.required(`${field}.amount`, row.amount);
		const amount = toInteger(validate, `${field}.amount`, row.amount, { min: 0 });
		return compact({
			recipient_id: recipientId,
			amount,
			cross_company: row.cross_company ?? false,
		}) as IDataObject;
	});
}

function trimmed(value: unknown): string | undefined {
	return value === undefined || value === null ? undefined : String(value).trim();
}
