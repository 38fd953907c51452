/**
 * The README is also the package's page on npmjs.com: every image must be an absolute address of a file in the
 * repository (built from package.json's `repository`), every link must lead to something that exists (a heading of
 * the README, a tracked file or folder and the heading its anchor names), and the block of link definitions must be
 * what `npm run readme:links` writes. A relative link is read as GitHub and npmjs.com read it: a path in the
 * repository, mapped to its absolute address.
 */
import { isTracked, readTracked, REPOSITORY } from './harness/repositoryFiles';
import { definitionsOf, headingAnchorsOf, linksOf } from '../scripts/lib/markdownLinks';
import { BLOCK, definitionsBlock, isRelative } from '../scripts/readmeLinks';

const README = readTracked('README.md');
const links = linksOf(README);
const place = (link: { text: string; line: number }) => `README.md:${link.line} [${link.text}]`;

/** The repository path and anchor an address (or relative path) leads to; undefined for an outside address. */
function repositoryTarget(target: string, image: boolean) {
	if (isRelative(target)) {
		const [file, anchor] = target.split('#');
		return { file: file.replace(/\/$/, ''), anchor };
	}
	const prefix = image ? REPOSITORY.raw('') : `${REPOSITORY.url}/`;
	if (!target.startsWith(prefix)) return undefined;
	const [rest, anchor] = target.slice(prefix.length).split('#');
	const file = image ? rest : rest.replace(/^(blob|tree)\/main\//, '');
	return { file, anchor, wrongForm: !image && file === rest && rest !== '' };
}

/** What is wrong with a link or image, or undefined. */
function problemOf(link: { image: boolean; target?: string; label?: string }): string | undefined {
	if (link.target === undefined) return `reference [${link.label}] has no definition`;
	if (link.target.startsWith('#')) {
		return headingAnchorsOf(README).has(link.target.slice(1))
			? undefined
			: `no heading ${link.target} in README.md`;
	}
	if (link.image && isRelative(link.target)) {
		return `relative image ${link.target}: npmjs.com shows none; write ![…][${link.target}] and run npm run readme:links`;
	}
	if (link.image && !link.target.startsWith(REPOSITORY.raw(''))) {
		return `image ${link.target} is not in this repository (${REPOSITORY.raw('')}…)`;
	}
	const target = repositoryTarget(link.target, link.image);
	if (!target) return undefined;
	if (target.wrongForm) return `${link.target}: a file's address is ${REPOSITORY.page('<path>')}`;
	if (target.file === '' || /^(issues|security\/advisories\/new)$/.test(target.file))
		return undefined;
	if (!isTracked(target.file)) return `${target.file} is not a tracked file or folder`;
	if (target.anchor && target.file.endsWith('.md')) {
		if (!headingAnchorsOf(readTracked(target.file)).has(target.anchor)) {
			return `no heading #${target.anchor} in ${target.file}`;
		}
	}
	return undefined;
}

describe('README links and images', () => {
	it('has links and images to check', () => {
		expect(links.filter((link) => link.image).length).toBeGreaterThanOrEqual(5);
		expect(links.filter((link) => !link.image).length).toBeGreaterThanOrEqual(20);
	});

	it('every image is an absolute address of a tracked file of the repository', () => {
		const problems = links
			.filter((link) => link.image)
			.flatMap((link) => {
				const problem = problemOf(link);
				return problem ? [`${place(link)}: ${problem}`] : [];
			});
		expect(problems).toEqual([]);
	});

	it('every link leads to a heading, a tracked file or folder (and its heading), or an outside address', () => {
		const problems = links
			.filter((link) => !link.image)
			.flatMap((link) => {
				const problem = problemOf(link);
				return problem ? [`${place(link)}: ${problem}`] : [];
			});
		expect(problems).toEqual([]);
	});

	it('the link definitions are absolute addresses built from package.json (npm run readme:links)', () => {
		const block = new RegExp(
			`<!-- ${BLOCK}:start[^>]*-->\\n([\\s\\S]*?)\\n?<!-- ${BLOCK}:end -->`,
		).exec(README);
		expect(block).not.toBeNull();
		expect(block![1].trim()).toBe(definitionsBlock(README));
		for (const target of definitionsOf(README).values()) expect(isRelative(target)).toBe(false);
	});
});

describe('README for users', () => {
	it('is at most 16 KB, generated blocks included (the details live in docs/)', () => {
		expect(Buffer.byteLength(README)).toBeLessThanOrEqual(16 * 1024);
	});

	it('links the changelog and has a Resources section: the API reference, n8n’s community-node docs', () => {
		expect(links.map((link) => link.target)).toContain(REPOSITORY.page('CHANGELOG.md'));
		const resources = /^## Resources\n([\s\S]*?)^## /m.exec(README)?.[1] ?? '';
		expect(resources).toMatch(/API reference/);
		expect(resources).toContain('https://docs.n8n.io/integrations/community-nodes/');
	});
});
