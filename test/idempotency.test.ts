/**
 * Idempotency Key on the creates that move money (Charge, Payment Link, Anticipation → Create), in-process against a
 * scripted API: the key is sent and reported; with a key, a create that got no answer or a gateway's 502/503/504 is
 * sent again, with the same key and the same body, within RETRY_POLICY; without a key, or on a 4xx or a 500, never.
 */
import type { INodeParameters } from 'n8n-workflow';
import { REQUEST_POLICY, RETRY_POLICY } from '../nodes/shared/chosenNames';
import { runAction } from './harness';
import { created, failedWith, startScriptedApi } from './harness/scriptedApi';
import { useSandbox } from './harness/sandbox';

type ScriptedApi = Awaited<ReturnType<typeof startScriptedApi>>;

const KEYS = { publicKey: 'pk_test_idem', secretKey: 'sk_test_idem_secret' };
const HEADER = 'idempotency-key';
const KEY = 'order-1234';
const RECEIVABLE = '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';

// prettier-ignore
const CREATES: Array<[string, INodeParameters, string, Record<string, unknown>]> = [
	['Charge → Create', { resource: 'charge', operation: 'create', paymentMethod: 'pix', amount: 1500 }, '/v1/charges', { id: 'c1', status: 'pending', amount: 1500 }],
	['Payment Link → Create', { resource: 'paymentLink', operation: 'create', title: 'Camiseta', amount: 4990 }, '/v1/payment-links', { id: 'l1', title: 'Camiseta', amount: 4990 }],
	['Anticipation → Create', { resource: 'anticipation', operation: 'create', receivableIds: RECEIVABLE }, '/v1/anticipations', { id: 'a1', status: 'pending' }],
];
const [, createCharge] = CREATES[0];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ok = created;
const failure = failedWith;
const charge = { id: 'c1', status: 'pending', amount: 1500 };

let api: ScriptedApi;
const target = () => ({ url: `${api.url}/`, ...KEYS });
const run = (parameters: INodeParameters) => runAction(target(), parameters);
const keys = () => api.requests.map((request) => request.headers[HEADER]);
const bodies = () => new Set(api.requests.map((request) => request.body));

const sandbox = useSandbox(
	{ publicKey: 'pk_test_idem_sb', secretKey: 'sk_test_idem_sb' },
	{
		resetBeforeEach: true,
	},
);

const saved = { ...RETRY_POLICY, ...REQUEST_POLICY };
/**
 * A short request timeout for the tests about timeouts only: set for the whole file, a loaded machine's slow answer
 * timed out and was resent in tests that expect one request.
 */
async function withShortTimeout<T>(test: () => Promise<T>): Promise<T> {
	REQUEST_POLICY.timeoutMs = 300;
	try {
		return await test();
	} finally {
		REQUEST_POLICY.timeoutMs = saved.timeoutMs;
	}
}

beforeAll(async () => {
	api = await startScriptedApi();
	// The waits after a request that got no answer have no Retry-After: shorten them (the sequence stays exponential).
	RETRY_POLICY.baseDelayMs = 5;
});
afterAll(async () => {
	Object.assign(RETRY_POLICY, { baseDelayMs: saved.baseDelayMs });
	await api.stop();
});

describe.each(CREATES)('%s', (_name, parameters, path, record) => {
	it('sends the key in the Idempotency-Key header and says in the output which key was sent', async () => {
		api.script([ok(record)]);
		const { output, error } = await run({ ...parameters, idempotencyKey: `  ${KEY} ` });
		expect(error).toBeUndefined();
		expect(api.requests.map((r) => [r.method, r.path])).toEqual([['POST', path]]);
		expect(keys()).toEqual([KEY]);
		expect(output[0].json).toMatchObject({ ...record, idempotencyKey: KEY });
	});

	it('without a key sends no header and outputs the record unchanged', async () => {
		api.script([ok(record)]);
		const { output, error } = await run(parameters);
		expect(error).toBeUndefined();
		expect(keys()).toEqual([undefined]);
		expect(output[0].json).not.toHaveProperty('idempotencyKey');
	});

	it('with a key, is sent again after a 503, with the same key and body, and succeeds', async () => {
		api.script([failure(503), ok(record)]);
		const { output, error } = await run({ ...parameters, idempotencyKey: KEY });
		expect(error).toBeUndefined();
		expect(keys()).toEqual([KEY, KEY]);
		expect(bodies().size).toBe(1);
		expect(output[0].json).toMatchObject({ idempotencyKey: KEY });
	});
});

