/** The one way the nodes reach the API: requests and the credential they use (the action node pages lists itself). */
export { getConnection } from './connection';
export { apiRequest, prepareApiRequest, sendPrepared } from './request';
export type { ApiRequestOptions, ApiResult } from './types';
