/**
 * What every route sees of the running sandbox.
 */
import type { IncomingHttpHeaders } from 'http';
import type { DeliverySender } from './deliveries';
import type { MultipartPart } from './multipart';
import type { Store } from './store';
import type { QueryObject } from './validation';

/** A request received under /v1, as recorded for tests (never with the Authorization header). */
export interface RecordedRequest {
	method: string;
	path: string;
	query: QueryObject;
	headers: IncomingHttpHeaders;
	/** Parsed JSON body (undefined when none, or when it was not valid JSON). */
	body?: unknown;
	/** Multipart parts, for multipart/form-data requests. */
	parts?: MultipartPart[];
	receivedAt: string;
	/** The HTTP status answered. */
	status?: number;
}

export interface SandboxContext {
	store: Store;
	deliveries: DeliverySender;
	requests: RecordedRequest[];
	/** `http://host:port` of the running server. */
	baseUrl(): string;
	/** Back to the seed state: store, recorded requests, deliveries, sink. */
	reset(): void;
}