describe('which failures are retried, with a key', () => {
	it.each([502, 503, 504])(
		'%i: sent 1 + maxRetries times with the same key, then fails with the API message',
		async (status) => {
			api.script([failure(status)]);
			const { error } = await run({ ...createCharge, idempotencyKey: KEY });
			expect(keys()).toEqual(Array(1 + RETRY_POLICY.maxRetries).fill(KEY));
			expect(bodies().size).toBe(1);
			expect(error?.message).toBe(`answer ${status}`);
			expect(String(error?.description)).toBe(
				`SOME_ERROR (HTTP ${status}) after ${1 + RETRY_POLICY.maxRetries} attempts. The request may have been applied: run it again with the same Idempotency-Key, not a new one.`,
			);
		},
	);

	it.each([400, 401, 403, 404, 409, 422, 429, 500])(
		'%i: sent once (a 4xx or a 500 is the API answering)',
		async (status) => {
			api.script([failure(status), ok(charge)]);
			const { error } = await run({ ...createCharge, idempotencyKey: KEY });
			expect(keys()).toEqual([KEY]);
			expect(error?.message).toBe(`answer ${status}`);
		},
	);

	it('a dropped connection: sent again with the same key, and succeeds', async () => {
		api.script([{ destroy: true }, ok(charge)]);
		const { output, error } = await run({ ...createCharge, idempotencyKey: KEY });
		expect(error).toBeUndefined();
		expect(keys()).toEqual([KEY, KEY]);
		expect(output[0].json).toEqual({ ...charge, idempotencyKey: KEY });
	});

	it('a timeout: sent again with the same key, and succeeds', async () => {
		const { output, error } = await withShortTimeout(async () => {
			api.script([{ ...ok(charge), delayMs: REQUEST_POLICY.timeoutMs + 500 }, ok(charge)]);
			return await run({ ...createCharge, idempotencyKey: KEY });
		});
		expect(error).toBeUndefined();
		expect(keys()).toEqual([KEY, KEY]);
		expect(output[0].json).toEqual({ ...charge, idempotencyKey: KEY });
	});

	it('no answer on every attempt: bounded, and the error says it was sent that many times with the same key', async () => {
		api.script([{ destroy: true }]);
		const { error } = await run({ ...createCharge, idempotencyKey: KEY });
		const attempts = 1 + RETRY_POLICY.maxRetries;
		expect(keys()).toEqual(Array(attempts).fill(KEY));
		expect(error?.message).toBe('Could not reach the Payment Platform API');
		expect(String(error?.description)).toMatch(
			new RegExp(
				`it was sent ${attempts} times with the same Idempotency-Key\\. .*same Idempotency-Key, not a new one\\.$`,
			),
		);
	});
});

describe('a header renamed in API Names works exactly like the default one', () => {
	const renamed = () => ({ ...target(), apiNames: '{"Idempotency-Key": "X-Request-Key"}' });
	const renamedKeys = () => api.requests.map((request) => request.headers['x-request-key']);

	it('no answer on every attempt: the error names the renamed header', async () => {
		api.script([{ destroy: true }]);
		const { error } = await runAction(renamed(), { ...createCharge, idempotencyKey: KEY });
		expect(renamedKeys()).toEqual(Array(1 + RETRY_POLICY.maxRetries).fill(KEY));
		expect(String(error?.description)).toMatch(
			/with the same X-Request-Key\. The request may have been applied: run it again with the same X-Request-Key, not a new one\.$/,
		);
	});
});

describe("the credential's Resend Keyed Writes off", () => {
	const noResend = () => ({ ...target(), resendKeyedWrites: false });

	it('a keyed create that got a 503 is sent once, and the error says to run it again with the same key', async () => {
		api.script([failure(503), ok(charge)]);
		const { error } = await runAction(noResend(), { ...createCharge, idempotencyKey: KEY });
		expect(keys()).toEqual([KEY]);
		expect(String(error?.description)).toBe(
			'SOME_ERROR (HTTP 503). The request may have been applied: run it again with the same Idempotency-Key, not a new one.',
		);
	});

	it('a dropped connection is not resent either, and the error says why', async () => {
		api.script([{ destroy: true }, ok(charge)]);
		const { error } = await runAction(noResend(), { ...createCharge, idempotencyKey: KEY });
		expect(keys()).toEqual([KEY]);
		expect(String(error?.description)).toContain(
			"it was not sent again (the credential's Resend Keyed Writes is off)",
		);
	});
});

describe('without a key, a failure that leaves the create unknown says so and how to check', () => {
	const CHECK =
		'The request may have been applied: find the charge with Charge → Get Many (filtered by amount and creation date) before running it again (with an Idempotency Key, running it again cannot create a second one).';

	// prettier-ignore
	it.each([
		['a 503 from the API', failure(503), 'SOME_ERROR (HTTP 503).'],
		["a gateway's HTML 502 page", { status: 502, headers: { 'content-type': 'text/html' }, raw: '<html>502 Bad Gateway</html>' }, "POST /v1/charges answered HTTP 502, a server error page rather than the API's answer."],
		['a dropped connection', { destroy: true }, 'POST /v1/charges failed before a response arrived'],
	])('%s: sent once; the error says it may have been applied', async (_name, first, start) => {
		api.script([first, ok(charge)]);
		const { error } = await run(createCharge);
		expect(keys()).toEqual([undefined]);
		expect(String(error?.description)).toContain(start);
		expect(String(error?.description)).toMatch(new RegExp(`${escapeRegExp(CHECK)}$`));
		expect(String(error?.description)).not.toContain('Base URL');
	});

	it('an HTML page below 500 still points at the Base URL (another server answered)', async () => {
		api.script([
			{ status: 404, headers: { 'content-type': 'text/html' }, raw: '<html>Not found</html>' },
		]);
		const { error } = await run(createCharge);
		expect(String(error?.description)).toBe(
			"HTTP 404. Check that the credential's Base URL points to the API (without /v1).",
		);
	});
});

