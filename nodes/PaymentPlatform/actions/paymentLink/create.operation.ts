import type { IExecuteFunctions } from 'n8n-workflow';
import {
	additionalFields,
	currencyField,
	metadataField,
	operationDescription,
} from '../common.descriptions';
import { PAYMENT_LINK_BODY as B, PAYMENT_LINKS_PATH } from '../../../shared/chosenNames';
import { declareFields, requestBody } from '../../fields/fields';
import { DATE_TIME_NOTE } from '../../fields/dates';
import { PAYMENT_METHOD_OPTIONS } from '../../../shared/optionTexts';
import { simplifyCreatedIfChosen, simplifyProperty } from '../common.simplify';
import { writeOptions } from '../common.options';
import { idempotencyKeyProperty, prepareKeyedCreate } from '../common.idempotency';
import type { PreparedWrite } from '../node.type';

/**
 * Creating a link is named but not shown: the path and the body names are chosen (PAYMENT_LINK_BODY, the Payment
 * link resource's writable fields), and the node asks for the two a link cannot do without (title and amount,
 * chosen).
 */
export const fields = declareFields([
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		default: '',
		placeholder: 'e.g. Camiseta Estrela',
		description:
			'What the customer sees as the name of the product or service on the checkout page',
		api: { field: B.title, type: 'string', required: true, chosen: 'a link needs a name' },
	},
	{
		displayName: 'Amount (in Cents)',
		name: 'amount',
		type: 'number',
		default: 0,
		description: 'Price of the link, in cents (centavos). For example 7990 = R$ 79,90.',
		api: { field: B.amount, type: 'cents', required: true, chosen: 'a link needs a price' },
	},
	simplifyProperty('paymentLink', true),
	additionalFields([
		{
			displayName: 'Allowed Payment Methods',
			name: 'allowed_payment_methods',
			type: 'multiOptions',
			options: PAYMENT_METHOD_OPTIONS,
			default: [],
			description: 'How the customer may pay on the checkout page',
			api: { field: B.allowedPaymentMethods, type: 'array', distinct: true },
		},
		currencyField('the amount'),
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description: 'Longer text shown under the title on the checkout page',
			api: { field: B.description, type: 'string' },
		},
		{
			displayName: 'Expires At',
			name: 'expires_at',
			type: 'dateTime',
			default: '',
			description: DATE_TIME_NOTE('When the link stops accepting payments'),
			api: { field: B.expiresAt, type: 'dateTime' },
		},
		{
			displayName: 'Max Installments',
			name: 'max_installments',
			type: 'number',
			default: 1,
			description: 'The most installments a card payment on this link may be split into',
			api: { field: B.maxInstallments, type: 'integer' },
		},
		{
			displayName: 'Max Uses',
			name: 'max_uses',
			type: 'number',
			default: 1,
			description: 'How many payments the link accepts in total',
			api: { field: B.maxUses, type: 'integer' },
		},
		metadataField('link, e.g. {"campaign": "summer"}'),
		{
			displayName: 'Product Type',
			name: 'product_type',
			type: 'string',
			default: '',
			placeholder: 'physical',
			description:
				'Kind of product sold (the API shows "physical"; other values are not documented)',
			api: { field: B.productType, type: 'string' },
		},
		{
			displayName: 'Redirect URL',
			name: 'redirect_url',
			type: 'string',
			default: '',
			placeholder: 'https://example.com/thank-you',
			description: 'Where the customer is sent after paying',
			api: { field: B.redirectUrl, type: 'string' },
		},
		{
			displayName: 'Submerchant ID',
			name: 'submerchant_id',
			type: 'string',
			default: '',
			placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
			description: 'UUID of the submerchant the link sells for; without it the link is your own',
			api: { field: B.submerchantId, type: 'uuid' },
		},
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
