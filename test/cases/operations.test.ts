/**
 * Every operation's case file (test/cases/<resource>/<operation>.case.js) run in-process against the sandbox, each
 * on a sandbox back at its seed; the e2e suite runs the same files in a real n8n (lab/lib/operationCases.js).
 */
import { OPERATIONS } from '../harness/registry';
import { expectCaseRefused, runBatch, runCase, useSandbox } from '../harness/actions';
import { CASES, batches, inRunOrder, refusals, variants } from './index';

const sandbox = useSandbox({}, { resetBeforeEach: true });
const named = <T extends { label: string }>(cases: T[], title: (c: T) => string = (c) => c.label) =>
	cases.map((c) => [title(c), c] as const);

describe('operation cases (test/cases), in-process', () => {
	it('one case file per operation of the registry, each after the cases it names', () => {
		expect(CASES.map((c) => c.name).sort()).toEqual(OPERATIONS.map((o) => o.name).sort());
		// Every name in `after` is a case file's, and no case runs after itself.
		expect(inRunOrder()).toHaveLength(CASES.length);
	});

	it.each(named(CASES))('%s', async (_label, c) => runCase(sandbox(), c));

	it.each(named(variants(), (c) => `${c.label}: ${c.title}`))('%s', async (_label, c) =>
		runCase(sandbox(), c),
	);

	it.each(named(refusals(), (c) => `${c.label} refuses ${c.title}`))('%s', async (_label, c) =>
		expectCaseRefused(sandbox(), c),
	);

	it.each(named(batches(), (c) => `${c.label}, several items: ${c.title}`))(
		'%s',
		async (_label, c) => runBatch(sandbox(), c),
	);
});
