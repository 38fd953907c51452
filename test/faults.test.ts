/**
 * What the node does when the API faults: every fault kind of the sandbox × a GET (Charge Get), a POST (Webhook
 * Endpoint Create) and a DELETE (Anticipation Cancel), run in-process through n8n against the sandbox.
 * Each row of docs/faults.md is one entry of FAULTS below: attempts, final error text, Continue On Fail. Over 300
 * lines because FAULTS is that table, kept in one place next to the tests that read it.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import axios from 'axios';
import { REQUEST_POLICY, RETRY_POLICY } from '../nodes/shared/chosenNames';
import { runAction } from './harness';
import { SEED, type FaultKind, type FaultSpec } from '../sandbox';
import { useSandbox } from './harness/sandbox';

const KEYS = { publicKey: 'pk_test_faults', secretKey: 'sk_test_faults_secret' };
const BASIC_CREDENTIALS = Buffer.from(`${KEYS.publicKey}:${KEYS.secretKey}`).toString('base64');

/** A GET is sent 1 + maxRetries times on a retryable status; everything else once. */
const GET_ATTEMPTS_WHEN_RETRIED = 1 + RETRY_POLICY.maxRetries;
const TEST_TIMEOUT_MS = 500;
const SLOW_MS = 2_000;
const APPLIED =
	' The request may have been applied: check in the platform before running it again.';

type Method = 'GET' | 'POST' | 'DELETE';
const METHODS: Method[] = ['GET', 'POST', 'DELETE'];

const sandbox = useSandbox(KEYS, { resetBeforeEach: true });
let secondAnticipationId = '';

interface Operation {
	name: string;
	parameters: INodeParameters;
	route: string;
	/** Input items: item 0 is the faulted one in the Continue On Fail runs. */
	items(): INodeExecutionData[];
	/** What a normal (unfaulted) output item looks like. */
	expectNormal(json: IDataObject, index: number): void;
}

const OPERATIONS: Record<Method, Operation> = {
	GET: {
		name: 'Charge → Get',
		parameters: {
			resource: 'charge',
			operation: 'get',
			chargeId: { __rl: true, mode: 'id', value: SEED.charges.authorized },
		},
		route: 'GET /v1/charges/*',
		items: () => [{ json: {} }, { json: {} }],
		expectNormal: (json) =>
			expect(json).toMatchObject({ id: SEED.charges.authorized, status: 'authorized' }),
	},
	POST: {
		name: 'Webhook Endpoint → Create',
		parameters: {
			resource: 'webhookEndpoint',
			operation: 'create',
			url: 'https://example.com/hooks/faults',
			events: ['charge.captured'],
		},
		route: 'POST /v1/postbacks/endpoints',
		items: () => [{ json: {} }, { json: {} }],
		expectNormal: (json) =>
			expect(json).toMatchObject({
				id: expect.any(String),
				url: 'https://example.com/hooks/faults',
				secret: expect.stringMatching(/^whsec_/),
			}),
	},
	DELETE: {
		name: 'Anticipation → Cancel',
		parameters: {
			resource: 'anticipation',
			operation: 'cancel',
			anticipationId: '={{ $json.id }}',
		},
		route: 'DELETE /v1/anticipations/*',
		items: () => [{ json: { id: SEED.anticipationId } }, { json: { id: secondAnticipationId } }],
		expectNormal: (json) =>
			expect(json).toEqual({ success: true, message: 'Anticipation canceled' }),
	},
};

interface FaultCase {
	kind: FaultKind;
	/** Extra fields of the fault rule. */
	options?: Partial<FaultSpec>;
	/** Whether a GET is retried on it. */
	retried: boolean;
	/** The final error's message and description; undefined: the operation succeeds despite the fault. */
	error(method: Method): { message: string; description: RegExp } | undefined;
	/** Whether the API applied the operation (the handler ran). */
	applied: boolean;
}

