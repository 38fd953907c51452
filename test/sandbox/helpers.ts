/**
 * Shared test helpers: a sandbox on a random port, HTTP clients that never throw on status, a tiny webhook
 * receiver, and the assertions on the error envelope.
 */
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { EventEmitter } from 'events';
import http, { type IncomingHttpHeaders } from 'http';
import type { AddressInfo } from 'net';
import { ERROR_CODES } from '../../nodes/PaymentPlatform/transport/chosenNames';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';

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
		httpAgent: new http.Agent({ keepAlive: false }),
	});
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
	const sandbox = await startSandbox({
		port: 0,
		...options,
		delivery: { maxAttempts: 3, baseDelayMs: 20, ...options.delivery },
	});
	return {
		sandbox,
		api: client(sandbox.url, { username: sandbox.publicKey, password: sandbox.secretKey }),
		anonymous: client(sandbox.url),
	};
}

type Envelope = { success: boolean; message: string; error?: string; details?: unknown };

/** A validation failure naming `field` with `rule`; on writes also the `details` entry. */
export function expectValidationError(
	response: AxiosResponse,
	field: string,
	rule: string,
	messagePart?: string,
): void {
	const body = response.data as Envelope;
	expect({ status: response.status, success: body.success, error: body.error }).toEqual({
		status: VALIDATION_STATUS,
		success: false,
		error: ERROR_CODES.validation,
	});
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
	const body = response.data as Envelope;
	expect({ status: response.status, success: body.success, error: body.error }).toEqual({
		status,
		success: false,
		error: code,
	});
	expect(typeof body.message).toBe('string');
	expect(Object.keys(body).sort()).toEqual(['error', 'message', 'success']);
	if (messagePart) expect(body.message).toContain(messagePart);
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
	const events = new EventEmitter();
	const queue = [...statuses];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			received.push({
				method: req.method ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks),
			});
			res.writeHead(queue.shift() ?? 200, { 'Content-Type': 'text/plain' });
			res.end('ok');
			events.emit('request');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}/hooks/payment-platform`,
		received,
		waitFor(count, timeoutMs = 5_000) {
			return new Promise((resolve, reject) => {
				const check = () => {
					if (received.length < count) return;
					clearTimeout(timer);
					events.off('request', check);
					resolve(received.slice(0, count));
				};
				const timer = setTimeout(() => {
					events.off('request', check);
					reject(new Error(`expected ${count} requests, received ${received.length}`));
				}, timeoutMs);
				events.on('request', check);
				check();
			});
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

export const repeat = (length: number, char = 'a'): string => char.repeat(length);
