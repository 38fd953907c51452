import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { PAYMENT_LINKS_PATH } from '../../transport/chosenNames';
import type { FieldRule } from '../../shared/fieldRules';
import { buildRequest } from '../../shared/fieldRules';
import { DATE_TIME_NOTE } from '../../shared/values';
import { PAYMENT_METHOD_OPTIONS } from '../../shared/optionTexts';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import { ownFieldsOf, withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';
import { idempotencyKeyOf, idempotencyKeyProperty, withSentKey } from '../common.idempotency';

/**
 * POST /v1/payment-links (a chosen path: the reference names creating a link but does not show it). The body uses
 * the Payment link resource's writable field names with the types the reference gives them; which fields are
 * required is not shown, so the node asks for the two a link cannot do without (title and amount).
 */
const extra = (name: string, type: FieldRule['type'] = 'string'): FieldRule => ({
	parameter: `additionalFields.${name}`,
	field: name,
	type,
});

/** The Payment link resource's writable fields with the reference's types; title and amount required (chosen). */
export const rules: FieldRule[] = [
	{
		parameter: 'title',
		field: 'title',
		type: 'string',
		required: true,
		chosen: 'a link needs a name',
	},
	{
		parameter: 'amount',
		field: 'amount',
		type: 'cents',
		required: true,
		chosen: 'a link needs a price',
	},
	extra('description'),
	{ ...extra('currency', 'enum'), values: ['BRL'] },
	extra('product_type'),
	extra('redirect_url'),
	{ ...extra('allowed_payment_methods', 'array'), distinct: true },
	extra('max_installments', 'integer'),
	extra('max_uses', 'integer'),
	extra('expires_at', 'dateTime'),
	extra('metadata', 'object'),
	extra('submerchant_id', 'uuid'),
];

const properties: INodeProperties[] = [
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Camiseta Estrela',
		description:
			'What the customer sees as the name of the product or service on the checkout page',
	},
	{
		displayName: 'Amount (in Cents)',
		name: 'amount',
		type: 'number',
		typeOptions: { numberPrecision: 0 },
		required: true,
		default: 0,
		description: 'Price of the link, in cents (centavos). For example 7990 = R$ 79,90.',
	},
	simplifyProperty('paymentLink'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Allowed Payment Methods',
				name: 'allowed_payment_methods',
				type: 'multiOptions',
				options: PAYMENT_METHOD_OPTIONS,
				default: [],
				description: 'How the customer may pay on the checkout page',
			},
			{
				displayName: 'Currency',
				name: 'currency',
				type: 'options',
				options: [{ name: 'BRL', value: 'BRL', description: 'Brazilian real' }],
				default: 'BRL',
				description: 'Currency of the amount (BRL is the one the API shows)',
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'Longer text shown under the title on the checkout page',
			},
			{
				displayName: 'Expires At',
				name: 'expires_at',
				type: 'dateTime',
				default: '',
				description: DATE_TIME_NOTE('When the link stops accepting payments'),
			},
			{
				displayName: 'Max Installments',
				name: 'max_installments',
				type: 'number',
				typeOptions: { numberPrecision: 0 },
				default: 1,
				description: 'The most installments a card payment on this link may be split into',
			},
			{
				displayName: 'Max Uses',
				name: 'max_uses',
				type: 'number',
				typeOptions: { numberPrecision: 0 },
				default: 1,
				description: 'How many payments the link accepts in total',
			},
			{
				displayName: 'Metadata',
				name: 'metadata',
				type: 'json',
				default: '{}',
				description: 'Free-form JSON object stored with the link, e.g. {"campaign": "summer"}',
			},
			{
				displayName: 'Product Type',
				name: 'product_type',
				type: 'string',
				default: '',
				placeholder: 'physical',
				description:
					'Kind of product sold (the API shows "physical"; other values are not documented)',
			},
			{
				displayName: 'Redirect URL',
				name: 'redirect_url',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/thank-you',
				description: 'Where the customer is sent after paying',
			},
			{
				displayName: 'Submerchant ID',
				name: 'submerchant_id',
				type: 'string',
				default: '',
				placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
				description: 'UUID of the submerchant the link sells for; without it the link is your own',
			},
		],
	},
	idempotencyKeyProperty,
	writeOptions,
];

/** The body fields this operation sets, by the node field that sets them (from its rule table). */
const ownFields = ownFieldsOf(properties, rules);

const displayOptions = { show: { resource: ['paymentLink'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const { values } = buildRequest.call(this, i, rules);
	const body = withAdditionalBody.call(this, i, values, ownFields);
	const idempotencyKey = idempotencyKeyOf.call(this, i);
	const request = { body, itemIndex: i, idempotencyKey };
	const { data } = await apiRequest.call(this, 'POST', PAYMENT_LINKS_PATH, request);
	return withSentKey(simplifyIfChosen.call(this, i, 'paymentLink', data as IDataObject), idempotencyKey);
}
