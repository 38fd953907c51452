import { REQUEST_POLICY, RETRY_POLICY } from '../nodes/shared/chosenNames';
import { runAction } from './harness';
import { TestCredentialsHelper } from './harness/credentialsHelper';
import { startScriptedApi } from './harness/scriptedApi';
import { recordWaits } from './harness/timerWaits';

type ScriptedApi = Awaited<ReturnType<typeof startScriptedApi>>;

// Computed outside the code: echo -n 'pk_test_123:sk_test_456' | base64
const KEYS = { publicKey: 'pk_test_123', secretKey: 'sk_test_456' };
const BASIC_HEADER = 'Basic cGtfdGVzdF8xMjM6c2tfdGVzdF80NTY=';

const summary = {
	available_balance: 1000,
	pending_count: 1,
	today_amount: 0,
	total_withdrawals: 2,
	total_completed: 1,
};
const ok = (data: unknown, extra: object = {}) => ({
	body: { success: true, message: 'OK', data, ...extra },
});
const getSummary = { resource: 'withdrawal', operation: 'getSummary' };
/** An API failure answered at once (Retry-After: 0), so that retries cost no wait. */
const failure = (status: number, message: string, error: string) => ({
	status,
	headers: { 'retry-after': '0' },
	body: { success: false, message, error },
});

let api: ScriptedApi;
const target = () => ({ url: `${api.url}/`, ...KEYS });

beforeAll(async () => {
	api = await startScriptedApi();
});
afterAll(async () => {
	await api.stop();
});

describe('credential and URL', () => {
	it('sends HTTP Basic from the key pair and builds the URL from the base URL without a doubled slash', async () => {
		api.script([ok(summary)]);
		const { output, error } = await runAction(target(), getSummary);
		expect(error).toBeUndefined();
		expect(api.requests).toHaveLength(1);
		expect(api.requests[0].headers.authorization).toBe(BASIC_HEADER);
		expect(api.requests[0].path).toBe('/v1/withdrawals/summary');
		expect(output.map((item) => item.json)).toEqual([summary]);
	});

	it('reads the credential once per execution, not once or twice per request', async () => {
		const reads = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
		try {
			api.script([ok(summary)]);
			const items = Array.from({ length: 5 }, () => ({ json: {} }));
			const { output, error } = await runAction(target(), getSummary, { inputItems: items });
			expect(error).toBeUndefined();
			expect(output).toHaveLength(5);
			expect(api.requests).toHaveLength(5);
			expect(api.requests.every((request) => request.headers.authorization === BASIC_HEADER)).toBe(
				true,
			);
			expect(reads).toHaveBeenCalledTimes(1);
		} finally {
			reads.mockRestore();
		}
	});
});

describe('envelope', () => {
	it('unwraps data into one item per input item, paired with its input', async () => {
		api.script([ok(summary)]);
		const { output } = await runAction(target(), getSummary, {
			inputItems: [{ json: {} }, { json: {} }],
		});
		expect(output).toEqual([
			{ json: summary, pairedItem: { item: 0 } },
			{ json: summary, pairedItem: { item: 1 } },
		]);
	});

	// prettier-ignore
	const failures: Array<
		[string, { status?: number; body?: unknown; raw?: string }, RegExp, RegExp]
	> = [
		['success false with a 4xx', { status: 400, body: { success: false, message: 'amount is invalid', error: 'VALIDATION_ERROR' } }, /^amount is invalid$/, /VALIDATION_ERROR \(HTTP 400\)/],
		['a non-2xx status with success true', { status: 500, body: { success: true, message: 'odd' } }, /^odd$/, /HTTP 500/],
		['a body that is not JSON', { status: 500, raw: '<html>Internal error</html>' }, /not JSON/, /HTTP 500/],
		['an envelope without success', { status: 200, body: { data: {} } }, /no "success" field/, /HTTP 200/],
		['a JSON array instead of an envelope', { status: 200, body: [1, 2] }, /no "success" field/, /HTTP 200/],
	];

	it.each(failures)(
		'%s becomes a NodeApiError with the message and the code',
		async (_name, response, message, description) => {
			api.script([response]);
			const { error } = await runAction(target(), getSummary);
			expect(error?.name).toBe('NodeApiError');
			expect(error?.message).toMatch(message);
			expect(String(error?.description)).toMatch(description);
			const serialised = JSON.stringify(error);
			expect(serialised).not.toContain(KEYS.secretKey);
			expect(serialised).not.toContain(BASIC_HEADER.slice(6));
		},
	);

	it('rejects a Base URL that is not http(s) before sending anything', async () => {
		api.script([ok(summary)]);
		const { error } = await runAction({ ...target(), url: 'api.example.com' }, getSummary);
		expect(error?.message).toMatch(/Base URL must start with http/);
		expect(api.requests).toHaveLength(0);
	});
});

describe('retries', () => {
	it('retries a GET on 429 and honours Retry-After', async () => {
		api.script([failure(429, 'slow down', 'RATE_LIMITED'), ok(summary)]);
		const { output, error } = await runAction(target(), getSummary);
		expect(error).toBeUndefined();
		expect(api.requests).toHaveLength(2);
		expect(output[0].json).toEqual(summary);
	});

	it.each([400, 401, 404, 409, 500])('does not retry a GET on %i', async (status) => {
		api.script([failure(status, 'no', 'X')]);
		await runAction(target(), getSummary);
		expect(api.requests).toHaveLength(1);
	});

	describe('the waits between attempts (each asked of the timer, which answers at once here)', () => {
		const saved = { ...RETRY_POLICY };
		let timer: ReturnType<typeof recordWaits>;
		let waits: number[] = [];
		beforeEach(() => {
			timer = recordWaits({ atLeastMs: 100, exceptMs: [REQUEST_POLICY.timeoutMs] });
			waits = timer.waits;
		});
		afterEach(() => {
			timer.restore();
			Object.assign(RETRY_POLICY, saved);
		});
		const unavailable = (retryAfter?: string) => ({
			status: 503,
			headers: retryAfter === undefined ? undefined : { 'retry-after': retryAfter },
			body: { success: false, message: 'down', error: 'UNAVAILABLE' },
		});

		it('back off exponentially up to the cap', async () => {
			RETRY_POLICY.maxRetries = 6;
			api.script([unavailable()]);
			await runAction(target(), getSummary);
			expect(waits).toEqual([500, 1000, 2000, 4000, 8000, RETRY_POLICY.maxDelayMs]);
		});

		it.each([
			['3', 3000],
			['120', RETRY_POLICY.maxDelayMs],
		])('honour Retry-After: %s seconds, capped', async (retryAfter, wait) => {
			api.script([unavailable(retryAfter), ok(summary)]);
			await runAction(target(), getSummary);
			expect(waits).toEqual([wait]);
		});

		it('honour Retry-After as a date', async () => {
			api.script([unavailable(new Date(Date.now() + 2000).toUTCString()), ok(summary)]);
			await runAction(target(), getSummary);
			expect(waits).toHaveLength(1);
			expect(waits[0]).toBeGreaterThan(500);
			expect(waits[0]).toBeLessThanOrEqual(2000);
		});
	});
});
