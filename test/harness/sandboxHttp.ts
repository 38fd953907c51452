/**
 * Shared test helpers: a sandbox on a random port, HTTP clients that never throw on status, a tiny webhook
 * receiver, and the assertions on the error envelope.
 */
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { ERROR_CODES } from '../../sandbox/api/names';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { waitFor } from '../../scripts/lib/wait';
import { useSandbox } from './sandbox';
import { startReceiver as startHttpReceiver } from './receiver';

type IncomingHttpHeaders = Record<string, string | string[] | undefined>;

export const VALIDATION_STATUS = 422;

export interface TestSandbox {
	sandbox: Sandbox;
	/** Authenticated client on the sandbox URL. */
	api: AxiosInstance;
	/** Client without credentials (admin routes, auth tests). */
	anonymous: AxiosInstance;
}

export function client(
	baseURL: string,
	auth?: { username: string; password: string },
): AxiosInstance {
	return axios.create({
		baseURL,
		auth,
		proxy: false,
		validateStatus: () => true,
	});
}

/** Fast delivery retries for the tests, unless a test asks for others. */
const withTestDelivery = (options: SandboxOptions): SandboxOptions => ({
	...options,
	delivery: { maxAttempts: 3, baseDelayMs: 20, ...options.delivery },
});

const withClients = (sandbox: Sandbox): TestSandbox => ({
	sandbox,
	api: client(sandbox.url, { username: sandbox.publicKey, password: sandbox.secretKey }),
	anonymous: client(sandbox.url),
});

/**
 * The file's sandbox (the one lifecycle helper, test/harness/sandbox.ts), reset to the seed before each test, with an
 * authenticated and an anonymous client. Returns a getter.
 */
export function useTestSandbox(options: SandboxOptions = {}): () => TestSandbox {
	const sandbox = useSandbox(withTestDelivery(options), { resetBeforeEach: true });
	let current: TestSandbox | undefined;
	return () => {
		if (current?.sandbox !== sandbox()) current = withClients(sandbox());
		return current;
	};
}

/**
 * Sandboxes of a test's own (other options than the file's) and webhook receivers, each stopped after its test.
 */
export function useOwnServers(): {
	sandbox(options?: SandboxOptions): Promise<TestSandbox>;
	receiver(statuses?: number[]): Promise<Receiver>;
} {
	const stops: Array<() => Promise<void>> = [];
	afterEach(async () => {
		await Promise.all(stops.splice(0).map(async (stop) => await stop()));
	});
	return {
		async sandbox(options = {}) {
			const own = withClients(await startSandbox({ port: 0, ...withTestDelivery(options) }));
			stops.push(async () => await own.sandbox.stop());
			return own;
		},
		async receiver(statuses) {
			const hook = await startReceiver(statuses);
			stops.push(hook.close);
			return hook;
		},
	};
}

type Envelope = { success: boolean; message: string; error?: string; details?: unknown };

/** A well-formed id that names no record: the sandbox answers 404 (a malformed id is a validation error). */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The status, `success: false` and error code of a failure; returns its body for the checks that follow. */
function expectFailure(response: AxiosResponse, status: number, code: string): Envelope {
	const body = response.data as Envelope;
	expect({ status: response.status, success: body.success, error: body.error }).toEqual({
		status,
		success: false,
		error: code,
	});
	return body;
}

/** A validation failure naming `field` with `rule`; on writes also the `details` entry. */
export function expectValidationError(
	response: AxiosResponse,
	field: string,
	rule: string,
	messagePart?: string,
): void {
	const body = expectFailure(response, VALIDATION_STATUS, ERROR_CODES.validation);
	expect(body.message).toContain(field);
	if (messagePart) expect(body.message).toContain(messagePart);
	if (response.config.method?.toUpperCase() === 'GET') {
		expect(body).not.toHaveProperty('details');
	} else {
		expect(body.details).toEqual(
			expect.arrayContaining([expect.objectContaining({ field, rule })]),
		);
	}
}

/** An error envelope with `status` and `code`, and only the documented keys (plus details on validation). */
export function expectError(
	response: AxiosResponse,
	status: number,
	code: string,
	messagePart?: string,
): void {
	const body = expectFailure(response, status, code);
	expect(typeof body.message).toBe('string');
	expect(Object.keys(body).sort()).toEqual(['error', 'message', 'success']);
	if (messagePart) expect(body.message).toContain(messagePart);
}

/** A 404 envelope (NOT_FOUND), its message naming `what` when given. */
export function expectNotFound(response: AxiosResponse, what?: string): void {
	expectError(response, 404, ERROR_CODES.notFound, what);
}

/** A success that returns only success and message. */
export function expectMessageOnly(response: AxiosResponse, status = 200): void {
	expect(response.status).toBe(status);
	expect(Object.keys(response.data).sort()).toEqual(['message', 'success']);
	expect(response.data.success).toBe(true);
}

export interface ReceivedDelivery {
	method: string;
	headers: IncomingHttpHeaders;
	body: Buffer;
}

export interface Receiver {
	url: string;
	received: ReceivedDelivery[];
	/** Resolves once `count` requests have arrived. */
	waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
	close(): Promise<void>;
}

/** A local HTTP server that answers each request with the next of `statuses` (then 200). */
export async function startReceiver(statuses: number[] = []): Promise<Receiver> {
	const received: ReceivedDelivery[] = [];
	const queue = [...statuses];
	const server = await startHttpReceiver((request) => {
		received.push({ method: request.method, headers: request.headers, body: request.rawBody });
		return { status: queue.shift() ?? 200, headers: { 'content-type': 'text/plain' }, body: 'ok' };
	});
	return {
		url: `${server.url}/hooks/payment-platform`,
		received,
		async waitFor(count, timeoutMs = 5_000) {
			await waitFor(
				`${count} requests (received ${received.length} so far)`,
				() => received.length >= count,
				{
					timeoutMs,
					intervalMs: 10,
				},
			);
			return received.slice(0, count);
		},
		close: async () => await server.stop(),
	};
}

/** `length` copies of `char`, for length limits. */
export const repeat = (length: number, char = 'a'): string => char.repeat(length);
