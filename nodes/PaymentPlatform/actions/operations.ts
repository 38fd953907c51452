import type { INodeProperties } from 'n8n-workflow';
import { resourceDescription } from './common.descriptions';
import type {
	Operation,
	OperationModule,
	PaymentPlatformType,
	Resource,
	ResourceModules,
} from './node.type';
import * as anticipation from './anticipation';
import * as charge from './charge';
import * as paymentLink from './paymentLink';
import * as receivable from './receivable';
import * as submerchant from './submerchant';
import * as submerchantAddress from './submerchantAddress';
import * as submerchantDocument from './submerchantDocument';
import * as wallet from './wallet';
import * as webhookEndpoint from './webhookEndpoint';
import * as withdrawal from './withdrawal';

/** The one registry: the node's fields come from it and the router dispatches through it. */
const indexes = {
	anticipation,
	charge,
	paymentLink,
	receivable,
	submerchant,
	submerchantAddress,
	submerchantDocument,
	wallet,
	webhookEndpoint,
	withdrawal,
};
export type ResourceIndexes = typeof indexes;
const resources: ResourceModules = indexes;

/** Each resource's Operation dropdown (its operations' options, by name) and its operations' fields. */
export const resourceProperties: INodeProperties[] = (Object.keys(resources) as Resource[]).flatMap(
	(resource) => {
		const { defaultOperation, ...operations } = resources[resource];
		const modules = Object.entries(operations) as Array<[string, OperationModule]>;
		return resourceDescription(
			resource,
			defaultOperation,
			modules.map(([value, module]) => ({ ...module.option, value })),
			modules.map(([, module]) => module),
		);
	},
);

/** A name outside NodeMap does not compile. */
export function operationModule<R extends Resource>(
	resource: R,
	operation: Operation<R>,
): OperationModule {
	const operations: Record<Operation<R>, OperationModule> = resources[resource];
	return operations[operation];
}

/** A saved workflow can hold any text. */
export function isNodeOperation(selected: {
	resource: string;
	operation: string;
}): selected is PaymentPlatformType {
	if (!hasOwn(resources, selected.resource)) return false;
	const operations: object = resources[selected.resource as Resource];
	if (!hasOwn(operations, selected.operation)) return false;
	const candidate = (operations as Record<string, Record<string, unknown> | undefined>)[
		selected.operation
	];
	return typeof candidate?.execute === 'function' || typeof candidate?.prepare === 'function';
}

const hasOwn = (object: object, key: string): boolean =>
	Object.prototype.hasOwnProperty.call(object, key);
