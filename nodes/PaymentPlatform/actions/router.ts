import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { isNodeOperation, operationModule } from './operations';
import { batchingOf, runInBatches } from './batching';
import type { PreparedWrite, ReadOperation, WriteOperation } from './node.type';
import { refuseSharedKeys } from './common.idempotency';

/** What n8n gives Resource and Operation for its Custom API Call option. */
const CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

/** Pairing, Continue On Fail and error wrapping live here, once. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	// With Resource on Custom API Call the editor shows no Operation field.
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
	if ('prepare' in selected) return [await runWrites.call(this, items.length, selected)];
	return [await runReads.call(this, items.length, selected)];
}

async function runReads(
	this: IExecuteFunctions,
	count: number,
	selected: ReadOperation,
): Promise<INodeExecutionData[]> {
	const runItem = async (i: number): Promise<INodeExecutionData[]> => {
		try {
			return outputOf.call(this, await selected.execute.call(this, i), i);
		} catch (error) {
			return failedItem.call(this, error, i);
		}
	};
	const outputs = await runInBatches(count, batchingOf.call(this, selected), runItem);
	return outputs.flat();
}

interface Applied {
	itemIndex: number;
	ids: string;
}

/**
 * Every item is checked and built first, so one bad item stops the run before anything is applied. Then the requests
 * go one by one; a failure without Continue On Fail names the items already applied and their ids, since n8n drops
 * their output with the error.
 */
async function runWrites(
	this: IExecuteFunctions,
	count: number,
	selected: WriteOperation,
): Promise<INodeExecutionData[]> {
	const prepared: Array<PreparedWrite | INodeExecutionData[]> = [];
	for (let i = 0; i < count; i++) {
		try {
			prepared.push(await selected.prepare.call(this, i));
		} catch (error) {
			prepared.push(failedItem.call(this, error, i));
		}
	}
	refuseSharedKeys.call(this, prepared);
	const outputs: INodeExecutionData[][] = [];
	const applied: Applied[] = [];
	for (const [i, write] of prepared.entries()) {
		if (Array.isArray(write)) {
			outputs.push(write);
			continue;
		}
		try {
			const result = await write.send();
			applied.push({ itemIndex: i, ids: appliedIds(result, write) });
			outputs.push(outputOf.call(this, result, i));
		} catch (error) {
			outputs.push(failedItem.call(this, error, i, applied));
		}
	}
	return outputs.flat();
}

function appliedIds(result: IDataObject | IDataObject[], write: PreparedWrite): string {
	const record = Array.isArray(result) ? result[0] : result;
	const id = typeof record?.id === 'string' ? record.id : write.target;
	const parts = [
		id ? `id ${id}` : undefined,
		write.idempotencyKey && `key ${write.idempotencyKey}`,
	];
	return parts.filter(Boolean).join(', ');
}

function outputOf(
	this: IExecuteFunctions,
	result: IDataObject | IDataObject[],
	i: number,
): INodeExecutionData[] {
	return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
		itemData: { item: i },
	});
}

function failedItem(
	this: IExecuteFunctions,
	error: unknown,
	i: number,
	applied: Applied[] = [],
): INodeExecutionData[] {
	const nodeError = toNodeError.call(this, error, i);
	if (this.continueOnFail()) {
		return [
			{
				json: { error: nodeError.message, description: nodeError.description ?? undefined },
				pairedItem: { item: i },
			},
		];
	}
	if (applied.length > 0) nodeError.description = withApplied(nodeError.description, applied);
	throw nodeError;
}

function withApplied(description: string | null | undefined, applied: Applied[]): string {
	const list = applied
		.map(({ itemIndex, ids }) => `item ${itemIndex}${ids ? ` (${ids})` : ''}`)
		.join(', ');
	const keyed = applied.some(({ ids }) => ids.includes('key '));
	return (
		`${description ? `${description} ` : ''}Applied in this run before this error, and not in the node's ` +
		`output: ${list}. Remove them from the input before running the node again` +
		`${keyed ? ' (those with a key may also run again with the same key)' : ''}.`
	);
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
