import type { OperationFields } from '../fields/fields';
import type { AllEntities, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ResourceIndexes } from './operations';

/**
 * Every resource and its operations, derived from the files: a resource is a folder of actions/ listed in
 * operations.ts, an operation a `<operation>.operation.ts` its index exports under that name.
 */
type NodeMap = {
	[R in keyof ResourceIndexes]: Exclude<keyof ResourceIndexes[R], 'defaultOperation'> & string;
};

export type PaymentPlatformType = AllEntities<NodeMap>;
export type Resource = keyof NodeMap;
export type Operation<R extends Resource> = NodeMap[R];

/** The operation's entry in its resource's Operation dropdown; its value is the operation's name. */
interface OperationOption {
	name: string;
	description: string;
	action: string;
}

interface OperationBase {
	option: OperationOption;
	description: INodeProperties[];
	fields?: OperationFields;
}

export interface ReadOperation extends OperationBase {
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/**
 * The router prepares every item before it sends the first, so one bad item stops the run before anything is
 * applied.
 */
export interface WriteOperation extends OperationBase {
	prepare(this: IExecuteFunctions, itemIndex: number): Promise<PreparedWrite>;
}

export type OperationModule = ReadOperation | WriteOperation;

export interface PreparedWrite {
	/** Again only as the transport allows. */
	send(): Promise<IDataObject | IDataObject[]>;
	/** When its path names one (an update, a cancel). */
	target?: string;
	idempotencyKey?: string;
	/** What a keyed write sends, to compare the items that share its key. */
	request?: string;
}

/** A resource index whose exports are not operation modules, or whose default is none of them, does not compile. */
export type ResourceModules = {
	[R in Resource]: { defaultOperation: Operation<R> } & Record<Operation<R>, OperationModule>;
};
