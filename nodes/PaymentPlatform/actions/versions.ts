import { SIMPLIFY_VERSION } from '../shared/simplify';

/**
 * 1.2: the fields that moved (Charge → Create's top-level card fields and its Additional Fields → Statement
 * Descriptor, Submerchant Address → Create's top-level Address Type) are declared only for nodes saved before it,
 * under `@version` display conditions, so saved workflows send the same request and new nodes never show them.
 */
export const MOVED_FIELDS_VERSION = 1.2;

/** The action node's typeVersions; new nodes get the last. */
export const ACTION_NODE_VERSIONS = [1, SIMPLIFY_VERSION, MOVED_FIELDS_VERSION];

/** A `show` condition for the nodes saved before MOVED_FIELDS_VERSION. */
export const SAVED_BEFORE_MOVE = { '@version': [{ _cnd: { lt: MOVED_FIELDS_VERSION } }] };
