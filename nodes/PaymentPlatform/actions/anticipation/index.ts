/**
 * The operations of this resource are the operation files beside this index, each exported under its value.
 */
export const defaultOperation = 'create';
export * as cancel from './cancel.operation';
export * as create from './create.operation';
