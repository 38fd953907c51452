'use strict';
/**
 * POST /v1/charges, GET /v1/charges, GET /v1/charges/{id}.
 * The reference shows the fields and their types but not which are required: the sandbox requires `amount` (an
 * integer > 0) and `payment_method`, and for card methods `payment_details` with `number` or `token`. Card number,
 * CVV and token are never kept; the charge keeps the holder name, expiry and last four digits.
 */
const {
	CARD_PAYMENT_METHODS,
	CHARGE_STATUSES,
	MAX_INSTALLMENTS,
	PAYMENT_METHODS,
} = require('../fromPackage');
const { CHARGE_LIST_QUERY } = require('../fromPackage');
const { emitChargeEvent } = require('../chargeEvents');
const { notFound } = require('../errors');
const { paginate, readPageRequest } = require('../pagination');
const { newId, nowIso } = require('../store');

const {
	BodyRules,
	inDateRange,
	isPlainObject,
	pathUuid,
	QueryRules,
	RULES,
} = require('../validation');
const { jsonBody } = require('./helpers');

const CHARGE_FIELDS = [
	'amount',
	'customer',
	'items',
	'payment_method',
	'payment_details',
	'submerchant_id',
	'shipping_amount',
	'currency',
	'metadata',
	'split',
];
const CUSTOMER_FIELDS = ['name', 'email', 'tax_id', 'phone', 'birthdate'];
const ITEM_FIELDS = [
	'name',
	'quantity',
	'unit_price',
	'tangible',
	'id',
	'description',
	'category',
	'code',
];
const PAYMENT_DETAILS_FIELDS = [
	'number',
	'holder_name',
	'expiration_month',
	'expiration_year',
	'cvv',
	'token',
	'installments',
	'statement_descriptor',
];
const SPLIT_FIELDS = ['recipient_id', 'amount', 'cross_company'];
const CURRENCIES = ['BRL'];

/** Validates each element of an array field as an object with `validate`. */
function eachObject(rules, field, validate) {
	const items = rules.array(field);
	if (!items) return undefined;
	return items.flatMap((item, index) => {
		const itemField = `${field}[${index}]`;
		if (!isPlainObject(item)) {
			rules.fail(itemField, RULES.object, 'must be an object');
			return [];
		}
		return [validate(rules.nested(itemField, item))];
	});
}

