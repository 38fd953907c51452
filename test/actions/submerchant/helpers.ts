import type {
	IDataObject,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';
import { runAction } from '../../harness';

/** What these tests use of a running sandbox (see sandbox/): where it is, its keys and what it received. */
export interface SandboxLike {
	url: string;
	publicKey: string;
	secretKey: string;
	requests: Array<{ method: string; path: string; query: IDataObject; body?: unknown }>;
	clearRequests(): void;
}

export { byId, jsonOf, onlyRequest } from '../payments.helpers';

/** Two input items, so that errors show which item they are about. */
export const twoItems = (item: INodeExecutionData = { json: {} }): INodeExecutionData[] => [
	{ ...item, json: { ...item.json } },
	{ ...item, json: { ...item.json } },
];

/**
 * Runs the node with two input items and Continue On Fail, expecting both to fail before any request is sent:
 * each error item must name the field, the rule and its own item index.
 */
export async function expectRejectedBeforeSending(
	sandbox: SandboxLike,
	parameters: INodeParameters,
	expected: string,
	inputItems: INodeExecutionData[] = twoItems(),
): Promise<void> {
	sandbox.clearRequests();
	const { output, error } = await runAction(sandbox, parameters, {
		inputItems,
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(output.map((item) => item.json.error)).toEqual([
		`${expected} [item 0]`,
		`${expected} [item 1]`,
	]);
	expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	expect(sandbox.requests).toEqual([]);
}

export const repeat = (length: number, char = 'a') => char.repeat(length);
