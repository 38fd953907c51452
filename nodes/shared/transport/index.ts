/** The one way the nodes reach the API: requests, paginated lists and the credential they use. */
export { getConnection } from './connection';
export { apiRequestAllItems, listData } from './pagination';
export { apiRequest, prepareApiRequest, sendPrepared } from './request';
export type { ApiRequestOptions, ApiResult } from './types';
