/** Submerchant Document → Create against the sandbox: a hosted file or an input binary field, the request pinned. */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import {
	byId,
	expectRejectedBeforeSending,
	onlyRequest,
	repeat,
	runAction,
	SEED,
	twoItems,
	useSandbox,
} from '../../harness/actions';
import { expr } from '../../harness/parameters';

const S = SEED.submerchants;
const D = SEED.documents;
const sandbox = useSandbox({}, { resetBeforeEach: true });

const create = { resource: 'submerchantDocument', operation: 'create' };
/** Every document needs a file (a document without one would replace a good one). */
const FILE_URL = 'https://files.example.com/document.pdf';

/** 16 bytes: "%PDF-1.4 sandbox". */
const PDF_TEXT = '%PDF-1.4 sandbox';
const binaryItem = (mimeType: string, fileName: string, data = PDF_TEXT): INodeExecutionData => ({
	json: {},
	binary: { scan: { data: Buffer.from(data).toString('base64'), mimeType, fileName } },
});
/** A document from the input binary field `scan`. */
const binaryDocument = (overrides: INodeParameters = {}): INodeParameters => ({
	...create,
	submerchantId: byId(S.pfReadyForReview),
	documentType: 'front_id',
	fileSource: 'binary',
	binaryPropertyName: 'scan',
	fileUrl: 'https://files.example.com/front.png',
	...overrides,
});

async function documentsOf(submerchantId: string) {
	const { output } = await runAction(sandbox(), {
		resource: 'submerchantDocument',
		operation: 'getAll',
		submerchantId: byId(submerchantId),
		returnAll: true,
	});
	return output.map((item) => item.json);
}