const CHARGE_PATH = `/v1/charges/${SEED.charges.authorized}`;
const ROUTE_TEXT: Record<Method, string> = {
	GET: escape(`GET ${CHARGE_PATH}`),
	POST: escape('POST /v1/postbacks/endpoints'),
	DELETE: escape(`DELETE /v1/anticipations/${SEED.anticipationId}`),
};
/** After a server error (5xx) a write may have been applied, and the description says so. */
const statusError = (code: string, status: number, message: string, retried = true) =>
	((method: Method) => ({
		message,
		description: new RegExp(
			`^${code} \\(HTTP ${status}\\)${retried && method === 'GET' ? ` after ${GET_ATTEMPTS_WHEN_RETRIED} attempts` : ''}${status >= 500 && method !== 'GET' ? escape(`.${APPLIED}`) : ''}$`,
		),
	})) satisfies FaultCase['error'];

// prettier-ignore
const FAULTS: FaultCase[] = [
	{ kind: 'rate_limit', options: { retryAfter: 0 }, retried: true, applied: false, error: statusError('RATE_LIMITED', 429, 'Too many requests') },
	{ kind: 'error_500', retried: false, applied: false, error: statusError('INTERNAL_ERROR', 500, 'Internal server error', false) },
	{ kind: 'bad_gateway_502', retried: true, applied: false, error: statusError('BAD_GATEWAY', 502, 'Bad gateway') },
	{ kind: 'unavailable_503', retried: true, applied: false, error: statusError('SERVICE_UNAVAILABLE', 503, 'Service unavailable') },
	{ kind: 'gateway_timeout_504', retried: true, applied: false, error: statusError('GATEWAY_TIMEOUT', 504, 'Gateway timeout') },
	{
		kind: 'slow',
		options: { delayMs: SLOW_MS },
		retried: false,
		applied: true,
		error: (method) => ({
			message: `The Payment Platform API did not answer within ${TEST_TIMEOUT_MS / 1000} seconds`,
			description: new RegExp(
				`^${ROUTE_TEXT[method]} got no answer in time \\((ECONNABORTED|ETIMEDOUT)\\); it was not sent again\\.${method === 'GET' ? '' : escape(APPLIED)}$`,
			),
		}),
	},
	{
		kind: 'reset',
		retried: false,
		applied: false,
		error: (method) => ({
			message: 'Could not reach the Payment Platform API',
			description: new RegExp(
				`^${ROUTE_TEXT[method]} failed before a response arrived \\(ECONNRESET: [^)]+\\); it was not sent again\\.${method === 'GET' ? '' : escape(APPLIED)}$`,
			),
		}),
	},
	{
		kind: 'non_json',
		retried: false,
		applied: false,
		// A read: most likely another server. A write answered 2xx may have been applied.
		error: (method) => ({
			message: 'The Payment Platform API answered with a body that is not JSON',
			description:
				method === 'GET'
					? /^HTTP 200\. Check that the credential's Base URL points to the API \(without \/v1\)\.$/
					: new RegExp(
							`^${ROUTE_TEXT[method]} answered HTTP 200 with a body that is not JSON, so its outcome cannot be read\\.${escape(APPLIED)}$`,
						),
		}),
	},
	{
		kind: 'non_json',
		options: { status: 502 },
		retried: true,
		applied: false,
		error: (method) => ({
			message: 'The Payment Platform API answered with a body that is not JSON',
			description: new RegExp(
				`^${ROUTE_TEXT[method]} answered HTTP 502${method === 'GET' ? ` after ${GET_ATTEMPTS_WHEN_RETRIED} attempts` : ''}, a server error page rather than the API's answer\\.${method === 'GET' ? '' : escape(APPLIED)}$`,
			),
		}),
	},
	{ kind: 'applied_then_503', retried: true, applied: true, error: statusError('SERVICE_UNAVAILABLE', 503, 'Service unavailable') },
	{
		kind: 'success_false',
		retried: false,
		applied: false,
		error: () => ({
			message: 'The request was refused (sandbox fault success_false)',
			description: /^SANDBOX_FAULT \(HTTP 200\)$/,
		}),
	},
	{
		kind: 'missing_data',
		retried: false,
		applied: true,
		// Anticipation Cancel answers only success and message: a missing data is no fault for it.
		error: (method) =>
			method === 'DELETE'
				? undefined
				: {
						message: 'The Payment Platform API answered success without data',
						description: new RegExp(
							`^${ROUTE_TEXT[method]} \\(HTTP 20[01]\\) returns a resource, but the answer has no "data" field \\(message: "(Charge retrieved|Webhook endpoint created)"\\)\\.${method === 'GET' ? '' : escape(APPLIED)}$`,
						),
					},
	},
];

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Attempts of one run of the operation: the GET's retries, or 1. */
const attemptsOf = (fault: FaultCase, method: Method) =>
	fault.retried && method === 'GET' ? GET_ATTEMPTS_WHEN_RETRIED : 1;

