/**
 * Every operation that writes checks all its input items before it sends the first: three items whose third is bad
 * (a refusal of the operation's case file, given to that item only through an expression on `$itemIndex`) stop the
 * node, naming item 2, with no request sent for any item. Reads are not concerned: they change nothing.
 */
import type { INodeParameters } from 'n8n-workflow';
import { operationModule } from '../../nodes/PaymentPlatform/actions/operations';
import type { Operation, Resource } from '../../nodes/PaymentPlatform/actions/node.type';
import { runAction } from '../harness';
import { caseInputItems, runCasesBefore, useSandbox } from '../harness/actions';
import { CASES, refusals } from '../cases';

const sandbox = useSandbox({}, { resetBeforeEach: true });

const isWrite = (resource: string, operation: string) =>
	'prepare' in operationModule(resource as Resource, operation as Operation<Resource>);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value as JavaScript in an expression: an expression's own code, else its JSON. */
function asCode(value: unknown): string {
	const expression = typeof value === 'string' ? /^=\{\{([\s\S]*)\}\}$/.exec(value) : null;
	return expression ? `(${expression[1]})` : JSON.stringify(value ?? '');
}

/** `good` with every leaf that `bad` changes replaced by an expression giving the bad value to item `at` only. */
function badAt(good: unknown, bad: unknown, at: number): unknown {
	if (JSON.stringify(good) === JSON.stringify(bad)) return good;
	if (isPlainObject(bad) && (good === undefined || isPlainObject(good))) {
		const base = (good ?? {}) as Record<string, unknown>;
		const keys = new Set([...Object.keys(base), ...Object.keys(bad)]);
		return Object.fromEntries(
			[...keys].map((key) => [key, key in bad ? badAt(base[key], bad[key], at) : base[key]]),
		);
	}
	return `={{ $itemIndex === ${at} ? ${asCode(bad)} : ${asCode(good)} }}`;
}

/** Each write operation with the first refusal of its case file that the node itself makes. */
const WRITES = CASES.filter((c) => isWrite(c.resource, c.operation)).map((c) => {
	const refusal = refusals().find((r) => r.name === c.name && !r.byN8n);
	return [c.label, c, refusal] as const;
});

describe('writes: every item is checked before the first request', () => {
	it('covers every write operation, each with a refusal to give item 2', () => {
		// The operations whose case file sends something other than a GET.
		const sendingWrites = CASES.filter((c) => c.request.method !== 'GET').map((c) => c.label);
		expect(sendingWrites.length).toBeGreaterThan(5);
		expect(WRITES.map(([label]) => label).sort()).toEqual(sendingWrites.sort());
		for (const [label, , refusal] of WRITES) expect([label, refusal]).not.toContain(undefined);
	});

	it.each(WRITES)(
		'%s: three items, the third bad: stopped naming item 2, no request sent',
		async (_label, c, refusal) => {
			const bad = { ...c.parameters, ...refusal?.change };
			const parameters = badAt(c.parameters, bad, 2) as INodeParameters;
			await runCasesBefore(sandbox(), c);
			const [item = { json: {} }] =
				(await caseInputItems(sandbox(), refusal?.input ?? c.input)) ?? [];
			sandbox().clearRequests();
			const { error } = await runAction(
				sandbox(),
				{ resource: c.resource, operation: c.operation, ...parameters },
				{ inputItems: [0, 1, 2].map(() => ({ ...item, json: { ...item.json } })) },
			);
			expect(error?.message).toBe(`${refusal?.message} [item 2]`);
			expect(sandbox().requests).toEqual([]);
		},
	);
});
