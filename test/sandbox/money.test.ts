/**
 * Payment links and the multipart cover upload, receivables, anticipations, wallets and withdrawals.
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
const postMultipart = (parts: RawPart[]) => {
	const { body, contentType } = multipart(parts);
	return t().api.post(uploadUrl, body, { headers: { 'Content-Type': contentType } });
};

describe('payment links', () => {
	it('GET answers 404 for an unknown link', async () => {
		expectNotFound(await t().api.get(`/v1/payment-links/${UNKNOWN_ID}`), 'Payment link');
	});

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
		['two file parts', [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_BYTES }, { name: 'file', filename: 'b.png', contentType: 'image/png', data: PNG_BYTES }], 'single', 'file must be sent only once'],
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
		const { body, contentType } = multipart([
			{ name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_BYTES },
		]);
		const response = await t().api.post(`/v1/payment-links/${UNKNOWN_ID}/upload-cover`, body, {
			headers: { 'Content-Type': contentType },
		});
		expectNotFound(response);
	});
});

describe('receivables', () => {
	it('GET answers 404 for an unknown receivable', async () => {
		expectNotFound(await t().api.get(`/v1/receivables/${UNKNOWN_ID}`), 'Receivable');
	});
});

describe('POST /v1/anticipations rules', () => {
	// prettier-ignore
	it.each([
		['receivable_ids not an array', { receivable_ids: R.capturedInstallment1 }, 'receivable_ids', 'array', 'receivable_ids must be an array'],
		['an unknown receivable', { receivable_ids: [R.capturedInstallment1, UNKNOWN_ID] }, 'receivable_ids[1]', 'exists', 'receivable_ids[1] must reference an existing receivable'],
		['a receivable that is not pending', { receivable_ids: [R.anticipated] }, 'receivable_ids[0]', 'status', 'receivable_ids[0] must reference a pending receivable'],
		['metadata not an object', { receivable_ids: [R.capturedInstallment1], metadata: 'x' }, 'metadata', 'object', 'metadata must be an object'],
		['an unknown field', { receivable_ids: [R.capturedInstallment1], amount: 10 }, 'amount', 'unknown_field', 'amount is not an allowed field'],
	])('%s', async (_label, body, field, rule, message) => {
		expectValidationError(await t().api.post('/v1/anticipations', body), field, rule, message);
		expect(t().sandbox.store.anticipations.size).toBe(1);
	});
});

describe('anticipations', () => {
	it('a receivable already anticipated is refused', async () => {
		const body = { receivable_ids: [R.capturedInstallment2] };
		expect((await t().api.post('/v1/anticipations', body)).status).toBe(201);
		expectValidationError(
			await t().api.post('/v1/anticipations', body),
			'receivable_ids[0]',
			'status',
		);
	});

	it('metadata is optional', async () => {
		const response = await t().api.post('/v1/anticipations', {
			receivable_ids: [R.capturedInstallment3],
		});
		expect(response.status).toBe(201);
		expect(response.data.data.metadata).toEqual({});
	});

	it('DELETE of an anticipation already canceled is 409', async () => {
		expect((await t().api.delete(`/v1/anticipations/${SEED.anticipationId}`)).status).toBe(200);
		const again = await t().api.delete(`/v1/anticipations/${SEED.anticipationId}`);
		expectError(again, 409, ERROR_CODES.conflict, 'only a pending anticipation can be canceled');
	});

	it('DELETE answers 404 for an unknown anticipation and a validation error for a malformed id', async () => {
		expectNotFound(await t().api.delete(`/v1/anticipations/${UNKNOWN_ID}`), 'Anticipation');
		expectValidationError(await t().api.delete('/v1/anticipations/ant_1'), 'id', 'uuid');
	});
});

describe('wallets', () => {
	const statement = (params: Record<string, string> = {}) =>
		t().api.get(`/v1/wallets/${SEED.walletId}/statement`, { params });

	it('GET answers 404 for an unknown wallet', async () => {
		expectNotFound(await t().api.get(`/v1/wallets/${UNKNOWN_ID}`), 'Wallet');
		expectNotFound(await t().api.get(`/v1/wallets/${UNKNOWN_ID}/statement`));
	});

	it.each([
		['start_date', 'last month'],
		['end_date', '2025-02-31'],
	])('%s=%s is a validation error', async (name, value) => {
		expectValidationError(
			await statement({ [name]: value }),
			name,
			'iso8601',
			`${name} must be an ISO 8601 date`,
		);
	});
});

describe('withdrawals', () => {
	it('summary validates submerchant_id and answers 404 for an unknown one', async () => {
		expectValidationError(
			await t().api.get('/v1/withdrawals/summary', { params: { submerchant_id: 'sub_1' } }),
			'submerchant_id',
			'uuid',
			'submerchant_id must be a UUID',
		);
		expectNotFound(
			await t().api.get('/v1/withdrawals/summary', { params: { submerchant_id: UNKNOWN_ID } }),
		);
	});

	it('fee without an amount is the configured fixed fee', async () => {
		const response = await t().api.get('/v1/withdrawals/fee');
		expect(response.data.data).toEqual({ fee: 367, fee_type: 'fixed' });
	});

	it('fee for an amount under a percentage configuration', async () => {
		t().sandbox.store.withdrawalFee = { fee_type: 'percentage', value: 150 };
		expect(
			(await t().api.get('/v1/withdrawals/fee', { params: { amount: 10_000 } })).data.data,
		).toEqual({ fee: 150, fee_type: 'percentage' });
		expect((await t().api.get('/v1/withdrawals/fee', { params: { amount: 0 } })).data.data).toEqual(
			{
				fee: 0,
				fee_type: 'percentage',
			},
		);
	});

	it.each([
		['12.5', 'integer'],
		['ten', 'integer'],
	])('fee amount=%s is a validation error (%s)', async (amount, rule) => {
		expectValidationError(
			await t().api.get('/v1/withdrawals/fee', { params: { amount } }),
			'amount',
			rule,
			'amount must be an integer',
		);
	});
});
