import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { LIMITS } from '../../../shared/documentedValues';
import {
	DOCUMENT_EXTENSIONS,
	DOCUMENT_MIME_TYPES,
	DOCUMENT_TYPES,
	DOCUMENT_TYPES_BY_ENTITY,
	PARTNER_DOCUMENT_PREFIX,
} from '../../documentedValues';
import { buildRequest, convertValues } from '../../fields/convertFields';
import { InputValidator } from '../../fields/fieldRules';
import { apiField, declareFields, readPathIds, getTrimmedString } from '../../fields/fields';
import { DATE_TIME_NOTE } from '../../fields/dates';
import { additionalFields, submerchantLocator, operationDescription } from '../common.descriptions';
import { simplifyCreatedIfChosen, simplifyProperty } from '../common.simplify';
import { prepareWrite } from '../common.requests';
import type { PreparedWrite } from '../node.type';

export const option = {
	name: 'Create',
	description:
		'Add an identity or company document to a submerchant for its review; needs the submerchant ID, the document type and the file',
	action: 'Add a document to a submerchant',
};

type DocumentType =
	(typeof DOCUMENT_TYPES_BY_ENTITY)[keyof typeof DOCUMENT_TYPES_BY_ENTITY][number];

const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
	social_contract: 'PJ: Social Contract',
	contract_amendment: 'PJ: Contract Amendment (Optional)',
	cnpj_card: 'PJ: CNPJ Card',
	proof_of_residence_company: 'PJ: Company Proof of Address',
	front_id: 'PF: Front of ID',
	back_id: 'PF: Back of ID',
	selfie_with_id: 'PF: Selfie with ID',
	proof_of_residence: 'PF: Proof of Residence',
	partner_front_id: 'Partner: Front of ID',
	partner_back_id: 'Partner: Back of ID',
	partner_selfie_with_id: 'Partner: Selfie with ID',
	partner_proof_of_residence: 'Partner: Proof of Residence',
};

const ENTITY_DESCRIPTIONS = {
	pj: 'Company (PJ) document',
	pf: 'Individual (PF) document',
	partner: 'Document of a partner of a company; needs the legal representative',
} as const;

const DOCUMENT_TYPE_OPTIONS = (
	Object.keys(DOCUMENT_TYPES_BY_ENTITY) as Array<keyof typeof DOCUMENT_TYPES_BY_ENTITY>
).flatMap((entity) =>
	DOCUMENT_TYPES_BY_ENTITY[entity].map((value: DocumentType) => ({
		name: DOCUMENT_TYPE_LABELS[value],
		value,
		description: ENTITY_DESCRIPTIONS[entity],
	})),
);

const PARTNER_TYPES = [...DOCUMENT_TYPES_BY_ENTITY.partner];

const MIME_BY_EXTENSION: Record<(typeof DOCUMENT_EXTENSIONS)[number], string> = {
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	pdf: 'application/pdf',
};
const FORMATS_TEXT = 'PNG, JPG, JPEG or PDF';

const NO_UPLOAD_NOTE =
	'The API does not take the file itself for documents: it records a file already hosted elsewhere, by its URL';

const D = LIMITS.document;

/** From these parameters (URL source) or from the input binary field. */
const FILE_FIELDS = ['file_name', 'file_size', 'mime_type'];

const FILE_NAME_PATTERN = {
	regex: new RegExp(`\\.(${DOCUMENT_EXTENSIONS.join('|')})$`, 'i'),
	rule: `must have an accepted extension: ${FORMATS_TEXT}`,
};

const MIME_TYPE_PATTERN = {
	regex: new RegExp(`^(${DOCUMENT_MIME_TYPES.join('|')})\\s*(;.*)?$`, 'i'),
	rule: `must be an accepted format: ${DOCUMENT_MIME_TYPES.join(', ')}`,
};