const ruleFor = (fault: FaultCase, method: Method, count?: number): FaultSpec => ({
	route: OPERATIONS[method].route,
	kind: fault.kind,
	...(count === undefined ? {} : { count }),
	...fault.options,
});

function expectNoSecrets(value: unknown): void {
	const serialised = JSON.stringify(value);
	expect(serialised).not.toContain(KEYS.secretKey);
	expect(serialised).not.toContain(BASIC_CREDENTIALS);
	expect(serialised).not.toMatch(/authorization/i);
}

/** Whether the faulted operation changed the sandbox's state (the item-0 target). */
function operationApplied(method: Method, endpointsBefore: number): boolean {
	if (method === 'GET') return false;
	if (method === 'POST') return sandbox().store.webhookEndpoints.size > endpointsBefore;
	return sandbox().store.anticipations.get(SEED.anticipationId)?.status === 'canceled';
}

const saved = { retry: { ...RETRY_POLICY }, timeoutMs: REQUEST_POLICY.timeoutMs };
/** Short waits between GET retries in these tests (503 without Retry-After backs off exponentially). */
const TEST_RETRY_WAITS = { baseDelayMs: 5, maxDelayMs: 20 };

beforeAll(async () => {
	Object.assign(RETRY_POLICY, TEST_RETRY_WAITS);
	REQUEST_POLICY.timeoutMs = TEST_TIMEOUT_MS;
});
afterAll(async () => {
	Object.assign(RETRY_POLICY, saved.retry);
	REQUEST_POLICY.timeoutMs = saved.timeoutMs;
});
beforeEach(async () => {
	// A second pending anticipation, for the second item of the Continue On Fail runs.
	const created = await axios.post(
		`${sandbox().url}/v1/anticipations`,
		{ receivable_ids: [SEED.receivables.capturedInstallment1] },
		{ auth: { username: KEYS.publicKey, password: KEYS.secretKey }, proxy: false },
	);
	secondAnticipationId = created.data.data.id;
	sandbox().clearRequests();
});

