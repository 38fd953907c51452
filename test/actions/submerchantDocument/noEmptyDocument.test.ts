/**
 * No empty documents: re-sending a document type replaces the previous document of that type (the reference's rule 3),
 * so a document without a file (no URL, a missing or empty binary field) is refused before any request.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { byId, runAction, SEED, useSandbox } from '../../harness/actions';
import { expr } from '../../harness/parameters';

const sandbox = useSandbox({}, { resetBeforeEach: true });
const create = {
	resource: 'submerchantDocument',
	operation: 'create',
	submerchantId: byId(SEED.submerchants.pfReadyForReview),
	documentType: 'front_id',
};
const URL = 'https://files.example.com/front.pdf';
const withBinary = (data: string, fileName = 'front.pdf'): INodeExecutionData => ({
	json: {},
	binary: { data: { data, mimeType: 'application/pdf', fileName } },
});

async function refused(
	parameters: Record<string, unknown>,
	message: RegExp,
	inputItems?: INodeExecutionData[],
) {
	sandbox().clearRequests();
	const { error } = await runAction(sandbox(), { ...create, ...parameters }, { inputItems });
	expect(error?.message).toMatch(message);
	expect(String(error?.description)).toMatch(/nothing was sent/i);
	expect(sandbox().requests).toEqual([]);
}

describe('a document without a file is refused before any request', () => {
	it('URL source with no File URL', async () => {
		await refused({ fileSource: 'url', fileUrl: expr('') }, /^file_url is required/);
	});

	it('binary source with an empty binary field (0 bytes)', async () => {
		await refused(
			{ fileSource: 'binary', binaryPropertyName: 'data', fileUrl: URL },
			/^binaryPropertyName must hold a file: the binary field "data" is empty/,
			[withBinary('')],
		);
	});

	it('binary source with the binary field missing', async () => {
		await refused(
			{ fileSource: 'binary', binaryPropertyName: 'data', fileUrl: URL },
			/^binaryPropertyName must name a binary field/,
			[{ json: {} }],
		);
	});

	it('binary source with no File URL', async () => {
		await refused(
			{ fileSource: 'binary', binaryPropertyName: 'data', fileUrl: expr('') },
			/^file_url is required/,
			[withBinary(Buffer.from('%PDF-1.4').toString('base64'))],
		);
	});

	it('a URL and a file with bytes: sent', async () => {
		const { error } = await runAction(
			sandbox(),
			{ ...create, fileSource: 'binary', binaryPropertyName: 'data', fileUrl: URL },
			{ inputItems: [withBinary(Buffer.from('%PDF-1.4').toString('base64'))] },
		);
		expect(error).toBeUndefined();
		expect(sandbox().requests).toHaveLength(1);
	});
});
