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
	 * Whether a success must carry `data` (the operation returns a resource or a list). Default true: a success
	 * without `data` is then a NodeApiError, never an empty item. Operations the reference documents as answering
	 * only success and message (submit for review, address update, anticipation cancel) pass false.
	 */
	expectData?: boolean;
	/**
	 * Sent in the IDEMPOTENCY_KEY_HEADER header (under the platform's name for it, API Names). With a key, a write that
	 * got no answer (network error, timeout) or a gateway's 502, 503 or 504 is sent again with the same key, within
	 * RETRY_POLICY, unless the credential's Resend Keyed Writes is off; without one it never is.
	 */
	idempotencyKey?: string;
	/**
	 * How the user sees whether this write was applied, ending the message of a failure that leaves it unknown
	 * ("find it with Charge → Get Many before running it again"); a general "check in the platform" otherwise.
	 */
	howToCheck?: string;
}

export interface RawResponse {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}
