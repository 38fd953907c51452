/**
 * The operations of this resource are the operation files beside this index, each exported under its value.
 */
export const defaultOperation = 'get';
export * as get from './get.operation';
export * as getAll from './getAll.operation';
export * as submitForReview from './submitForReview.operation';
export * as update from './update.operation';
