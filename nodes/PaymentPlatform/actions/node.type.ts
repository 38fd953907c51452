import type { OperationFields } from '../fields/fields';
import type { AllEntities, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** Every resource and its operations, as the node's Resource and Operation options name them. */
type NodeMap = {
	submerchant: 'getAll' | 'get' | 'update' | 'submitForReview';
	submerchantAddress: 'create' | 'update';
	submerchantDocument: 'create' | 'getAll';
	charge: 'create' | 'get' | 'getAll';
	paymentLink: 'create' | 'get' | 'getAll' | 'uploadCover';
	receivable: 'get';
	anticipation: 'create' | 'cancel';
	wallet: 'get' | 'getStatement';
	withdrawal: 'getSummary' | 'getFee';
	webhookEndpoint: 'create' | 'delete' | 'getAll';
};

export type PaymentPlatformType = AllEntities<NodeMap>;
export type Resource = keyof NodeMap;
export type Operation<R extends Resource> = NodeMap[R];

/** What each `<operation>.operation.ts` module exports: a read's `execute`, or a write's `prepare`. */
interface OperationBase {
	description: INodeProperties[];
	/** The operation's declared fields (fields.ts): rules of the body or query, path ids, own names. */
	fields?: OperationFields;
}

/** A read (GET): item `i`'s request sent and its output returned, items one after another or in batches. */
export interface ReadOperation extends OperationBase {
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/**
 * A write (POST, PATCH, DELETE): item `i` checked and its request built, nothing sent. The router prepares every
 * item before it sends the first, so one bad item stops the run before anything is applied.
 */
export interface WriteOperation extends OperationBase {
	prepare(this: IExecuteFunctions, itemIndex: number): Promise<PreparedWrite>;
}

export type OperationModule = ReadOperation | WriteOperation;

/** One item's write, checked and built, not sent yet. */
export interface PreparedWrite {
	/** Sends it (again only as the transport allows) and returns the output. */
	send(): Promise<IDataObject | IDataObject[]>;
	/** The id of the record it acts on when its path names one (an update, a cancel). */
	target?: string;
	/** The Idempotency Key it carries. */
	idempotencyKey?: string;
}

/**
 * What each resource's `index.ts` exports: its Operation field and fields, and one module per operation of NodeMap.
 * A name in NodeMap without its module, or a module whose `execute` or `prepare` has another shape, does not compile.
 */
export type ResourceModules = {
	[R in Resource]: { description: INodeProperties[] } & Record<Operation<R>, OperationModule>;
};
