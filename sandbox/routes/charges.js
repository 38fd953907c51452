'use strict';
/**
 * POST /v1/charges, GET /v1/charges, GET /v1/charges/{id}.
 * The rules are in api/schemas.js: the reference gives the fields' types only, so nothing else is refused. Card
 * number, CVV and token are never kept; a card charge keeps the holder name, expiry and last four digits. A new
 * charge gets what its payer needs (payerData.js: the pix code, the boleto line, the card authorisation).
 */
const { CHARGE_LIST_QUERY } = require('../api/names');
const { inDateRange } = require('../api/dates');
const { pathUuid } = require('../api/issues');
const { RULES } = require('../api/rules');
const { chargeCreate, chargeListQuery } = require('../api/schemas');

/** The card methods, for the stored card summary (a response detail of the sandbox). */
const CARD_PAYMENT_METHODS = ['credit_card', 'debit_card'];
const { emitChargeEvent } = require('../chargeEvents');
const { invalid, notFound } = require('../errors');
const { paginate, pageRequest } = require('../pagination');
const { payerDataOf } = require('../payerData');
const { newId, nowIso } = require('../store');
const { route } = require('./helpers');

/** What the charge keeps of the card: never the number, CVV or token. */
function cardSummary(details) {
	const digits = details.number?.replace(/\D/g, '') ?? '';
	return {
		holder_name: details.holder_name ?? null,
		last_four: digits.length >= 4 ? digits.slice(-4) : null,
		expiration_month: details.expiration_month ?? null,
		expiration_year: details.expiration_year ?? null,
		tokenized: details.token !== undefined,
	};
}

function create(ctx) {
	const store = ctx.app.store;
	const body = ctx.input('body');
	const submerchantId = body.submerchant_id?.toLowerCase();
	if (submerchantId && !store.ownSubmerchant(submerchantId))
		throw invalid(
			'submerchant_id',
			RULES.exists,
			'submerchant_id must reference a submerchant of this merchant',
		);
	const details = body.payment_details ?? {};
	const now = nowIso();
	const charge = {
		id: newId(),
		merchant_id: store.merchant.id,
		submerchant_id: submerchantId ?? null,
		// Required fields of a charge are not shown: a charge sent without them is stored with 0 and no method.
		amount: body.amount ?? 0,
		currency: 'BRL',
		status: 'pending',
		payment_method: body.payment_method ?? null,
		product_type: 'physical',
		created_at: now,
		updated_at: now,
		installments: details.installments ?? 1,
		shipping_amount: body.shipping_amount ?? 0,
		customer: body.customer ?? null,
		items: body.items ?? [],
		split: body.split ?? [],
		metadata: body.metadata ?? {},
		statement_descriptor: details.statement_descriptor ?? null,
		card: CARD_PAYMENT_METHODS.includes(body.payment_method ?? '') ? cardSummary(details) : null,
		chargebacks: [],
	};
	Object.assign(charge, payerDataOf(charge));
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
	const query = ctx.input('querystring');
	const status = query[Q.status];
	const paymentMethod = query[Q.paymentMethod];
	const start = query[Q.startDate];
	const end = query[Q.endDate];
	const search = query[Q.search]?.trim().toLowerCase();
	const minAmount = query[Q.minAmount];
	const maxAmount = query[Q.maxAmount];
	const installments = query[Q.installments];

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
	return { message: 'Charges retrieved', ...paginate(charges, pageRequest(query)) };
}

function get(ctx) {
	const charge = ctx.app.store.charges.get(pathUuid(ctx.params, 'id'));
	if (!charge || charge.merchant_id !== ctx.app.store.merchant.id) throw notFound('Charge');
	return { message: 'Charge retrieved', data: charge };
}

/** This module's routes (routes/index.js lists them). @type {import('./index').Route[]} */
const ROUTES = [
	route('POST', '/v1/charges', create, { body: chargeCreate }),
	route('GET', '/v1/charges', list, { querystring: chargeListQuery }),
	route('GET', '/v1/charges/:id', get),
];

module.exports = { ROUTES };