/** One field under each File Source, each with its own description (one rule: `file_url`). */
const fileUrlField = (fileSource: 'url' | 'binary', description: string) =>
	apiField(
		'File URL',
		'fileUrl',
		`${description}. Required: a document without a file would replace the previous document of its type.`,
		{
			field: 'file_url',
			type: 'string',
			length: D.fileUrl,
			required: true,
			chosen:
				'a document without a file would replace a good one (rule 3: re-sending a type replaces the previous document)',
		},
		{
			placeholder: 'e.g. https://files.example.com/contract.pdf',
			displayOptions: { show: { fileSource: [fileSource] } },
		},
	);

export const fields = declareFields([
	submerchantLocator({ description: 'The submerchant the document belongs to' }),
	apiField(
		'Type',
		'documentType',
		'Which document this is. PJ types are for companies, PF types for individuals, Partner types for a partner of a company. Sending a type again replaces the previous document of that type.',
		{
			field: 'type',
			type: 'enum',
			values: DOCUMENT_TYPES,
			length: D.type,
			required: true,
			chosen:
				'a document is recorded by its type: rules 1, 3 and 4 are stated by type (not marked required)',
		},
		{ options: DOCUMENT_TYPE_OPTIONS, default: 'front_id' },
	),
	apiField(
		'Legal Representative ID',
		'legalRepresentativeId',
		'ID (UUID) of the partner, registered as a legal representative of the submerchant, this document belongs to. Only partner documents take it.',
		{
			field: 'legal_representative_id',
			type: 'uuid',
			// Rule 4: required when the type starts with partner_, and not sent for any other type.
			required: true,
			when: { parameter: 'documentType', startsWith: PARTNER_DOCUMENT_PREFIX },
		},
		{ displayOptions: { show: { documentType: PARTNER_TYPES } } },
	),
	{
		displayName: 'File Source',
		name: 'fileSource',
		type: 'options',
		options: [
			{
				name: 'URL of a Hosted File',
				value: 'url',
				description: 'Give the URL, name, size and MIME type of the hosted file yourself',
			},
			{
				name: 'Binary Field From Input',
				value: 'binary',
				description:
					'Read the name, size and MIME type from a binary field of the input item; the file must still be hosted at a URL',
			},
		],
		default: 'url',
		description: `Where the file's details come from. ${NO_UPLOAD_NOTE}. The API requires only the type; this node also requires the File URL, since a document without a file would replace the previous document of its type. The other file fields are sent when set.`,
	},
	fileUrlField('url', `URL of the hosted file. ${NO_UPLOAD_NOTE}`),
	fileUrlField(
		'binary',
		`URL where the same file as the binary field is hosted. ${NO_UPLOAD_NOTE}, so upload it to your storage first; the binary field only supplies the file's name, size and MIME type`,
	),
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field containing the file',
		description:
			"Binary field of the input item describing the file: its file name, size in bytes and MIME type are sent (PNG, JPG, JPEG or PDF). The file's content is not sent.",
		displayOptions: { show: { fileSource: ['binary'] } },
	},
	apiField(
		'File Name',
		'fileName',
		`File name with its extension (${FORMATS_TEXT}). Optional.`,
		{
			field: 'file_name',
			type: 'string',
			length: D.fileName,
			// Rule 2: accepted file formats PNG, JPG, JPEG, PDF.
			pattern: FILE_NAME_PATTERN,
		},
		{ placeholder: 'e.g. contract.pdf', displayOptions: { show: { fileSource: ['url'] } } },
	),
	apiField(
		'File Size (in Bytes)',
		'fileSize',
		'Size of the file in bytes (the API does not measure the hosted file itself). Optional: 0 sends no size.',
		{ field: 'file_size', type: 'integer', range: { min: 1 } },
		{
			typeOptions: { minValue: 0 },
			displayOptions: { show: { fileSource: ['url'] } },
		},
	),
	apiField(
		'MIME Type',
		'mimeType',
		"MIME type of the file (image/png, image/jpeg or application/pdf). Leave empty to derive it from the file name's extension.",
		{ field: 'mime_type', type: 'string', length: D.mimeType, pattern: MIME_TYPE_PATTERN },
		{ placeholder: 'e.g. application/pdf', displayOptions: { show: { fileSource: ['url'] } } },
	),
	additionalFields([
		apiField('Document Number', 'number', 'Number printed on the document', {
			field: 'number',
			type: 'string',
			length: D.number,
			code: true,
		}),
		apiField('Expires At', 'expiresAt', DATE_TIME_NOTE('When the document expires', 'end'), {
			field: 'expires_at',
			type: 'dateTime',
			bound: 'end',
		}),
		apiField(
			'Notes',
			'notes',
			'Free annotations about the document',
			{ field: 'notes', type: 'string' },
			{ typeOptions: { rows: 3 } },
		),
	]),
	simplifyProperty('document', true),
]);