describe('Submerchant Document → Create', () => {
	const LR = SEED.legalRepresentatives.activePartner;
	/** A front ID of the PF ready for review, by URL, and what it sends. */
	const pfFront = (more: INodeParameters = {}): INodeParameters => ({
		...create,
		submerchantId: byId(S.pfReadyForReview),
		documentType: 'front_id',
		fileUrl: FILE_URL,
		...more,
	});
	const frontSent = (more: IDataObject = {}): IDataObject => ({
		type: 'front_id',
		file_url: FILE_URL,
		...more,
	});
	const selfie = 'https://files.example.com/selfie.JPG';

	// The harness runs with n8n's default time zone, America/New_York (UTC-5 in winter, UTC-4 in summer).
	// prettier-ignore
	const EXPIRES: Array<[label: string, given: string, sent: string]> = [
		['a picker value without zone, read in the workflow time zone', '2030-12-31T23:59:59', '2031-01-01T04:59:59.000Z'],
		['a bare date: the end of that day in the workflow time zone', '2030-06-30', '2030-07-01T03:59:59.999Z'],
		['a date-time with an offset', '2030-12-31T23:59:59-03:00', '2031-01-01T02:59:59.000Z'],
		['a Luxon DateTime from an expression keeps its instant', '={{ DateTime.fromISO("2030-01-01T10:00:00", { zone: "Europe/Berlin" }) }}', '2030-01-01T09:00:00.000Z'],
		['a JS Date from an expression', '={{ new Date("2030-05-05T05:05:05Z") }}', '2030-05-05T05:05:05.000Z'],
	];

	// prettier-ignore
	it.each<[string, INodeParameters, IDataObject, IDataObject?]>([
		['needs the type and a file: a document with only a File URL sends {type, file_url}', pfFront(), frontSent(), { type: 'front_id', status: 'pending', file_url: FILE_URL }],
		['a partner type needs only the type and the legal representative', { ...create, submerchantId: byId(S.active), documentType: 'partner_back_id', legalRepresentativeId: LR, fileUrl: FILE_URL }, { type: 'partner_back_id', file_url: FILE_URL, legal_representative_id: LR }],
		...EXPIRES.map(([label, expiresAt, sent]): [string, INodeParameters, IDataObject] => [`expires_at: ${label} → ISO 8601 UTC`, pfFront({ additionalFields: { expiresAt } }), frontSent({ expires_at: sent })]),
		...[['2048', 2048], [' 150 ', 150]].map(([text, size]): [string, INodeParameters, IDataObject] => [`file size given as text by an expression (${JSON.stringify(text)}) is sent as the number ${size}`, pfFront({ fileName: 'front.png', fileSize: `={{ ${JSON.stringify(text)} }}` }), frontSent({ file_name: 'front.png', file_size: size, mime_type: 'image/png' })]),
		['derives the MIME type from the file name extension when none is given', pfFront({ documentType: 'selfie_with_id', fileUrl: selfie, fileName: 'selfie.JPG', fileSize: 5000 }), { type: 'selfie_with_id', file_url: selfie, file_name: 'selfie.JPG', file_size: 5000, mime_type: 'image/jpeg' }, { mime_type: 'image/jpeg' }],
	])('%s', async (...row) => {
		// A rest parameter, so that jest does not take a 4th parameter for a `done` callback.
		const [, parameters, body, output] = row;
		const result = await runAction(sandbox(), parameters);
		expect(result.error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toEqual(body);
		if (output) expect(result.output[0].json).toMatchObject(output);
	});

	it('sends legal_representative_id for a partner type, replacing the previous document of that partner', async () => {
		const { output, error } = await runAction(sandbox(), {
			...create,
			submerchantId: byId(S.active),
			documentType: 'partner_front_id',
			legalRepresentativeId: SEED.legalRepresentatives.activePartner,
			fileUrl: 'https://files.example.com/eduardo-front.png',
			fileName: 'eduardo-front.png',
			fileSize: 2048,
			mimeType: 'image/png',
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toEqual({
			type: 'partner_front_id',
			legal_representative_id: SEED.legalRepresentatives.activePartner,
			file_url: 'https://files.example.com/eduardo-front.png',
			file_name: 'eduardo-front.png',
			file_size: 2048,
			mime_type: 'image/png',
		});
		expect(output[0].json).toMatchObject({
			type: 'partner_front_id',
			legal_representative_id: SEED.legalRepresentatives.activePartner,
			status: 'pending',
		});
		const statuses = Object.fromEntries((await documentsOf(S.active)).map((d) => [d.id, d.status]));
		expect(statuses).toEqual({
			[D.activeSocialContract]: 'pending',
			[D.activePartnerFrontId]: 'replaced',
			[output[0].json.id as string]: 'pending',
		});
	});

	it('never sends legal_representative_id for a non-partner type, even when the parameter holds one', async () => {
		const { error, output } = await runAction(sandbox(), {
			...create,
			submerchantId: byId(S.active),
			documentType: 'cnpj_card',
			legalRepresentativeId: SEED.legalRepresentatives.activePartner,
			fileUrl: 'https://files.example.com/cnpj.pdf',
			fileName: 'cnpj.pdf',
			fileSize: 999,
		});
		expect(error).toBeUndefined();
		const body = onlyRequest(sandbox()).body as Record<string, unknown>;
		expect(Object.keys(body)).not.toContain('legal_representative_id');
		expect(body.type).toBe('cnpj_card');
		expect(output[0].json.legal_representative_id).toBeNull();
	});

	it('takes file name, size and MIME type from an input binary field; the URL is given', async () => {
		const { output, error } = await runAction(
			sandbox(),
			binaryDocument({
				documentType: 'proof_of_residence',
				fileUrl: 'https://files.example.com/ana/residence.pdf',
			}),
			{ inputItems: [binaryItem('application/pdf', 'conta-de-luz.pdf')] },
		);
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toEqual({
			type: 'proof_of_residence',
			file_url: 'https://files.example.com/ana/residence.pdf',
			file_name: 'conta-de-luz.pdf',
			file_size: 16,
			mime_type: 'application/pdf',
		});
		expect(output[0].json).toMatchObject({
			file_name: 'conta-de-luz.pdf',
			file_size: 16,
			status: 'pending',
		});
	});

	it('binary: a generic MIME type is read from the extension; a name without extension gets one', async () => {
		const octet = await runAction(sandbox(), binaryDocument(), {
			inputItems: [binaryItem('application/octet-stream', 'front.png')],
		});
		expect(octet.error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toMatchObject({
			file_name: 'front.png',
			mime_type: 'image/png',
		});

		sandbox().clearRequests();
		const bare = await runAction(
			sandbox(),
			binaryDocument({ documentType: 'back_id', fileUrl: 'https://files.example.com/back' }),
			{ inputItems: [binaryItem('image/jpeg', 'back')] },
		);
		expect(bare.error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toMatchObject({
			file_name: 'back.jpg',
			mime_type: 'image/jpeg',
		});
	});
});

type Row = [
	rule: string,
	parameters: INodeParameters,
	message: string,
	inputItems?: INodeExecutionData[],
];

const validDocument = {
	documentType: 'front_id',
	fileSource: 'url',
	fileUrl: 'https://files.example.com/front.png',
	fileName: 'front.png',
	fileSize: 2048,
	mimeType: 'image/png',
};
const createDocument = (overrides: INodeParameters): INodeParameters => ({
	resource: 'submerchantDocument',
	operation: 'create',
	submerchantId: byId(S.active),
	...validDocument,
	...overrides,
});
const withBinary = (data: string, mimeType: string, fileName: string) =>
	twoItems(binaryItem(mimeType, fileName, data));

const PARTNER_TYPES = [
	'partner_front_id',
	'partner_back_id',
	'partner_selfie_with_id',
	'partner_proof_of_residence',
];

describe('invalid inputs are rejected before any request, naming field, rule and item', () => {
	// prettier-ignore
	const rows: Row[] = [
		['document type enum', createDocument({ documentType: 'passport' }), 'type must be one of: social_contract, contract_amendment, cnpj_card, proof_of_residence_company, front_id, back_id, selfie_with_id, proof_of_residence, partner_front_id, partner_back_id, partner_selfie_with_id, partner_proof_of_residence'],
		...PARTNER_TYPES.map((type): Row => [`legal_representative_id required for ${type}`, createDocument({ documentType: type, legalRepresentativeId: expr('') }), 'legal_representative_id is required']),
		['legal_representative_id UUID', createDocument({ documentType: 'partner_back_id', legalRepresentativeId: 'carla' }), 'legal_representative_id must be a UUID'],
		['file_url at most 500', createDocument({ fileUrl: `https://files.example.com/${repeat(480)}.png` }), 'file_url must be at most 500 characters'],
		['file_name at most 255', createDocument({ fileName: `${repeat(252)}.png` }), 'file_name must be at most 255 characters'],
		['file_name with extension', createDocument({ fileName: 'front', mimeType: 'image/png' }), 'file_name must have an accepted extension: PNG, JPG, JPEG or PDF'],
		['file format by MIME type', createDocument({ fileName: 'front.png', mimeType: 'image/gif' }), 'mime_type must be an accepted format: image/png, image/jpeg, image/jpg, application/pdf'],
		['mime_type at most 100', createDocument({ mimeType: `image/${repeat(95)}` }), 'mime_type must be at most 100 characters'],
		['file_size >= 1', createDocument({ fileSize: -1 }), 'file_size must be an integer >= 1'],
		['file_size as text that is not a number', createDocument({ fileSize: expr('12,5') }), 'file_size must be an integer >= 1'],
		['file_size integer', createDocument({ fileSize: 10.5 }), 'file_size must be an integer >= 1'],
		['number at most 100', createDocument({ additionalFields: { number: repeat(101, '9') } }), 'number must be at most 100 characters'],
		['expires_at ISO 8601', createDocument({ additionalFields: { expiresAt: '31/12/2030' } }), 'expires_at must be an ISO 8601 date or date-time'],
		['expires_at a real calendar date', createDocument({ additionalFields: { expiresAt: '2030-02-30' } }), 'expires_at must be an ISO 8601 date or date-time'],
		['submerchant id UUID (document create)', createDocument({ submerchantId: byId(expr('doc')) }), 'submerchant_id must be a UUID'],
		['binary field missing', binaryDocument({ binaryPropertyName: 'attachment' }), 'binaryPropertyName must name a binary field of the input item (no "attachment" found)', withBinary('%PDF', 'application/pdf', 'a.pdf')],
		['binary file format', binaryDocument(), 'file_name must have an accepted extension: PNG, JPG, JPEG or PDF', withBinary('GIF89a', 'image/gif', 'front.gif')],
		['binary MIME type', binaryDocument(), 'mime_type must be an accepted format: image/png, image/jpeg, image/jpg, application/pdf', withBinary('GIF89a', 'image/gif', 'front.png')],
		['binary: an empty file is no file', binaryDocument(), 'binaryPropertyName must hold a file: the binary field "scan" is empty (0 bytes)', withBinary('', 'application/pdf', 'empty.pdf')],
	];

	// A rest parameter, so that jest does not take a 4th parameter for a `done` callback.
	it.each(rows)('%s', async (...row: Row) => {
		const [, parameters, message, inputItems] = row;
		await expectRejectedBeforeSending(sandbox(), parameters, message, inputItems);
	});
});
