'use strict';
/**
 * Operations the reference names without showing a single field: creating a legal representative of a submerchant
 * and creating a withdrawal. The README reaches them with n8n's HTTP Request node and this package's credential.
 * The paths are the choice in api/names.js; the sandbox accepts ANY JSON object there (the routes declare
 * undocumentedBody of api/schemas.js), stores it as sent with an id and a creation time, and invents no rule (a real
 * API will have its own). A legal representative stored here counts for a PJ's submit for review, as the reference
 * says one must exist.
 */
const { LEGAL_REPRESENTATIVES_PATH, WITHDRAWALS_PATH } = require('../api/names');
const { undocumentedBody } = require('../api/schemas');
const { newId, nowIso } = require('../store');
const { ownSubmerchantFromPath, route } = require('./helpers');

function createLegalRepresentative(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	const representative = {
		...ctx.input('body'),
		id: newId(),
		submerchant_id: submerchant.id,
		created_at: nowIso(),
	};
	ctx.app.store.legalRepresentatives.set(representative.id, representative);
	return { status: 201, message: 'Legal representative created', data: representative };
}

function createWithdrawal(ctx) {
	const withdrawal = { ...ctx.input('body'), id: newId(), created_at: nowIso() };
	// Kept apart from the seeded withdrawals: their amount and status fields are the sandbox's reading for the
	// summary, and nothing says what a request sends.
	ctx.app.store.requestedWithdrawals.set(withdrawal.id, withdrawal);
	return { status: 201, message: 'Withdrawal requested', data: withdrawal };
}

/** This module's routes (routes/index.js lists them). @type {import('./index').Route[]} */
const ROUTES = [
	route('POST', LEGAL_REPRESENTATIVES_PATH(':id'), createLegalRepresentative, {
		body: undocumentedBody,
	}),
	route('POST', WITHDRAWALS_PATH, createWithdrawal, { body: undocumentedBody }),
];

module.exports = { ROUTES };
