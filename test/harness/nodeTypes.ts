import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { PaymentPlatform } from '../../nodes/PaymentPlatform/PaymentPlatform.node';
import { PaymentPlatformTrigger } from '../../nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node';

export const PACKAGE_NAME = 'n8n-nodes-payment-platform';
export const ACTION_NODE_TYPE = `${PACKAGE_NAME}.paymentPlatform`;
export const TRIGGER_NODE_TYPE = `${PACKAGE_NAME}.paymentPlatformTrigger`;
export const MANUAL_TRIGGER_TYPE = 'n8n-nodes-base.manualTrigger';

/**
 * Stand-in for n8n's Manual Trigger (n8n-nodes-base is not a dependency): the workflow's start node, passing on the
 * items the test gives as the execution's input, exactly as the real one passes on its single empty item.
 */
class ManualTrigger implements INodeType {
	description = {
		displayName: 'When clicking "Execute workflow"',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Runs the flow on clicking a button in n8n',
		defaults: { name: 'Manual Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

const registry: Record<string, INodeType> = {
	[ACTION_NODE_TYPE]: new PaymentPlatform(),
	[TRIGGER_NODE_TYPE]: new PaymentPlatformTrigger(),
	[MANUAL_TRIGGER_TYPE]: new ManualTrigger(),
};

export class TestNodeTypes implements INodeTypes {
	getByName(nodeType: string): INodeType | IVersionedNodeType {
		return this.getByNameAndVersion(nodeType);
	}

	getByNameAndVersion(nodeType: string): INodeType {
		const type = registry[nodeType];
		if (!type) throw new Error(`Unknown node type in test workflow: ${nodeType}`);
		return type;
	}

	getKnownTypes() {
		return {};
	}
}
