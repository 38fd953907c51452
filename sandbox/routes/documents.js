'use strict';
/**
 * POST and GET /v1/submerchants/{id}/documents.
 * Only `type` is required (schemas.js); formats are checked from `mime_type` and from the `file_name` extension,
 * whichever are sent. A new document is `pending`; the previous active one of the same type (and legal
 * representative, for partner types) becomes `replaced`.
 */
const { RULES } = require('../api/rules');
const { invalid } = require('../errors');
const { documentCreate } = require('../api/schemas');
const { PARTNER_DOCUMENT_PREFIX } = require('../api/values');
const { compareText, newId, nowIso } = require('../store');
const { ownSubmerchantFromPath, route } = require('./helpers');

const REPLACED_STATUS = 'replaced';

function create(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	const store = ctx.app.store;
	const body = ctx.input('body');
	const isPartner = body.type.startsWith(PARTNER_DOCUMENT_PREFIX);
	const legalRepresentativeId = body.legal_representative_id?.toLowerCase();
	if (legalRepresentativeId) {
		const representative = store.legalRepresentatives.get(legalRepresentativeId);
		if (!representative || representative.submerchant_id !== submerchant.id) {
			throw invalid(
				'legal_representative_id',
				RULES.exists,
				'legal_representative_id must reference a legal representative of this submerchant',
			);
		}
	}

	const now = nowIso();
	for (const previous of store.documentsOf(submerchant.id)) {
		if (
			previous.type === body.type &&
			previous.status !== REPLACED_STATUS &&
			(!isPartner || previous.legal_representative_id === legalRepresentativeId)
		) {
			previous.status = REPLACED_STATUS;
			previous.updated_at = now;
		}
	}
	const document = {
		id: newId(),
		submerchant_id: submerchant.id,
		legal_representative_id: legalRepresentativeId ?? null,
		type: body.type,
		notes: body.notes ?? null,
		number: body.number ?? null,
		file_url: body.file_url ?? null,
		file_name: body.file_name ?? null,
		file_size: body.file_size ?? null,
		mime_type: body.mime_type ?? null,
		status: 'pending',
		verified_at: null,
		verification_notes: null,
		expires_at: body.expires_at ?? null,
		created_at: now,
		updated_at: now,
	};
	store.documents.set(document.id, document);
	return { status: 201, message: 'Document added', data: document };
}

function list(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	const documents = ctx.app.store
		.documentsOf(submerchant.id)
		.sort((a, b) => compareText(a.created_at, b.created_at));
	return { message: 'Documents retrieved', data: documents };
}

/** This module's routes (routes/index.js lists them). @type {import('./index').Route[]} */
const ROUTES = [
	route('POST', '/v1/submerchants/:id/documents', create, { body: documentCreate }),
	route('GET', '/v1/submerchants/:id/documents', list),
];

module.exports = { ROUTES };
