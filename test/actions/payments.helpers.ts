/**
 * Helpers shared by the Charge, Payment Link, Receivable, Anticipation, Wallet, Withdrawal and Webhook Endpoint
 * action tests: one sandbox per test file, the node run through the in-process n8n harness.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { runAction } from '../harness';
import { startSandbox, type RecordedRequest } from '../../sandbox';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** Starts a sandbox for the file (`beforeAll`), stops it after (`afterAll`), clears its requests before each test. */
export function useSandbox(): () => Sandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
	});
	afterAll(async () => {
		await sandbox?.stop();
	});
	beforeEach(() => sandbox?.clearRequests());
	return () => {
		if (!sandbox) throw new Error('The sandbox is not running');
		return sandbox;
	};
}

/** A resource locator value in "By ID" mode. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export const jsonOf = (items: INodeExecutionData[]) => items.map((item) => item.json);

/** The one request the sandbox received since the last clear. */
export function onlyRequest(sandbox: Sandbox): RecordedRequest {
	expect(sandbox.requests).toHaveLength(1);
	return sandbox.requests[0];
}

/** Runs the node and expects it to succeed, returning what it emitted. */
export async function runOk(
	sandbox: Sandbox,
	parameters: INodeParameters,
	options: { inputItems?: INodeExecutionData[] } = {},
) {
	const result = await runAction(sandbox, parameters, options);
	expect(result.error?.message).toBeUndefined();
	return result;
}

/**
 * Runs the node with two input items and Continue On Fail, expecting both to fail before any request is sent:
 * each error item must read `<field> <rule> [item <index>]` and be paired with its own input item.
 */
export async function expectRejectedBeforeSending(
	sandbox: Sandbox,
	parameters: INodeParameters,
	expected: string,
	inputItem: INodeExecutionData = { json: {} },
): Promise<IDataObject[]> {
	sandbox.clearRequests();
	const inputItems = [0, 1].map(() => ({ ...inputItem, json: { ...inputItem.json } }));
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
	return jsonOf(output);
}

/** Unique ids of a list of records. */
export const idsOf = (records: IDataObject[]) => records.map((record) => String(record.id));
