'use strict';
/**
 * GET /v1/submerchants, GET|PATCH /v1/submerchants/{id}, POST /v1/submerchants/{id}/submit-for-review.
 */
const { SUBMERCHANT_LIST_QUERY } = require('../api/names');
const { Issues } = require('../api/issues');
const { RULES } = require('../api/rules');
const {
	submerchantListQuery,
	submerchantUpdate,
	submitForReview: noBody,
} = require('../api/schemas');
const { conflict } = require('../errors');
const { paginate, pageRequest } = require('../pagination');
const { compareText, nowIso } = require('../store');
const { assignDefined, ownSubmerchantFromPath, route } = require('./helpers');

function list(ctx) {
	const query = ctx.input('querystring');
	const status = query[SUBMERCHANT_LIST_QUERY.status];
	const merchantId = ctx.app.store.merchant.id;
	const submerchants = [...ctx.app.store.submerchants.values()]
		.filter((s) => s.parent_merchant_id === merchantId && (!status || s.status === status))
		.sort((a, b) => compareText(b.created_at, a.created_at) || compareText(b.id, a.id));
	return { message: 'Submerchants retrieved', ...paginate(submerchants, pageRequest(query)) };
}

function get(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	return {
		message: 'Submerchant retrieved',
		data: { ...submerchant, addresses: ctx.app.store.addressesOf(submerchant.id) },
	};
}

/** Money amounts are sent as numbers and answered as text with two decimals. */
const money = (value) => (value === undefined ? undefined : value.toFixed(2));

function update(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	const { tax_id: _immutable, cnaes, ...changes } = ctx.input('body');
	assignDefined(submerchant, {
		...changes,
		average_ticket: money(changes.average_ticket),
		monthly_revenue: money(changes.monthly_revenue),
		cnaes: cnaes?.map((c) => ({
			code: c.code,
			description: c.description ?? null,
			is_primary: c.is_primary ?? false,
		})),
	});
	submerchant.updated_at = nowIso();
	return { message: 'Submerchant updated', data: submerchant };
}

function submitForReview(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	ctx.input('body');
	const store = ctx.app.store;
	if (submerchant.status !== 'pending') {
		throw conflict(
			`Submerchant status is ${submerchant.status}: only a pending submerchant can be submitted for review`,
		);
	}
	const issues = new Issues();
	if (submerchant.entity_type === 'pj' && store.legalRepresentativesOf(submerchant.id).length === 0)
		issues.add('legal_representative', RULES.required, 'is required for a pj submerchant');
	if (submerchant.entity_type === 'pf') {
		if (!submerchant.birth_date)
			issues.add('birth_date', RULES.required, 'is required for a pf submerchant');
		if (!submerchant.mother_name)
			issues.add('mother_name', RULES.required, 'is required for a pf submerchant');
	}
	if (!store.documentsOf(submerchant.id).some((doc) => doc.status !== 'replaced'))
		issues.add('documents', RULES.minItems, 'must include at least 1 active document');
	issues.throwIfAny();
	submerchant.status = 'pending_review';
	submerchant.updated_at = nowIso();
	return { message: 'Submerchant submitted for review; the compliance pipeline has started' };
}

/** This module's routes (routes/index.js lists them). @type {import('./index').Route[]} */
const ROUTES = [
	route('GET', '/v1/submerchants', list, { querystring: submerchantListQuery }),
	route('GET', '/v1/submerchants/:id', get),
	route('PATCH', '/v1/submerchants/:id', update, { body: submerchantUpdate }),
	route('POST', '/v1/submerchants/:id/submit-for-review', submitForReview, { body: noBody }),
];

module.exports = { ROUTES };
