/**
 * Every pointer a maintainer follows leads somewhere: the paths that AGENTS.md, .agents/*.md and CONTRIBUTING.md name
 * in code spans and the links of those pages (test/docs.test.ts checks the links of every page), and every
 * repository path a code comment cites in nodes/, credentials/, sandbox/, scripts/, lab/ and test/, name a tracked
 * file or folder (rules: test/harness/pointers.js).
 */
import { trackedFiles } from './harness/repositoryFiles';
import { citedInCodeSpans, citedInComments, pathsIn, problemOf } from './harness/pointers';

const MAINTAINER_PAGES = trackedFiles()
	.filter((file) => /^(AGENTS\.md|CONTRIBUTING\.md|\.agents\/[^/]+\.md)$/.test(file))
	.sort();
const SOURCES = trackedFiles()
	.filter((file) => /^(nodes|credentials|sandbox|scripts|lab|test)\//.test(file))
	.filter((file) => /\.(ts|js|mjs|cjs|sh)$/.test(file))
	.sort();

const problems = (file: string, cited: Array<{ path: string; line: number }>) =>
	cited.flatMap(({ path, line }) => {
		const problem = problemOf(file, path);
		return problem ? [`${file}:${line}: ${path} ${problem}`] : [];
	});

describe('the paths the maintainers’ pages name', () => {
	it('are read from AGENTS.md, .agents/ and CONTRIBUTING.md', () => {
		expect(MAINTAINER_PAGES).toEqual(
			expect.arrayContaining(['AGENTS.md', 'CONTRIBUTING.md', '.agents/nodes.md']),
		);
		expect(MAINTAINER_PAGES.flatMap(citedInCodeSpans).length).toBeGreaterThan(40);
	});

	it('name tracked files and folders', () => {
		expect(MAINTAINER_PAGES.flatMap((page) => problems(page, citedInCodeSpans(page)))).toEqual([]);
	});
});

describe('the paths code comments cite', () => {
	it('are read from the comments of every source', () => {
		expect(SOURCES.length).toBeGreaterThan(150);
		expect(SOURCES.flatMap(citedInComments).length).toBeGreaterThan(250);
	});

	it('name tracked files and folders', () => {
		expect(SOURCES.flatMap((file) => problems(file, citedInComments(file)))).toEqual([]);
	});
});

describe('the rules', () => {
	it.each([
		['a path from the root', 'AGENTS.md', 'nodes/shared/transport/errors.ts'],
		['a path from the citing file', 'lab/e2e/run.js', './lib/compatibility.js'],
		['the end of a tracked path', '.agents/nodes.md', 'actions/router.ts'],
		['a template', 'CONTRIBUTING.md', 'test/cases/<resource>/<operation>.case.js'],
		['a place git ignores', 'lab/bench/run.js', 'lab/results/bench/'],
		['n8n’s source', 'test/credential.test.ts', 'packages/cli/src/credentials-helper.ts'],
	])('%s resolves', (_, file, cited) => {
		expect(problemOf(file, cited)).toBeUndefined();
	});

	it.each([
		['a file that is gone', 'nodes/PaymentPlatformTrigger/delivery.ts', 'docs/reliability.md'],
		['a shorthand that ends no tracked path', 'AGENTS.md', 'actions/versions.ts'],
		['a path outside the repository', 'AGENTS.md', '/work/elsewhere/reference.md'],
	])('%s does not', (_, file, cited) => {
		expect(problemOf(file, cited)).toBeDefined();
	});

	it('reads paths, not addresses or package names', () => {
		const text =
			'see docs/trigger.md, https://example.com/a/b.md and @n8n/node-cli; x/y is no path';
		expect(pathsIn(text).map(({ path }: { path: string }) => path)).toEqual(['docs/trigger.md']);
	});
});
