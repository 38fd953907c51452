'use strict';
/**
 * POST and GET /v1/submerchants/{id}/documents.
 * Formats are checked from `mime_type` and from the `file_name` extension, whichever are sent. A new document is
 * `pending`; the previous active one of the same type (and legal representative, for partner types) becomes `replaced`.
 */
const {
	DOCUMENT_EXTENSIONS,
	DOCUMENT_MIME_TYPES,
	DOCUMENT_TYPES,
	LIMITS,
	PARTNER_DOCUMENT_PREFIX,
} = require('../fromPackage');

const { compareText, newId, nowIso } = require('../store');
const { BodyRules, RULES } = require('../validation');
const { jsonBody, ownSubmerchantFromPath } = require('./helpers');

const D = LIMITS.document;
const REPLACED_STATUS = 'replaced';
const FORMATS_TEXT = 'PNG, JPG, JPEG or PDF';

const DOCUMENT_FIELDS = [
	'type',
	'file_url',
	'file_name',
	'file_size',
	'mime_type',
	'number',
	'expires_at',
	'notes',
	'legal_representative_id',
];

function isHttpUrl(value) {
	try {
		const url = new URL(value);
		return url.protocol === 'http:' || url.protocol === 'https:';
	} catch {
		return false;
	}
}

function create(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	const store = ctx.app.store;
	const rules = new BodyRules(jsonBody(ctx));
	rules.onlyFields(DOCUMENT_FIELDS);

	const type = rules.string('type', { required: true, length: D.type, oneOf: DOCUMENT_TYPES });

	let fileUrl = rules.string('file_url', { length: D.fileUrl });
	if (fileUrl !== undefined && !isHttpUrl(fileUrl)) {
		rules.fail('file_url', RULES.url, 'must be an http or https URL');
		fileUrl = undefined;
	}

	const fileName = rules.string('file_name', { length: D.fileName });
	if (fileName !== undefined) {
		const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
		if (!extension) rules.fail('file_name', RULES.extension, 'must include a file extension');
		else if (!DOCUMENT_EXTENSIONS.includes(extension))
			rules.fail('file_name', RULES.format, `must be a ${FORMATS_TEXT} file`);
	}

	const mimeType = rules.string('mime_type', { length: D.mimeType });
	if (mimeType !== undefined) {
		const essence = mimeType.split(';')[0].trim().toLowerCase();
		if (!DOCUMENT_MIME_TYPES.includes(essence))
			rules.fail(
				'mime_type',
				RULES.format,
				`must be one of ${DOCUMENT_MIME_TYPES.join(', ')} (accepted formats: ${FORMATS_TEXT})`,
			);
	}

	const fileSize = rules.integer('file_size', { min: 1 });
	const number = rules.string('number', { length: D.number });
	const expiresAt = rules.isoTimestamp('expires_at');
	const notes = rules.string('notes');

	const isPartner = type?.startsWith(PARTNER_DOCUMENT_PREFIX) ?? false;
	let legalRepresentativeId;
	if (type !== undefined && !isPartner && rules.present('legal_representative_id')) {
		rules.fail(
			'legal_representative_id',
			RULES.forbidden,
			`is only allowed for ${PARTNER_DOCUMENT_PREFIX}* document types`,
		);
	} else if (isPartner) {
		legalRepresentativeId = rules
			.uuid('legal_representative_id', { required: true })
			?.toLowerCase();
		const representative =
			legalRepresentativeId && store.legalRepresentatives.get(legalRepresentativeId);
		if (
			legalRepresentativeId &&
			(!representative || representative.submerchant_id !== submerchant.id)
		) {
			rules.fail(
				'legal_representative_id',
				RULES.exists,
				'must reference a legal representative of this submerchant',
			);
		}
	}
	rules.issues.throwIfAny();

	const now = nowIso();
	for (const previous of store.documentsOf(submerchant.id)) {
		if (
			previous.type === type &&
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
		type: type,
		notes: notes ?? null,
		number: number ?? null,
		file_url: fileUrl ?? null,
		file_name: fileName ?? null,
		file_size: fileSize ?? null,
		mime_type: mimeType ?? null,
		status: 'pending',
		verified_at: null,
		verification_notes: null,
		expires_at: expiresAt ?? null,
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

function registerDocumentRoutes(router) {
	router
		.add('POST', '/v1/submerchants/:id/documents', create)
		.add('GET', '/v1/submerchants/:id/documents', list);
}

module.exports = { REPLACED_STATUS, registerDocumentRoutes };
