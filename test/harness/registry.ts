/**
 * The action node's operations as the product reaches them: the Resource and Operation options of the node's
 * description, each with the module the router dispatches to (operationModule).
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { PaymentPlatform } from '../../nodes/PaymentPlatform/PaymentPlatform.node';
import type { OperationModule } from '../../nodes/PaymentPlatform/actions/node.type';
import { isNodeOperation, operationModule } from '../../nodes/PaymentPlatform/actions/operations';
import type { FieldRule } from '../../nodes/PaymentPlatform/fields/fieldRules';

export interface NodeOperation {
	/** `resource.operation` */
	name: string;
	resource: string;
	operation: string;
	module: OperationModule;
}

const { properties } = new PaymentPlatform().description;

/** The values of a dropdown. */
export const optionValues = (property: INodeProperties | undefined): string[] =>
	((property?.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value));

/** The Resource options of the node. */
export const RESOURCES = optionValues(properties.find((property) => property.name === 'resource'));

/** The Operation field shown for `resource`. */
export const operationField = (resource: string): INodeProperties | undefined =>
	properties.find(
		(property) =>
			property.name === 'operation' && property.displayOptions?.show?.resource?.[0] === resource,
	);

/** Every operation the editor offers, with its module; an option without one fails here. */
export const OPERATIONS: NodeOperation[] = RESOURCES.flatMap((resource) =>
	optionValues(operationField(resource)).map((operation) => {
		const selected = { resource, operation };
		if (!isNodeOperation(selected)) throw new Error(`${resource}.${operation} has no module`);
		const module = operationModule(selected.resource, selected.operation as never);
		return { name: `${resource}.${operation}`, resource, operation, module };
	}),
);

/** The module of `resource.operation`. */
export function moduleOf(name: string): OperationModule {
	const found = OPERATIONS.find((candidate) => candidate.name === name);
	if (!found) throw new Error(`no operation ${name}`);
	return found.module;
}

/** The rule table of every operation that sends a body or query built from its fields, by `resource.operation`. */
export function operationRules(): Record<string, FieldRule[]> {
	return Object.fromEntries(
		OPERATIONS.filter(({ module }) => (module.fields?.rules ?? []).length > 0).map(
			({ name, module }) => [name, module.fields?.rules ?? []],
		),
	);
}
