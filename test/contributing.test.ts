/**
 * CONTRIBUTING.md's recipes work as written: the field declaration the "Add a field" recipe shows compiles as an entry
 * of an operation's `declareFields([...])` (the positional `apiField` most fields use), and its commands paste as
 * they stand: jest runs through scripts/node24.sh on files that exist, and every `npm run` names a script.
 */
import { PACKAGE_JSON, isTracked, readTracked } from './harness/repositoryFiles';
import { typeErrors } from './harness/typeCheck';

const CONTRIBUTING = readTracked('CONTRIBUTING.md');
const PROBE = 'nodes/PaymentPlatform/actions/contributingProbe.ts';

/** The text of a section, from its heading to the next. */
const section = (heading: string) =>
	new RegExp(`^## ${heading}\\n([\\s\\S]*?)(?=^## )`, 'm').exec(CONTRIBUTING)?.[1] ?? '';

/** Every code span and block, whitespace runs (a span wrapped over lines) as one space. */
const codes = [...CONTRIBUTING.matchAll(/```\w*\n([\s\S]*?)```|`([^`]+)`/g)].map(
	([, block, span]) => (block ?? span).replace(/\s+/g, ' ').trim(),
);

it('CONTRIBUTING.md stays at most 12,000 bytes (a maintainer reads it whole)', () => {
	expect(Buffer.byteLength(CONTRIBUTING)).toBeLessThanOrEqual(12_000);
});

describe('CONTRIBUTING.md, "Add a field"', () => {
	const snippet = /```ts\n([\s\S]*?)```/.exec(section('Add a field'))?.[1] ?? '';

	it('shows the positional apiField that the operations use', () => {
		expect(snippet).toMatch(/^\s*apiField\('/);
	});

	it('its declaration compiles as an entry of declareFields', () => {
		const probe = [
			"import { apiField, declareFields } from '../fields/fields';",
			"import { LIMITS } from '../../shared/documentedValues';",
			`export const probe = declareFields([\n${snippet}]);`,
		].join('\n');
		expect(typeErrors({ [PROBE]: probe })).toEqual([]);
	}, 60_000);
});

describe('CONTRIBUTING.md commands paste as they stand', () => {
	const jest = codes.filter((code) => /\bnpx jest\b/.test(code));

	it('names jest runs', () => {
		expect(jest.length).toBeGreaterThanOrEqual(3);
	});

	it.each(jest)('`%s` runs through scripts/node24.sh on files that exist', (command) => {
		expect(command).toMatch(/^bash scripts\/node24\.sh npx jest /);
		const files = command.replace(/^bash scripts\/node24\.sh npx jest /, '').split(' ');
		expect(files.filter((file) => !isTracked(file))).toEqual([]);
	});

	it('leaves nothing out ("…" stands in no command)', () => {
		expect(codes.filter((code) => /^… |\s…\s/.test(code))).toEqual([]);
	});

	it('every `npm run` names a script of package.json', () => {
		const scripts = Object.keys(PACKAGE_JSON.scripts ?? {});
		const named = codes.flatMap((code) =>
			[...code.matchAll(/\bnpm run ([\w:-]+)/g)].map(([, name]) => name),
		);
		expect(named.length).toBeGreaterThan(5);
		expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
	});
});
