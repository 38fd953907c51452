/**
 * Helpers shared by every action test (test/actions/<resource>/<operation>.test.ts): the node run
 * through the in-process n8n harness against the file's sandbox (./sandbox).
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { runAction } from './runWorkflow';
import type { Sandbox } from './sandbox';
import type { RecordedRequest } from '../../sandbox';
import { SEED } from '../../sandbox';

export { useSandbox, type Sandbox } from './sandbox';

/** A resource locator value in "By ID" mode. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export const jsonOf = (items: INodeExecutionData[]) => items.map((item) => item.json);

export { repeat } from './sandboxHttp';

/** Two input items (copies of `item`), so that errors show which item they are about. */
export const twoItems = (item: INodeExecutionData = { json: {} }): INodeExecutionData[] =>
	[0, 1].map(() => ({ ...item, json: { ...item.json } }));

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
 * Runs the node with Continue On Fail over `inputItems` (two empty items by default), expecting every item to fail
 * before any request is sent: each error item must read `<field> <rule> [item <index>]` and be paired with its own
 * input item. Returns the error items' JSON.
 */
export async function expectRejectedBeforeSending(
	sandbox: Sandbox,
	parameters: INodeParameters,
	expected: string,
	inputItems: INodeExecutionData[] = twoItems(),
): Promise<IDataObject[]> {
	sandbox.clearRequests();
	const { output, error } = await runAction(sandbox, parameters, {
		inputItems,
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(output.map((item) => item.json.error)).toEqual(
		inputItems.map((_item, index) => `${expected} [item ${index}]`),
	);
	expect(output.map((item) => item.pairedItem)).toEqual(
		inputItems.map((_item, index) => ({ item: index })),
	);
	expect(sandbox.requests).toEqual([]);
	return jsonOf(output);
}

/** Unique ids of a list of records. */
export const idsOf = (records: IDataObject[]) => records.map((record) => String(record.id));

/** The smallest valid parameters of each operation, so that one probed field is the only change. */
export const BASE: Record<string, INodeParameters> = {
	'submerchantAddress.create': {
		submerchantId: byId(SEED.submerchants.active),
		street: 'Rua Augusta',
		number: '1500',
		neighborhood: 'Consolacao',
		city: 'Sao Paulo',
		state: 'SP',
		zipCode: '01304-001',
		country: 'BR',
	},
	'submerchantAddress.update': {
		submerchantId: byId(SEED.submerchants.active),
		addressId: SEED.addresses.activeBilling,
	},
	'submerchant.update': { submerchantId: byId(SEED.submerchants.active) },
	'submerchant.getAll': { returnAll: false, limit: 1 },
	'submerchantDocument.create': {
		submerchantId: byId(SEED.submerchants.active),
		documentType: 'front_id',
		fileSource: 'url',
	},
	'charge.create': { paymentMethod: 'pix', amount: 1000 },
	'charge.getAll': { returnAll: false, limit: 1 },
	'paymentLink.create': { title: 'Link', amount: 1000 },
	'webhookEndpoint.create': { url: 'https://hooks.example.com/x', events: ['charge.captured'] },
	'anticipation.create': { receivableIds: SEED.receivables.capturedInstallment1 },
	'wallet.getStatement': { walletId: SEED.walletId },
	'withdrawal.getFee': { amount: 1000 },
	'withdrawal.getSummary': {},
};

/** Sets a dot-path parameter ("additionalFields.complement", "items.item") in a copy of `parameters`. */
export function withParameter(
	parameters: INodeParameters,
	path: string,
	value: unknown,
): INodeParameters {
	const copy = JSON.parse(JSON.stringify(parameters)) as IDataObject;
	const keys = path.split('.');
	let node = copy;
	for (const key of keys.slice(0, -1)) {
		node[key] = (node[key] as IDataObject | undefined) ?? {};
		node = node[key] as IDataObject;
	}
	node[keys[keys.length - 1]] = value as IDataObject[string];
	return copy as INodeParameters;
}
