import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { batchingOf, runInBatches } from './batching';
import type { PaymentPlatformType } from './node.type';
import { operationsByResource } from './operations';

/** The per-item loop for every operation: pairing, Continue On Fail and error wrapping live here, once. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as PaymentPlatformType['resource'];
	const operation = this.getNodeParameter('operation', 0) as string;
	const resourceModule = operationsByResource[resource] as unknown as Record<string, unknown> | undefined;
	const selected = resourceModule?.[operation] as OperationModule | undefined;
	if (typeof selected?.execute !== 'function') {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not supported for resource "${resource}"`,
		);
	}

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

export interface OperationModule {
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
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
