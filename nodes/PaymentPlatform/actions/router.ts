import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { isNodeOperation, operationModule } from './operations';
import { batchingOf, runInBatches } from './batching';

/** The value n8n gives Resource and Operation for its Custom API Call option (the editor then shows a notice). */
export const CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

/** The per-item loop for every operation: pairing, Continue On Fail and error wrapping live here, once. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	// With Resource on Custom API Call the editor shows no Operation field at all.
	const chosen = {
		resource,
		operation: (resource === CUSTOM_API_CALL
			? CUSTOM_API_CALL
			: this.getNodeParameter('operation', 0)) as string,
	};
	if (chosen.resource === CUSTOM_API_CALL || chosen.operation === CUSTOM_API_CALL) {
		throw new NodeOperationError(
			this.getNode(),
			"Custom API Call is made with n8n's HTTP Request node, not with this node",
			{
				description:
					'Add an HTTP Request node, set Authentication to "Predefined Credential Type" and Credential Type ' +
					'to "Payment Platform API", then pick the same credential. Nothing was sent to the API.',
			},
		);
	}
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
