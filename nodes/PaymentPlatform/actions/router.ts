import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { isNodeOperation, operationModule } from './operations';

/** The per-item loop for every operation: pairing, Continue On Fail and error wrapping live here, once. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const chosen = {
		resource: this.getNodeParameter('resource', 0) as string,
		operation: this.getNodeParameter('operation', 0) as string,
	};
	if (!isNodeOperation(chosen)) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${chosen.operation}" is not supported for resource "${chosen.resource}"`,
		);
	}
	const selected = operationModule(chosen.resource, chosen.operation);

	const returnData: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		try {
			const result = await selected.execute.call(this, i);
			const executionData = this.helpers.constructExecutionMetaData(
				this.helpers.returnJsonArray(result),
				{ itemData: { item: i } },
			);
			returnData.push(...executionData);
		} catch (error) {
			const nodeError = toNodeError.call(this, error, i);
			if (this.continueOnFail()) {
				returnData.push({
					json: { error: nodeError.message, description: nodeError.description ?? undefined },
					pairedItem: { item: i },
				});
				continue;
			}
			throw nodeError;
		}
	}
	return [returnData];
}

function toNodeError(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
}