describe("n8n's Retry On Fail on a create that moves money", () => {
	const retryOnFail = { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 };

	it.each(CREATES)(
		'%s without a key fails at the start of the run, naming the item and why, and sends nothing',
		async (_name, parameters) => {
			api.script([ok({ id: 'x' })]);
			const { error } = await runAction(target(), parameters, {
				inputItems: [{ json: {} }, { json: {} }],
				settings: retryOnFail,
			});
			expect(api.requests).toEqual([]);
			expect(error?.message).toBe(
				"Idempotency Key is needed while the node's Retry On Fail setting is on [item 0]",
			);
			expect(String(error?.description)).toMatch(
				/^Retry On Fail runs the whole node again after an error, so every .+ created before the error would be created again\./,
			);
		},
	);

	it('with a key, the node runs', async () => {
		api.script([ok(charge)]);
		const { error } = await runAction(
			target(),
			{ ...createCharge, idempotencyKey: KEY },
			{ settings: retryOnFail },
		);
		expect(error).toBeUndefined();
		expect(keys()).toEqual([KEY]);
	});
});

describe('the key itself', () => {
	it('a number from an expression is sent as text', async () => {
		api.script([ok(charge)]);
		const { output } = await runAction(
			target(),
			{ ...createCharge, idempotencyKey: '={{ $json.order }}' },
			{ inputItems: [{ json: { order: 1234 } }] },
		);
		expect(keys()).toEqual(['1234']);
		expect(output[0].json).toMatchObject({ idempotencyKey: '1234' });
	});

	it('each item sends its own key', async () => {
		api.script([ok(charge)]);
		const { output } = await runAction(
			target(),
			{ ...createCharge, idempotencyKey: '={{ "event-" + $json.event }}' },
			{ inputItems: [{ json: { event: 'a' } }, { json: { event: 'b' } }] },
		);
		expect(keys()).toEqual(['event-a', 'event-b']);
		expect(output.map((item) => item.json.idempotencyKey)).toEqual(['event-a', 'event-b']);
	});

	it('a key an HTTP header cannot carry is refused before any request, naming field, rule and item', async () => {
		api.script([ok(charge)]);
		const { error } = await run({ ...createCharge, idempotencyKey: 'pedido-nº-1' });
		expect(api.requests).toHaveLength(0);
		expect(error?.message).toBe(
			'Idempotency Key must be printable ASCII characters (an HTTP header cannot carry others) [item 0]',
		);
	});
});

describe('against the sandbox, which honours the key', () => {
	const keyedCharge = { ...createCharge, idempotencyKey: 'event-evt_42' };

	it('the same create run twice (a retried execution) creates one charge, and both runs output it', async () => {
		const before = sandbox().store.charges.size;
		const first = await runAction(sandbox(), keyedCharge);
		const second = await runAction(sandbox(), keyedCharge);
		expect([first.error, second.error]).toEqual([undefined, undefined]);
		expect(sandbox().store.charges.size).toBe(before + 1);
		expect(second.output[0].json).toEqual(first.output[0].json);
		expect(first.output[0].json).toMatchObject({
			status: 'pending',
			idempotencyKey: 'event-evt_42',
		});
	});

	it('an answer lost to a timeout: the retry with the same key gets the first charge, none is created twice', async () => {
		sandbox().setFaults([{ route: 'POST /v1/charges', kind: 'slow', delayMs: 2_000, count: 1 }]);
		const before = sandbox().store.charges.size;
		const { output, error } = await withShortTimeout(
			async () => await runAction(sandbox(), keyedCharge),
		);
		expect(error).toBeUndefined();
		expect(sandbox().requests.map((r) => [r.fault, r.replayed])).toEqual([
			['slow', undefined],
			[undefined, true],
		]);
		expect(sandbox().store.charges.size).toBe(before + 1);
		expect(sandbox().store.charges.has(String(output[0].json.id))).toBe(true);
	});

	it('the same key with another amount is refused by the sandbox, and nothing is created', async () => {
		await runAction(sandbox(), keyedCharge);
		const size = sandbox().store.charges.size;
		const { error } = await runAction(sandbox(), { ...keyedCharge, amount: 2500 });
		expect(error?.message).toMatch(/was already used for another request/);
		expect(String(error?.description)).toBe('IDEMPOTENCY_KEY_REUSED (HTTP 422)');
		expect(sandbox().store.charges.size).toBe(size);
	});
});
