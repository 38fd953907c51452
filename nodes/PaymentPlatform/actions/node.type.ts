import type { OperationFields } from '../shared/fields';
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

/** What each `<operation>.operation.ts` module exports. */
export interface OperationModule {
	description: INodeProperties[];
	/** The operation's declared fields (fields.ts): rules of the body or query, path ids, own names. */
	fields?: OperationFields;
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/**
 * What each resource's `index.ts` exports: its Operation field and fields, and one module per operation of NodeMap.
 * A name in NodeMap without its module, or a module whose `execute` has another shape, does not compile.
 */
export type ResourceModules = {
	[R in Resource]: { description: INodeProperties[] } & Record<Operation<R>, OperationModule>;
};
