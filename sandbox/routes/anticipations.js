'use strict';
/**
 * GET /v1/receivables/{id}, POST /v1/anticipations, DELETE /v1/anticipations/{id}.
 * A requested anticipation is `pending` and `spot`; its receivables become `anticipated` until it is canceled
 * (status `canceled`), when they are `pending` again. Totals: see fees.js.
 */
const { conflict, notFound } = require('../errors');
const { anticipationTotals } = require('../fees');
const { newId, nowIso } = require('../store');
const { Issues, pathUuid } = require('../api/issues');
const { RULES } = require('../api/rules');
const { anticipationCreate } = require('../api/schemas');
const { route } = require('./helpers');

const ANTICIPATED_STATUS = 'anticipated';
const CANCELED_STATUS = 'canceled';

function getReceivable(ctx) {
	const receivable = ctx.app.store.receivables.get(pathUuid(ctx.params, 'id'));
	if (!receivable || receivable.merchant_id !== ctx.app.store.merchant.id)
		throw notFound('Receivable');
	return { message: 'Receivable retrieved', data: receivable };
}

function create(ctx) {
	const store = ctx.app.store;
	const body = ctx.input('body');
	const issues = new Issues();
	const receivables = (body.receivable_ids ?? []).flatMap((value, index) => {
		const field = `receivable_ids[${index}]`;
		const receivable = store.receivables.get(value.toLowerCase());
		if (!receivable || receivable.merchant_id !== store.merchant.id) {
			issues.add(field, RULES.exists, 'must reference an existing receivable');
			return [];
		}
		if (receivable.status !== 'pending') {
			issues.add(
				field,
				RULES.status,
				`must reference a pending receivable (it is ${receivable.status})`,
			);
			return [];
		}
		return [receivable];
	});
	issues.throwIfAny();
	const metadata = body.metadata;

	const now = nowIso();
	const anticipation = {
		id: newId(),
		merchant_id: store.merchant.id,
		status: 'pending',
		anticipation_type: 'spot',
		...anticipationTotals(receivables),
		receivable_ids: receivables.map((r) => r.id),
		metadata: metadata ?? {},
		created_at: now,
		updated_at: now,
	};
	for (const receivable of receivables) receivable.status = ANTICIPATED_STATUS;
	store.anticipations.set(anticipation.id, anticipation);
	return { status: 201, message: 'Anticipation requested', data: anticipation };
}

function cancel(ctx) {
	const store = ctx.app.store;
	const anticipation = store.anticipations.get(pathUuid(ctx.params, 'id'));
	if (!anticipation || anticipation.merchant_id !== store.merchant.id)
		throw notFound('Anticipation');
	if (anticipation.status !== 'pending') {
		throw conflict(
			`Anticipation status is ${anticipation.status}: only a pending anticipation can be canceled`,
		);
	}
	anticipation.status = CANCELED_STATUS;
	anticipation.updated_at = nowIso();
	for (const id of anticipation.receivable_ids) {
		const receivable = store.receivables.get(id);
		if (receivable?.status === ANTICIPATED_STATUS) receivable.status = 'pending';
	}
	return { message: 'Anticipation canceled' };
}

/** This module's routes (routes/index.js lists them). @type {import('./index').Route[]} */
const ROUTES = [
	route('GET', '/v1/receivables/:id', getReceivable),
	route('POST', '/v1/anticipations', create, { body: anticipationCreate }),
	route('DELETE', '/v1/anticipations/:id', cancel),
];

module.exports = { ROUTES };
