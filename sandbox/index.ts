/**
 * Programmatic entry point: `startSandbox(options)` runs the sandbox HTTP server and returns a handle to it.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../nodes/PaymentPlatform/shared/apiValues';
import { createAuthenticator } from './auth';
import { applyChargeEvent } from './chargeEvents';
import type { RecordedRequest, SandboxContext } from './context';
import { DeliverySender, type DeliveryRecord } from './deliveries';
import { generateCharges, seedStore } from './seed';
import { createRequestListener } from './server';
import { Store } from './store';

export { SEED } from './seedIds';
export { ADMIN_ROUTES } from './admin';
export type { RecordedRequest } from './context';
export type { DeliveryRecord } from './deliveries';
export type { MultipartPart } from './multipart';
export { Store } from './store';

export const DEFAULT_PUBLIC_KEY = 'pk_sandbox_demo';
export const DEFAULT_SECRET_KEY = 'sk_sandbox_demo';
export const DEFAULT_HOST = '127.0.0.1';

export interface SandboxOptions {
	/** 0 (the default) picks a free port. */
	port?: number;
	/** Default 127.0.0.1: the admin routes have no authentication. */
	host?: string;
	publicKey?: string;
	secretKey?: string;
	/** Load the seed records (default true); also what POST /__admin/reset goes back to. */
	seed?: boolean;
	delivery?: {
		/** Attempts per delivery, first included (default 5). */
		maxAttempts?: number;
		/** Wait before the first retry, doubled for each further one (default 500 ms). */
		baseDelayMs?: number;
		/** Per-attempt timeout (default 10 s). */
		timeoutMs?: number;
	};
	/** One line per request (method, path, status, ms) and per delivery attempt; never headers, bodies or keys. */
	log?: (line: string) => void;
}

export interface Sandbox {
	/** `http://host:port`, without a trailing slash. */
	url: string;
	port: number;
	host: string;
	publicKey: string;
	secretKey: string;
	/** Every request received under /v1, oldest first (without the Authorization header). */
	requests: RecordedRequest[];
	clearRequests(): void;
	/** Every webhook delivery, oldest first; records update in place as attempts happen. */
	deliveries: DeliveryRecord[];
	/** The in-memory state, for assertions and set-up. */
	store: Store;
	/** Applies a charge event (status change, or a chargeback) and starts its deliveries. */
	triggerChargeEvent(chargeId: string, event: WebhookEvent): DeliveryRecord[];
	/** Resolves when no delivery is being attempted or waiting for a retry. */
	waitForDeliveries(): Promise<void>;
	/** The exact bytes sent for a delivery. */
	deliveryBody(deliveryId: string): Buffer | undefined;
	/** Sends a delivery again, same id and bytes. */
	redeliver(deliveryId: string): DeliveryRecord | undefined;
	/** Adds `count` generated charges; returns their ids. */
	seedCharges(count: number): string[];
	/** Back to the seed state (store, requests, deliveries, sink). */
	reset(): void;
	/** Closes the server and cancels pending delivery retries. */
	stop(): Promise<void>;
}

function urlHost(host: string): string {
	return host.includes(':') ? `[${host}]` : host;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const host = options.host ?? DEFAULT_HOST;
	const publicKey = options.publicKey ?? DEFAULT_PUBLIC_KEY;
	const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
	const withSeed = options.seed ?? true;
	const log = options.log ?? (() => undefined);

	const store = new Store();
	if (withSeed) seedStore(store);
	const deliveries = new DeliverySender({
		maxAttempts: Math.max(1, options.delivery?.maxAttempts ?? 5),
		baseDelayMs: Math.max(0, options.delivery?.baseDelayMs ?? 500),
		timeoutMs: options.delivery?.timeoutMs ?? 10_000,
		log,
	});
	const requests: RecordedRequest[] = [];
	let url = '';
	const app: SandboxContext = {
		store,
		deliveries,
		requests,
		baseUrl: () => url,
		reset() {
			deliveries.clear();
			requests.length = 0;
			store.clear();
			if (withSeed) seedStore(store);
		},
	};

	const server = http.createServer(
		createRequestListener(app, createAuthenticator(publicKey, secretKey), log),
	);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	url = `http://${urlHost(host)}:${port}`;

	let stopping: Promise<void> | undefined;
	return {
		url,
		port,
		host,
		publicKey,
		secretKey,
		requests,
		clearRequests: () => {
			requests.length = 0;
		},
		deliveries: deliveries.records,
		store,
		triggerChargeEvent(chargeId, event) {
			if (!(WEBHOOK_EVENTS as readonly string[]).includes(event))
				throw new Error(`Unknown event ${event}`);
			const charge = store.charges.get(chargeId);
			if (!charge) throw new Error(`Unknown charge ${chargeId}`);
			return applyChargeEvent(app, charge, event);
		},
		waitForDeliveries: () => deliveries.whenIdle(),
		deliveryBody: (id) => deliveries.body(id),
		redeliver: (id) => deliveries.redeliver(id),
		seedCharges: (count) => generateCharges(store, count),
		reset: () => app.reset(),
		stop() {
			stopping ??= (async () => {
				await deliveries.stop();
				await new Promise<void>((resolve) => {
					server.close(() => resolve());
					server.closeAllConnections();
				});
			})();
			return stopping;
		},
	};
}
