/**
 * The operations of this resource are the operation files beside this index, each exported under its value.
 */
export const defaultOperation = 'get';
export * as create from './create.operation';
export * as get from './get.operation';
export * as getAll from './getAll.operation';
