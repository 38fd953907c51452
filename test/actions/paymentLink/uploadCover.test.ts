/** Payment Link → Upload Cover against the sandbox, beyond its case file (test/cases): the default field, any file type sent as it is, a missing binary field. */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { onlyRequest, runAction, runOk, SEED, useSandbox } from '../../harness/actions';

const api = useSandbox();
const LINK = SEED.paymentLinkId;

/** A real 1×1 PNG. */
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
	'base64',
);

const withBinary = (
	property: string,
	data: Buffer,
	mimeType: string,
	fileName?: string,
): INodeExecutionData => ({
	json: {},
	binary: {
		[property]: { data: data.toString('base64'), mimeType, ...(fileName ? { fileName } : {}) },
	},
});

const uploadCover = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'paymentLink',
	operation: 'uploadCover',
	paymentLinkId: LINK,
	...parameters,
});

describe('Payment Link → Upload Cover', () => {
	it('reads the default field "data" and names a file without a name after its type', async () => {
		const sandbox = api();
		const jpeg = Buffer.from([
			0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9,
		]);
		await runOk(sandbox, uploadCover({ binaryPropertyName: 'data' }), {
			inputItems: [withBinary('data', jpeg, 'image/jpeg')],
		});
		const [part] = onlyRequest(sandbox).parts ?? [];
		expect([part.name, part.filename, part.contentType]).toEqual([
			'file',
			'cover.jpg',
			'image/jpeg',
		]);
		expect(Buffer.compare(part.data, jpeg)).toBe(0);
	});

	it('sends a file of any type as it is: the reference shows no format limits for the image', async () => {
		const sandbox = api();
		const pdf = Buffer.from('%PDF-1.4\n');
		await runOk(sandbox, uploadCover({ binaryPropertyName: 'scan' }), {
			inputItems: [withBinary('scan', pdf, 'application/pdf', 'cover.pdf')],
		});
		const [part] = onlyRequest(sandbox).parts ?? [];
		expect([part.name, part.filename, part.contentType]).toEqual([
			'file',
			'cover.pdf',
			'application/pdf',
		]);
	});

	it('fails clearly, sending nothing, when the input item has no such binary field', async () => {
		const sandbox = api();
		const { error } = await runAction(sandbox, uploadCover({ binaryPropertyName: 'cover' }), {
			inputItems: [withBinary('data', PNG, 'image/png', 'a.png')],
		});
		expect(error?.message).toContain("'cover'");
		expect(error?.message).toContain('[item 0]');
		expect(sandbox.requests).toEqual([]);
	});
});