describe.each(FAULTS)('fault $kind', (fault) => {
	describe.each(METHODS)('%s', (method) => {
		const operation = OPERATIONS[method];
		const expected = fault.error(method);
		const attempts = attemptsOf(fault, method);

		it(`${operation.name}: ${attempts} attempt(s); ${expected ? `fails: ${expected.message}` : 'succeeds'}`, async () => {
			sandbox().setFaults([ruleFor(fault, method)]);
			const endpointsBefore = sandbox().store.webhookEndpoints.size;
			const { output, error } = await runAction(sandbox(), operation.parameters, {
				inputItems: operation.items().slice(0, 1),
			});

			expect(sandbox().requests.map((request) => `${request.method} ${request.fault}`)).toEqual(
				Array(attempts).fill(`${method} ${fault.kind}`),
			);
			if (expected) {
				expect(error?.name).toBe('NodeApiError');
				expect(error?.message).toBe(expected.message);
				expect(String(error?.description)).toMatch(expected.description);
				expect(output).toEqual([]);
				expectNoSecrets(error);
			} else {
				expect(error).toBeUndefined();
				output.forEach((item) => operation.expectNormal(item.json, 0));
			}
			// What the description says: a POST or DELETE that timed out or lost its data may have been applied.
			expect(operationApplied(method, endpointsBefore)).toBe(fault.applied && method !== 'GET');
		});

		it(`${operation.name} with Continue On Fail: item 1 ${expected ? 'is an error item' : 'succeeds'}, item 2 runs normally`, async () => {
			sandbox().setFaults([ruleFor(fault, method, attempts)]);
			const { output, error } = await runAction(sandbox(), operation.parameters, {
				inputItems: operation.items(),
				continueOnFail: true,
			});

			expect(error).toBeUndefined();
			expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			if (expected) {
				expect(Object.keys(output[0].json).sort()).toEqual(['description', 'error']);
				expect(output[0].json.error).toBe(expected.message);
				expect(String(output[0].json.description)).toMatch(expected.description);
				expectNoSecrets(output[0].json);
			} else {
				operation.expectNormal(output[0].json, 0);
			}
			operation.expectNormal(output[1].json, 1);
			expect(sandbox().requests.map((request) => request.fault ?? null)).toEqual([
				...Array(attempts).fill(fault.kind),
				null,
			]);
		});
	});
});

describe('a GET that recovers', () => {
	it.each(['bad_gateway_502', 'unavailable_503', 'gateway_timeout_504'] as const)(
		'recovers from %s on the last allowed retry',
		async (kind) => {
			sandbox().setFaults([{ route: 'GET /v1/charges/*', kind, count: RETRY_POLICY.maxRetries }]);
			const { output, error } = await runAction(sandbox(), OPERATIONS.GET.parameters);
			expect(error).toBeUndefined();
			expect(sandbox().requests).toHaveLength(GET_ATTEMPTS_WHEN_RETRIED);
			OPERATIONS.GET.expectNormal(output[0].json, 0);
		},
	);

	it('a slow answer within the timeout is fine', async () => {
		sandbox().setFaults([{ route: 'GET /v1/charges/*', kind: 'slow', delayMs: 50 }]);
		const { output, error } = await runAction(sandbox(), OPERATIONS.GET.parameters);
		expect(error).toBeUndefined();
		OPERATIONS.GET.expectNormal(output[0].json, 0);
	});
});

describe('success without data', () => {
	it('a list (Charge → Get Many, Return All) fails instead of answering an empty list', async () => {
		sandbox().setFaults([{ route: 'GET /v1/charges', kind: 'missing_data' }]);
		const { output, error } = await runAction(sandbox(), {
			resource: 'charge',
			operation: 'getAll',
			returnAll: true,
		});
		expect(error?.message).toBe('The Payment Platform API answered success without data');
		expect(String(error?.description)).toMatch(
			/^GET \/v1\/charges \(HTTP 200\) returns a resource/,
		);
		expect(output).toEqual([]);
	});

	it('operations that answer only success and message keep working (Submit for Review, Address Update)', async () => {
		sandbox().setFaults([{ kind: 'missing_data' }]);
		const submerchant = {
			__rl: true,
			mode: 'id',
			value: SEED.submerchants.pjWithLegalRepresentative,
		};
		const submitted = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'submitForReview',
			submerchantId: submerchant,
		});
		expect(submitted.error).toBeUndefined();
		expect(submitted.output[0].json).toEqual({ success: true, message: expect.any(String) });
		const updated = await runAction(sandbox(), {
			resource: 'submerchantAddress',
			operation: 'update',
			submerchantId: { __rl: true, mode: 'id', value: SEED.submerchants.active },
			addressId: SEED.addresses.activeBilling,
			updateFields: { city: 'Campinas' },
		});
		expect(updated.error).toBeUndefined();
		expect(updated.output[0].json).toEqual({ success: true, message: expect.any(String) });
		expect(sandbox().requests.map((request) => request.fault)).toEqual([
			'missing_data',
			'missing_data',
		]);
	});
});