export const description = operationDescription('submerchantDocument', 'create', fields.properties);

interface FileDetails {
	fileName: unknown;
	/** Undefined when not given; checked as an integer >= 1. */
	fileSize: unknown;
	mimeType: string;
}

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const ids = readPathIds.call(this, i, fields);
	const validate = new InputValidator(this.getNode(), i);
	const fileRules = fields.rules.filter((rule) => FILE_FIELDS.includes(rule.field));
	const others = fields.rules.filter((rule) => !fileRules.includes(rule));
	const values = buildRequest.call(this, i, others);

	const fileSource = this.getNodeParameter('fileSource', i, 'url') as string;
	const file =
		fileSource === 'binary'
			? await fileFromBinary.call(this, validate, i)
			: fileFromParameters.call(this, i);
	const fileFields = convertValues(
		fileRules,
		{ ...file, mimeType: file.mimeType || mimeFromName(String(file.fileName ?? '')) || '' },
		validate,
	);

	const body: IDataObject = { ...values, ...fileFields };
	const path = `/v1/submerchants/${ids.submerchant_id}/documents`;
	return await prepareWrite.call(this, 'POST', path, { body, itemIndex: i }, ({ data }) =>
		simplifyCreatedIfChosen.call(this, i, data as IDataObject),
	);
}

function fileFromParameters(this: IExecuteFunctions, i: number): FileDetails {
	const size = this.getNodeParameter('fileSize', i, 0) as unknown;
	return {
		fileName: this.getNodeParameter('fileName', i, '') as unknown,
		// 0, the field's default, means "not given" (a chosen default: the reference's minimum is 1 byte).
		fileSize: size === 0 || size === '0' ? undefined : size,
		mimeType: getTrimmedString.call(this, 'mimeType', i),
	};
}

/** A name without extension gets the MIME type's. */
async function fileFromBinary(
	this: IExecuteFunctions,
	validate: InputValidator,
	i: number,
): Promise<FileDetails> {
	const propertyName = getTrimmedString.call(this, 'binaryPropertyName', i);
	validate.required('binaryPropertyName', propertyName);
	const binary = this.getInputData()[i]?.binary?.[propertyName];
	if (!binary) {
		validate.fail(
			'binaryPropertyName',
			`must name a binary field of the input item (no "${propertyName}" found)`,
		);
	}
	const buffer = await this.helpers.getBinaryDataBuffer(i, propertyName);
	if (buffer.length === 0) {
		validate.fail(
			'binaryPropertyName',
			`must hold a file: the binary field "${propertyName}" is empty (0 bytes)`,
		);
	}
	const declared = String(binary.mimeType ?? '')
		.trim()
		.toLowerCase();
	let fileName = String(binary.fileName ?? '').trim();
	const mimeType =
		declared && declared !== 'application/octet-stream'
			? declared
			: (mimeFromName(fileName) ?? declared);
	if (fileName && !extensionOf(fileName)) {
		const extension = Object.entries(MIME_BY_EXTENSION).find(([, mime]) => mime === mimeType)?.[0];
		if (extension) fileName = `${fileName}.${extension}`;
	}
	return { fileName, fileSize: buffer.length, mimeType };
}

function extensionOf(fileName: string): string {
	const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
	return match ? match[1].toLowerCase() : '';
}

function mimeFromName(fileName: string): string | undefined {
	return MIME_BY_EXTENSION[extensionOf(fileName) as keyof typeof MIME_BY_EXTENSION];
}
