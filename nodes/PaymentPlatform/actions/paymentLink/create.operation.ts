import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { PAYMENT_LINKS_PATH } from '../../transport/chosenNames';
import { getTrimmedString } from '../../shared/parameters';
import { InputValidator } from '../../shared/validate';
import { toInteger } from '../../shared/values';
import { PAYMENT_METHOD_OPTIONS } from '../../shared/optionTexts';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import { type OwnFields, withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';

/**
 * POST /v1/payment-links (a chosen path: the reference names creating a link but does not show it). The body uses
 * the Payment link resource's writable field names with the types the reference gives them; which fields are
 * required is not shown, so the node asks for the two a link cannot do without (title and amount).
 */
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
		typeOptions: { minValue: 1, numberPrecision: 0 },
		required: true,
		default: 0,
		description:
			'Price of the link, in cents (centavos) as an integer. For example 7990 = R$ 79,90.',
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
				description:
					'When the link stops accepting payments. Without an offset it is read in the workflow time zone; sent as UTC ISO 8601.',
			},
			{
				displayName: 'Max Installments',
				name: 'max_installments',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				description: 'The most installments a card payment on this link may be split into',
			},
			{
				displayName: 'Max Uses',
				name: 'max_uses',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
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
	writeOptions,
];

/** The body fields this operation sets, by the node field that sets them. */
const PAYMENT_LINK_BODY_FIELDS: OwnFields = {
	title: 'Title',
	amount: 'Amount (in Cents)',
	allowed_payment_methods: 'Additional Fields → Allowed Payment Methods',
	currency: 'Additional Fields → Currency',
	description: 'Additional Fields → Description',
	expires_at: 'Additional Fields → Expires At',
	max_installments: 'Additional Fields → Max Installments',
	max_uses: 'Additional Fields → Max Uses',
	metadata: 'Additional Fields → Metadata',
	product_type: 'Additional Fields → Product Type',
	redirect_url: 'Additional Fields → Redirect URL',
	submerchant_id: 'Additional Fields → Submerchant ID',
};

const displayOptions = { show: { resource: ['paymentLink'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const validate = new InputValidator(this.getNode(), i);
	const title = getTrimmedString.call(this, 'title', i);
	validate.required('title', title);
	const amount = toInteger(validate, 'amount', this.getNodeParameter('amount', i), { min: 1 });
	validate.required('amount', amount);
	const body: IDataObject = { title, amount };

	const additional = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const text = (name: string) => String(additional[name] ?? '').trim();
	if (text('description')) body.description = text('description');
	if (text('currency')) body.currency = text('currency');
	if (text('product_type')) body.product_type = text('product_type');
	if (text('redirect_url')) body.redirect_url = text('redirect_url');
	const methods = toList(additional.allowed_payment_methods);
	if (methods.length > 0) body.allowed_payment_methods = [...new Set(methods)];
	const maxInstallments = toInteger(validate, 'max_installments', additional.max_installments, {
		min: 1,
	});
	if (maxInstallments !== undefined) body.max_installments = maxInstallments;
	const maxUses = toInteger(validate, 'max_uses', additional.max_uses, { min: 1 });
	if (maxUses !== undefined) body.max_uses = maxUses;
	const expiresAt = validate.utcDateTime('expires_at', additional.expires_at, this.getTimezone());
	if (expiresAt) body.expires_at = expiresAt;
	const metadata = validate.jsonObject('metadata', additional.metadata);
	if (metadata) body.metadata = metadata;
	if (text('submerchant_id')) {
		validate.uuid('submerchant_id', text('submerchant_id'));
		body.submerchant_id = text('submerchant_id');
	}

	const { data } = await apiRequest.call(this, 'POST', PAYMENT_LINKS_PATH, {
		body: withAdditionalBody.call(this, i, body, PAYMENT_LINK_BODY_FIELDS),
		itemIndex: i,
	});
	return simplifyIfChosen.call(this, i, 'paymentLink', data as IDataObject);
}

/** A multi-option value, or one value from an expression, as a list of non-empty strings. */
function toList(value: unknown): string[] {
	const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
	return values.map((v) => String(v ?? '').trim()).filter((v) => v !== '');
}
