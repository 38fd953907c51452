/**
 * The operations of this resource are the operation files beside this index, each exported under its value.
 */
export const defaultOperation = 'getSummary';
export * as getFee from './getFee.operation';
export * as getSummary from './getSummary.operation';
