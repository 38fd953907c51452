import type { OperationFields } from '../fields/fields';
import type { AllEntities, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

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

interface OperationBase {
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

/** A name in NodeMap without its module, or a module of another shape, does not compile. */
export type ResourceModules = {
	[R in Resource]: { description: INodeProperties[] } & Record<Operation<R>, OperationModule>;
};
