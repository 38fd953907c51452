import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import type { MultipartFile } from './multipart';

export type PaymentPlatformContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions;

export interface Pagination {
	page: number;
	perPage: number;
	total: number;
	totalPages: number;
}

export interface ApiResult {
	message: string;
	data?: unknown;
	pagination?: Pagination;
}

export interface ApiRequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	file?: MultipartFile;
	itemIndex?: number;
	/**
	 * Default true: a success without `data` is a NodeApiError, never an empty item. Operations the reference
	 * documents as answering only a message pass false.
	 */
	expectData?: boolean;
	/**
	 * Sent under the platform's name for IDEMPOTENCY_KEY_HEADER. With a key, a write that got no answer or a gateway's
	 * 502, 503 or 504 is sent again with it, unless Resend Keyed Writes is off; without one never.
	 */
	idempotencyKey?: string;
	/** Ends the message of a failure that leaves the write unknown ("find it with Charge → Get Many ..."). */
	howToCheck?: string;
}

export interface RawResponse {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}
