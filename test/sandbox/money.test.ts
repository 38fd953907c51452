/**
 * Payment links and the multipart cover upload, anticipations, wallets and withdrawals (the chosen POST path too).
 */
import { ERROR_CODES } from '../../sandbox/api/names';
import { SEED } from '../../sandbox';
import {
	expectError,
	expectNotFound,
	expectValidationError,
	UNKNOWN_ID,
	useTestSandbox,
} from '../harness/sandboxHttp';

const R = SEED.receivables;

const t = useTestSandbox();

/** 8-byte PNG signature plus a few bytes: enough to check the bytes travel intact. */
const PNG_BYTES = Buffer.from([
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x0d, 0x0a, 0x2d, 0x2d, 0xff,
]);

interface RawPart {
	name: string;
	filename?: string;
	contentType?: string;
	data: Buffer;
}

/** Builds a multipart/form-data body by hand, for the shapes a FormData would never produce. */
function multipart(
	parts: RawPart[],
	boundary = 'sandbox-test-boundary',
): { body: Buffer; contentType: string } {
	const chunks: Buffer[] = [];
	for (const part of parts) {
		let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
		if (part.filename !== undefined) head += `; filename="${part.filename}"`;
		head += '\r\n';
		if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
		chunks.push(Buffer.from(`${head}\r\n`), part.data, Buffer.from('\r\n'));
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`));
	return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const uploadUrl = `/v1/payment-links/${SEED.paymentLinkId}/upload-cover`;
const postMultipart = (parts: RawPart[], url = uploadUrl) => {
	const { body, contentType } = multipart(parts);
	return t().api.post(url, body, { headers: { 'Content-Type': contentType } });
};
const PNG_PART: RawPart = {
	name: 'file',
	filename: 'a.png',
	contentType: 'image/png',
	data: PNG_BYTES,
};

// prettier-ignore
it.each([
	['GET', `/v1/payment-links/${UNKNOWN_ID}`, 'Payment link'],
	['DELETE', `/v1/anticipations/${UNKNOWN_ID}`, 'Anticipation'],
	['GET', `/v1/wallets/${UNKNOWN_ID}`, 'Wallet'],
	['GET', `/v1/wallets/${UNKNOWN_ID}/statement`, 'Wallet'],
])('%s %s answers 404 NOT_FOUND naming the record', async (method, url, what) => {
	expectNotFound(await t().api.request({ method, url }), what);
});

describe('payment links', () => {
	// "Size and format limits of the image are not shown": the part's content type is not checked.
	it.each([
		['a text part', 'text/plain'],
		['a PDF part', 'application/pdf'],
		['a part without content type', undefined],
	])('accepts %s', async (_label, contentType) => {
		const part = { name: 'file', filename: 'c.bin', data: PNG_BYTES };
		const response = await postMultipart([contentType ? { ...part, contentType } : part]);
		expect(response.status).toBe(200);
	});

	it('accepts a hand-built multipart body with other fields besides file', async () => {
		const response = await postMultipart([
			{ name: 'caption', data: Buffer.from('Summer') },
			{ name: 'file', filename: 'c.jpg', contentType: 'image/jpeg', data: PNG_BYTES },
		]);
		expect(response.status).toBe(200);
	});

	// prettier-ignore
	it.each([
		['no file part', [{ name: 'image', filename: 'c.png', contentType: 'image/png', data: PNG_BYTES }], 'required', 'file is required'],
		['a field that is not a file', [{ name: 'file', data: PNG_BYTES }], 'file', 'file must be a file part'],
		['an empty image', [{ name: 'file', filename: 'c.png', contentType: 'image/png', data: Buffer.alloc(0) }], 'not_empty', 'file must not be empty'],
		['two file parts', [PNG_PART, { ...PNG_PART, filename: 'b.png' }], 'single', 'file must be sent only once'],
	])('rejects %s', async (_label, parts, rule, message) => {
		expectValidationError(await postMultipart(parts as RawPart[]), 'file', rule, message);
		expect(t().sandbox.store.paymentLinks.get(SEED.paymentLinkId)?.cover_image_url).toBeNull();
	});

	it('rejects a JSON body: the file part is missing', async () => {
		expectValidationError(await t().api.post(uploadUrl, { file: 'cover.png' }), 'file', 'required');
	});

	// prettier-ignore
	it.each([
		['no closing boundary', Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'), 'multipart/form-data; boundary=b'],
		['no boundary parameter', Buffer.from('--b\r\n\r\n--b--'), 'multipart/form-data'],
		['a part without a name', Buffer.from('--b\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--b--'), 'multipart/form-data; boundary=b'],
	])(
		'answers 400 BAD_REQUEST for a malformed multipart body: %s',
		async (_label, body, contentType) => {
			const response = await t().api.post(uploadUrl, body, {
				headers: { 'Content-Type': contentType },
			});
			expectError(response, 400, ERROR_CODES.badRequest, 'Malformed multipart');
		},
	);

	it('answers 404 for an unknown link', async () => {
		expectNotFound(await postMultipart([PNG_PART], `/v1/payment-links/${UNKNOWN_ID}/upload-cover`));
	});
});

describe('POST /v1/anticipations rules', () => {
	// prettier-ignore
	it.each([
		['receivable_ids not an array', { receivable_ids: R.capturedInstallment1 }, 'receivable_ids', 'array', 'receivable_ids must be an array'],
		['an unknown receivable', { receivable_ids: [R.capturedInstallment1, UNKNOWN_ID] }, 'receivable_ids[1]', 'exists', 'receivable_ids[1] must reference an existing receivable'],
		['metadata not an object', { receivable_ids: [R.capturedInstallment1], metadata: 'x' }, 'metadata', 'object', 'metadata must be an object'],
		['an unknown field', { receivable_ids: [R.capturedInstallment1], amount: 10 }, 'amount', 'unknown_field', 'amount is not an allowed field'],
	])('%s', async (_label, body, field, rule, message) => {
		expectValidationError(await t().api.post('/v1/anticipations', body), field, rule, message);
		expect(t().sandbox.store.anticipations.size).toBe(1);
	});
});

describe('anticipations', () => {
	it('metadata is optional', async () => {
		const response = await t().api.post('/v1/anticipations', {
			receivable_ids: [R.capturedInstallment3],
		});
		expect(response.status).toBe(201);
		expect(response.data.data.metadata).toEqual({});
	});
});

describe('withdrawals', () => {
	it('fee without an amount is the configured fixed fee', async () => {
		const response = await t().api.get('/v1/withdrawals/fee');
		expect(response.data.data).toEqual({ fee: 367, fee_type: 'fixed' });
	});

	// The chosen path, with no documented fields (README "Other endpoints", docs/operations.md).
	it('POST stores any JSON object as sent, apart from the withdrawals the summary reads', async () => {
		const before = t().sandbox.store.withdrawals.size;
		const response = await t().api.post('/v1/withdrawals', { amount: 10000, note: 'e2e' });
		expect(response.status).toBe(201);
		expect(response.data.data).toMatchObject({ amount: 10000, note: 'e2e' });
		expect(t().sandbox.store.requestedWithdrawals.size).toBe(1);
		expect(t().sandbox.store.withdrawals.size).toBe(before);
	});
});
