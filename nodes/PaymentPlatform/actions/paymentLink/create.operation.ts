import type { IExecuteFunctions } from 'n8n-workflow';
import {
	additionalFields,
	currencyField,
	metadataField,
	operationDescription,
} from '../common.descriptions';
import { PAYMENT_LINK_BODY as B, PAYMENT_LINKS_PATH } from '../../../shared/chosenNames';
import { apiField, declareFields, requestBody } from '../../fields/fields';
import { DATE_TIME_NOTE } from '../../fields/dates';
import { PAYMENT_METHOD_OPTIONS } from '../../optionTexts';
import { simplifyCreatedIfChosen, simplifyProperty } from '../common.simplify';
import { writeOptions } from '../common.options';
import { idempotencyKeyProperty, prepareKeyedCreate } from '../common.idempotency';
import type { PreparedWrite } from '../node.type';

export const option = {
	name: 'Create',
	description:
		'Create a payment link with a checkout URL to send to a customer; needs a title and an amount',
	action: 'Create a payment link',
};

/**
 * Creating a link is named but not shown: the path and the body names are chosen (PAYMENT_LINK_BODY, the Payment
 * link resource's writable fields), and the node asks for the two a link cannot do without (title and amount,
 * chosen).
 */
export const fields = declareFields([
	apiField(
		'Title',
		'title',
		'What the customer sees as the name of the product or service on the checkout page',
		{ field: B.title, type: 'string', required: true, chosen: 'a link needs a name' },
		{ placeholder: 'e.g. Camiseta Estrela' },
	),
	apiField(
		'Amount (in Cents)',
		'amount',
		'Price of the link, in cents (centavos). For example 7990 = R$ 79,90.',
		{ field: B.amount, type: 'cents', required: true, chosen: 'a link needs a price' },
	),
	simplifyProperty('paymentLink', true),
	additionalFields([
		apiField(
			'Allowed Payment Methods',
			'allowed_payment_methods',
			'How the customer may pay on the checkout page',
			{ field: B.allowedPaymentMethods, type: 'array', distinct: true },
			{ type: 'multiOptions', options: PAYMENT_METHOD_OPTIONS, default: [] },
		),
		currencyField('the amount'),
		apiField(
			'Description',
			'description',
			'Longer text shown under the title on the checkout page',
			{ field: B.description, type: 'string' },
			{ typeOptions: { rows: 2 } },
		),
		apiField(
			'Expires At',
			'expires_at',
			DATE_TIME_NOTE('When the link stops accepting payments', 'end'),
			{
				field: B.expiresAt,
				type: 'dateTime',
				bound: 'end',
			},
		),
		apiField(
			'Max Installments',
			'max_installments',
			'The most installments a card payment on this link may be split into',
			{ field: B.maxInstallments, type: 'integer' },
			{ default: 1 },
		),
		apiField(
			'Max Uses',
			'max_uses',
			'How many payments the link accepts in total',
			{ field: B.maxUses, type: 'integer' },
			{ default: 1 },
		),
		metadataField('link, e.g. {"campaign": "summer"}'),
		apiField(
			'Product Type',
			'product_type',
			'Kind of product sold (the API shows "physical"; other values are not documented)',
			{ field: B.productType, type: 'string' },
			{ placeholder: 'physical' },
		),
		apiField(
			'Redirect URL',
			'redirect_url',
			'Where the customer is sent after paying',
			{ field: B.redirectUrl, type: 'string' },
			{ placeholder: 'https://example.com/thank-you' },
		),
		apiField(
			'Submerchant ID',
			'submerchant_id',
			'UUID of the submerchant the link sells for; without it the link is your own',
			{ field: B.submerchantId, type: 'uuid' },
		),
	]),
	idempotencyKeyProperty,
	writeOptions,
]);

export const description = operationDescription('paymentLink', 'create', fields.properties);

const CREATED = { noun: 'payment link', findWith: 'Payment Link → Get Many' };

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const body = requestBody.call(this, i, fields);
	return await prepareKeyedCreate.call(this, i, PAYMENT_LINKS_PATH, body, CREATED, (data) =>
		simplifyCreatedIfChosen.call(this, i, data),
	);
}
