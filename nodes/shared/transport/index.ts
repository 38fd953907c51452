/** The one way the nodes reach the API: requests, paginated lists and the credential they use. */
export { CREDENTIAL_TYPE, getConnection } from './connection';
export { apiRequestAllItems, PAGE_CONCURRENCY } from './pagination';
export {
	apiRequest,
	prepareApiRequest,
	sendPrepared,
	REQUEST_POLICY,
	RETRY_POLICY,
	retryDelayMs,
} from './request';
export type { ApiRequestOptions, ApiResult, Pagination, PaymentPlatformContext } from './types';
