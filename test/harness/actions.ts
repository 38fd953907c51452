/**
 * Helpers shared by every action test (test/actions/<resource>/<operation>.test.ts): the node run
 * through the in-process n8n harness against the file's sandbox (./sandbox).
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { runAction } from './runWorkflow';
import type { Sandbox } from './sandbox';
import type { RecordedRequest } from '../../sandbox';
import { SandboxAdmin } from '../../scripts/lib/sandboxAdmin';
import { CASES, caseNamed } from '../cases';
import { moduleOf } from './registry';
import { checkBatch, checkCase } from '../cases/check';

export { useSandbox, type Sandbox } from './sandbox';
export { runAction } from './runWorkflow';
export { SEED } from '../../sandbox';

/** A resource locator value in "By ID" mode. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The parameters of `resource.operation`: `fixed`, then those given. */
export const parametersOf =
	(resource: string, operation: string, fixed: INodeParameters = {}) =>
	(parameters: INodeParameters = {}): INodeParameters => ({
		resource,
		operation,
		...fixed,
		...parameters,
	});

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

/**
 * The smallest valid parameters of each operation, so that one probed field is the only change: its case file's
 * values of the parameters the editor marks required; n8n gives every other parameter its default.
 */
export const BASE: Record<string, INodeParameters> = Object.fromEntries(
	CASES.map((c) => {
		const required = new Set(
			moduleOf(c.name)
				.description.filter((property) => property.required)
				.map((property) => property.name),
		);
		const given = Object.entries(c.parameters).filter(([name]) => required.has(name));
		return [c.name, Object.fromEntries(given) as INodeParameters];
	}),
);

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

/** A case of test/cases (one operation's case file, or one of its further runs) with its resource and operation. */
type CaseRun = Parameters<typeof checkCase>[0] & {
	resource: string;
	operation: string;
	after?: string[];
};

/** The input items a case names: fields, a file in `data`, or the output of another operation (run first). */
export async function caseInputItems(
	sandbox: Sandbox,
	input: CaseRun['input'],
): Promise<INodeExecutionData[] | undefined> {
	if (input?.operation) return (await runOk(sandbox, input.operation as INodeParameters)).output;
	if (input?.file) {
		const { base64, mimeType, fileName } = input.file;
		return [{ json: {}, binary: { data: { data: base64, mimeType, fileName } } }];
	}
	return input?.json ? [{ json: input.json }] : undefined;
}

/** Runs a case's operation and returns its items as JSON, as n8n saves them. */
async function runCaseOperation(sandbox: Sandbox, c: CaseRun): Promise<IDataObject[]> {
	const parameters = { resource: c.resource, operation: c.operation, ...c.parameters };
	const inputItems = await caseInputItems(sandbox, c.input);
	const result = await runAction(sandbox, parameters as INodeParameters, { inputItems });
	expect(result.error?.message).toBeUndefined();
	const { output } = result;
	return JSON.parse(JSON.stringify(jsonOf(output))) as IDataObject[];
}

/** Runs the cases a case runs `after` (the state it relies on), on a sandbox at its seed. */
export async function runCasesBefore(sandbox: Sandbox, c: Pick<CaseRun, 'after'>): Promise<void> {
	for (const name of c.after ?? []) await runCaseOperation(sandbox, caseNamed(name));
}

/** A case's output items, as n8n saves them, after the cases it runs `after`; the sandbox's requests cleared before. */
export async function caseOutput(sandbox: Sandbox, c: CaseRun): Promise<IDataObject[]> {
	await runCasesBefore(sandbox, c);
	sandbox.clearRequests();
	return await runCaseOperation(sandbox, c);
}

/**
 * Runs a case of test/cases on a sandbox at its seed: first the cases it runs `after`, then its own run, checked
 * as the e2e suite checks it in a real n8n (../cases/check.js).
 */
export async function runCase(sandbox: Sandbox, c: CaseRun): Promise<void> {
	const items = await caseOutput(sandbox, c);
	const admin = new SandboxAdmin(sandbox.url);
	await checkCase(c, items, await admin.requests(), { admin, store: sandbox.store });
}

/** A batch of a case file (several items, the node stopped at one): its error and each item's requests. */
export async function runBatch(
	sandbox: Sandbox,
	batch: Parameters<typeof checkBatch>[0] &
		Pick<CaseRun, 'resource' | 'operation' | 'after'> & { parameters: Record<string, unknown> },
): Promise<void> {
	await runCasesBefore(sandbox, batch);
	sandbox.clearRequests();
	const { resource, operation, parameters, items, settings } = batch;
	const { error } = await runAction(
		sandbox,
		{ resource, operation, ...parameters } as INodeParameters,
		{ inputItems: items.map((json) => ({ json })), settings },
	);
	checkBatch(batch, error, await new SandboxAdmin(sandbox.url).requests());
}

/** A refusal of a case file: the node's (naming field, rule and item) or n8n's parameter check; nothing is sent. */
export async function expectCaseRefused(
	sandbox: Sandbox,
	refusal: Pick<CaseRun, 'resource' | 'operation' | 'parameters' | 'input'> & {
		message: string;
		byN8n?: boolean;
	},
): Promise<void> {
	const { resource, operation, message } = refusal;
	const parameters = { resource, operation, ...refusal.parameters } as INodeParameters;
	if (!refusal.byN8n) {
		const [item] = (await caseInputItems(sandbox, refusal.input)) ?? [];
		await expectRejectedBeforeSending(sandbox, parameters, message, twoItems(item));
		return;
	}
	sandbox.clearRequests();
	await expect(runAction(sandbox, parameters)).rejects.toThrow(message);
	expect(sandbox.requests).toEqual([]);
}
