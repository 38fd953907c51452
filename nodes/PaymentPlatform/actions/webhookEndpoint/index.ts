/**
 * The operations of this resource are the operation files beside this index, each exported under its value.
 */
export const defaultOperation = 'create';
export * as create from './create.operation';
export * as delete from './delete.operation';
export * as getAll from './getAll.operation';