function withoutUndefined(value) {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

function validatePaymentDetails(rules, paymentMethod) {
	const isCard = CARD_PAYMENT_METHODS.includes(paymentMethod ?? '');
	const source = rules.object('payment_details', { required: isCard });
	if (!source) return {};
	const details = rules.nested('payment_details', source);
	details.onlyFields(PAYMENT_DETAILS_FIELDS);
	const result = {
		number: details.string('number'),
		holderName: details.string('holder_name'),
		expirationMonth: details.string('expiration_month'),
		expirationYear: details.string('expiration_year'),
		token: details.string('token'),
		installments: details.integer('installments', { min: 1, max: MAX_INSTALLMENTS }),
		statementDescriptor: details.string('statement_descriptor'),
	};
	details.string('cvv');
	if (isCard && !details.present('number') && !details.present('token')) {
		details.fail(
			'number',
			RULES.required,
			`is required (or payment_details.token) for ${CARD_PAYMENT_METHODS.join(' and ')} payments`,
		);
	}
	return result;
}

function cardSummary(details) {
	const digits = details.number?.replace(/\D/g, '') ?? '';
	return {
		holder_name: details.holderName ?? null,
		last_four: digits.length >= 4 ? digits.slice(-4) : null,
		expiration_month: details.expirationMonth ?? null,
		expiration_year: details.expirationYear ?? null,
		tokenized: details.token !== undefined,
	};
}

function create(ctx) {
	const store = ctx.app.store;
	const rules = new BodyRules(jsonBody(ctx));
	rules.onlyFields(CHARGE_FIELDS);
	const amount = rules.integer('amount', { required: true, min: 1 });
	const paymentMethod = rules.string('payment_method', { required: true, oneOf: PAYMENT_METHODS });
	const details = validatePaymentDetails(rules, paymentMethod);
	const submerchantId = rules.uuid('submerchant_id')?.toLowerCase();
	if (submerchantId && !store.ownSubmerchant(submerchantId))
		rules.fail('submerchant_id', RULES.exists, 'must reference a submerchant of this merchant');
	const shippingAmount = rules.integer('shipping_amount', { min: 0 });
	rules.string('currency', { oneOf: CURRENCIES });
	const metadata = rules.object('metadata');

	const customerSource = rules.object('customer');
	let customer = null;
	if (customerSource) {
		const c = rules.nested('customer', customerSource);
		c.onlyFields(CUSTOMER_FIELDS);
		customer = withoutUndefined({
			name: c.string('name'),
			email: c.string('email'),
			tax_id: c.string('tax_id'),
			phone: c.string('phone'),
			birthdate: c.string('birthdate'),
		});
	}
	const items = eachObject(rules, 'items', (item) => {
		item.onlyFields(ITEM_FIELDS);
		return withoutUndefined({
			id: item.string('id'),
			name: item.string('name'),
			quantity: item.integer('quantity', { min: 1 }),
			unit_price: item.integer('unit_price', { min: 0 }),
			tangible: item.boolean('tangible'),
			description: item.string('description'),
			category: item.string('category'),
			code: item.string('code'),
		});
	});
	const split = eachObject(rules, 'split', (part) => {
		part.onlyFields(SPLIT_FIELDS);
		return withoutUndefined({
			recipient_id: part.uuid('recipient_id', { required: true }),
			amount: part.integer('amount', { required: true, min: 0 }),
			cross_company: part.boolean('cross_company'),
		});
	});
	rules.issues.throwIfAny();

	const now = nowIso();
	const isCard = CARD_PAYMENT_METHODS.includes(paymentMethod);
	const charge = {
		id: newId(),
		merchant_id: store.merchant.id,
		submerchant_id: submerchantId ?? null,
		amount: amount,
		currency: 'BRL',
		status: 'pending',
		payment_method: paymentMethod,
		product_type: 'physical',
		created_at: now,
		updated_at: now,
		installments: details.installments ?? 1,
		shipping_amount: shippingAmount ?? 0,
		customer,
		items: items ?? [],
		split: split ?? [],
		metadata: metadata ?? {},
		statement_descriptor: details.statementDescriptor ?? null,
		card: isCard ? cardSummary(details) : null,
		chargebacks: [],
	};
	store.addCharge(charge);
	emitChargeEvent(ctx.app, charge, 'charge.pending');
	return { status: 201, message: 'Charge created', data: charge };
}

function matchesSearch(charge, needle) {
	const haystack = [
		charge.id,
		charge.customer?.name,
		charge.customer?.email,
		charge.customer?.tax_id,
		...charge.items.map((item) => item.name),
		...Object.values(charge.metadata).filter((v) => typeof v === 'string'),
	];
	return haystack.some((text) => text !== undefined && text.toLowerCase().includes(needle));
}

function list(ctx) {
	const Q = CHARGE_LIST_QUERY;
	const query = new QueryRules(ctx.query);
	const status = query.oneOf(Q.status, CHARGE_STATUSES);
	const paymentMethod = query.oneOf(Q.paymentMethod, PAYMENT_METHODS);
	const start = query.isoTimestamp(Q.startDate);
	const end = query.isoTimestamp(Q.endDate);
	const search = query.text(Q.search)?.trim().toLowerCase();
	const minAmount = query.integer(Q.minAmount, { min: 0 });
	const maxAmount = query.integer(Q.maxAmount, { min: 0 });
	const installments = query.integer(Q.installments, { min: 1, max: MAX_INSTALLMENTS });
	const page = readPageRequest(query);
	query.issues.throwIfAny();

	const charges = ctx.app.store
		.chargesNewestFirst()
		.filter(
			(charge) =>
				(!status || charge.status === status) &&
				(!paymentMethod || charge.payment_method === paymentMethod) &&
				(minAmount === undefined || charge.amount >= minAmount) &&
				(maxAmount === undefined || charge.amount <= maxAmount) &&
				(installments === undefined || charge.installments === installments) &&
				((!start && !end) || inDateRange(charge.created_at, start, end)) &&
				(!search || matchesSearch(charge, search)),
		);
	return { message: 'Charges retrieved', ...paginate(charges, page) };
}

function get(ctx) {
	const charge = ctx.app.store.charges.get(pathUuid(ctx.params, 'id'));
	if (!charge || charge.merchant_id !== ctx.app.store.merchant.id) throw notFound('Charge');
	return { message: 'Charge retrieved', data: charge };
}

function registerChargeRoutes(router) {
	router
		.add('POST', '/v1/charges', create)
		.add('GET', '/v1/charges', list)
		.add('GET', '/v1/charges/:id', get);
}

module.exports = { registerChargeRoutes };
