import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { isNodeOperation, operationModule } from './operations';
import { batchingOf, runInBatches } from './batching';

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

	const runItem = async (i: number): Promise<INodeExecutionData[]> => {
		try {
			const result = await selected.execute.call(this, i);
			return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
				itemData: { item: i },
			});
		} catch (error) {
			const nodeError = toNodeError.call(this, error, i);
			if (this.continueOnFail()) {
				return [
					{
						json: { error: nodeError.message, description: nodeError.description ?? undefined },
						pairedItem: { item: i },
					},
				];
			}
			throw nodeError;
		}
	};
	const outputs = await runInBatches(items.length, batchingOf.call(this, selected), runItem);
	return [outputs.flat()];
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
