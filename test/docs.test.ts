/**
 * The pages a reader opens (the README, SECURITY.md, docs/, the sandbox's and the lab's READMEs, the published lab
 * reports, AGENTS.md, the changelog, the examples) lead to what exists and speak to readers: every relative link and
 * image resolves to a tracked file or folder (and a `file.md#anchor` to a heading of that file, as GitHub names its
 * headings), and no page names an issue number, a branch or one of the project's internal tools. The README's
 * npmjs.com-specific rules are test/readme.test.ts's. The links of CONTRIBUTING.md and .agents/ are followed too; the
 * paths the maintainers' pages and the code's comments name are test/pointers.test.ts's.
 */
import { REPOSITORY, isTracked, readTracked, trackedFiles } from './harness/repositoryFiles';
import { headingAnchorsOf, linksOf } from '../scripts/lib/markdownLinks';

/** Tracked pages a reader opens: Markdown pages, and the example workflows (their notes are read in the editor). */
const READER_PAGE =
	/^(README\.md|SECURITY\.md|AGENTS\.md|CHANGELOG\.md|docs\/[^/]+\.md|sandbox\/README\.md|lab\/README\.md|lab\/reports\/[^/]+\.md|examples\/[^/]+\.json)$/;
const pages = trackedFiles()
	.filter((file) => READER_PAGE.test(file))
	.sort();
const markdownPages = pages.filter((file) => file.endsWith('.md'));
/** Every page whose links are followed: the reader's, and the maintainers' (CONTRIBUTING.md, .agents/). */
const linkedPages = [
	...markdownPages,
	...trackedFiles().filter((file) => /^(CONTRIBUTING\.md|\.agents\/[^/]+\.md)$/.test(file)),
].sort();

/** What a reader's page must not say, and why. */
const FORBIDDEN: Array<{ pattern: RegExp; what: string }> = [
	{ pattern: /\bissues? #?\d+/i, what: 'an issue number' },
	{ pattern: /#\d+\b(?![\w-])/, what: 'an issue reference' },
	{ pattern: /\bbranch(?:es)? [`'"]?[\w./-]*issue/i, what: 'a branch name' },
	{ pattern: /\bissue-\d+\b/i, what: 'a branch name' },
	{ pattern: /\bfarm[- ]studio\b/i, what: 'an internal tool' },
	{ pattern: /`(?:duplicates|issues)(?: [^`]*)?`/, what: 'an internal tool' },
	{ pattern: /\b(?:duplicates|issues) --[a-z]/, what: 'an internal tool' },
];

/** The page's text, less the hex colours and anchors that `#\d+` would otherwise mistake for issue references. */
const withoutFalseReferences = (text: string) =>
	text.replace(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b|\]\([^)\n]*#[^)\n]*\)|\]: \S+/gi, '');

const ROOT_PATH = '/repository/';
const PAGE_ROOT = `https://pages.invalid${ROOT_PATH}`;

/** The tracked path and anchor a link leads to, or undefined for an address outside the repository. */
function repositoryTarget(page: string, target: string) {
	const [address, anchor] = target.split('#');
	if (target.startsWith('#')) return { file: page, anchor };
	for (const prefix of [REPOSITORY.page(''), REPOSITORY.page('', 'tree'), REPOSITORY.raw('')]) {
		if (address.startsWith(prefix)) return { file: address.slice(prefix.length), anchor };
	}
	if (/^[a-z][\w+.-]*:/i.test(address) || address.startsWith('//')) return undefined;
	// Resolved as a browser resolves it against the page, inside a root that shows a path leading out of the repository.
	const { pathname } = new URL(address, `${PAGE_ROOT}${page}`);
	const resolved = decodeURIComponent(pathname);
	if (!resolved.startsWith(ROOT_PATH)) return { file: `..${resolved}`, anchor };
	return { file: resolved.slice(ROOT_PATH.length).replace(/\/$/, '') || '.', anchor };
}

/** What is wrong with a link of `page`, or undefined. */
function problemOf(page: string, link: { target?: string; label?: string }): string | undefined {
	if (link.target === undefined) return `reference [${link.label}] has no definition`;
	const target = repositoryTarget(page, link.target);
	if (!target) return undefined;
	if (target.file.startsWith('../')) return `${link.target} leads outside the repository`;
	if (target.file === '.') return undefined;
	if (!isTracked(target.file)) return `${target.file} is not a tracked file or folder`;
	if (target.anchor && target.file.endsWith('.md')) {
		if (!headingAnchorsOf(readTracked(target.file)).has(target.anchor))
			return `no heading #${target.anchor} in ${target.file}`;
	}
	return undefined;
}

describe('the pages a reader opens', () => {
	it('are found: the README, SECURITY.md, docs/, the reports and the examples', () => {
		for (const page of ['README.md', 'SECURITY.md', 'docs/trigger.md', 'lab/reports/queue.md'])
			expect(pages).toContain(page);
		expect(pages.some((page) => page.startsWith('examples/'))).toBe(true);
		const intoRepository = markdownPages.flatMap((page) =>
			linksOf(readTracked(page)).filter(
				(link) => link.target !== undefined && repositoryTarget(page, link.target),
			),
		);
		expect(intoRepository.length).toBeGreaterThanOrEqual(40);
	});

	it('every link and image (of these and the maintainers’ pages) leads to a tracked file or folder, and to a heading of it', () => {
		expect(linkedPages).toEqual(expect.arrayContaining(['CONTRIBUTING.md', '.agents/workflow.md']));
		const problems = linkedPages.flatMap((page) =>
			linksOf(readTracked(page)).flatMap((link) => {
				const problem = problemOf(page, link);
				return problem ? [`${page}:${link.line} [${link.text}]: ${problem}`] : [];
			}),
		);
		expect(problems).toEqual([]);
	});

	it('name no issue number, branch or internal tool', () => {
		const problems = pages.flatMap((page) =>
			withoutFalseReferences(readTracked(page))
				.split('\n')
				.flatMap((line, index) =>
					FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(
						({ pattern, what }) => `${page}:${index + 1}: ${what}: ${pattern.exec(line)![0]}`,
					),
				),
		);
		expect(problems).toEqual([]);
	});
});
