/**
 * CHANGELOG.md follows Keep a Changelog and the version is typed by nobody: `npm run release` (release-it) sets it in
 * package.json and package-lock.json and releases the Unreleased section (scripts/changelogRelease.js); no other
 * tracked file carries it.
 */
import { readTracked, REPOSITORY, PACKAGE_JSON, trackedTextFiles } from './harness/repositoryFiles';
import { releaseChangelog, releasedVersions } from '../scripts/changelogRelease';

const CHANGELOG = readTracked('CHANGELOG.md');
/** Versions far from any real one, so that these tests hold after every release. */
const [NEXT, AFTER] = ['90.0.0', '90.0.1'];

/** The changelog with something under Unreleased (right after a release, the section is empty). */
const withUnreleased = (text: string) =>
	/## \[Unreleased\]\n\s*\n## /.test(text) || /## \[Unreleased\]\n\s*\n\[/.test(text)
		? text.replace('## [Unreleased]\n', '## [Unreleased]\n\n### Fixed\n\n- A change.\n')
		: text;

describe('CHANGELOG.md', () => {
	it('is Keep a Changelog: a title, Unreleased first, then releases newest first, each linked', () => {
		expect(CHANGELOG.startsWith('# Changelog\n')).toBe(true);
		const headings = [...CHANGELOG.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading);
		expect(headings[0]).toBe('[Unreleased]');
		for (const heading of headings.slice(1))
			expect(heading).toMatch(/^\[\d+\.\d+\.\d+\S*\] - \d{4}-\d{2}-\d{2}$/);
		for (const label of ['Unreleased', ...releasedVersions(CHANGELOG)]) {
			expect(CHANGELOG).toMatch(new RegExp(`^\\[${label}\\]: ${REPOSITORY.url}/`, 'm'));
		}
	});

	it('a release turns Unreleased into the version, dated, and links it on the repository', () => {
		const before = withUnreleased(CHANGELOG);
		const previous = releasedVersions(before)[0];
		const next = releaseChangelog(before, NEXT, '2027-01-15');
		expect(next).toContain(`## [Unreleased]\n\n## [${NEXT}] - 2027-01-15\n\n`);
		expect(releasedVersions(next)).toEqual([NEXT, ...releasedVersions(before)]);
		expect(next).toContain(`[Unreleased]: ${REPOSITORY.url}/compare/${NEXT}...HEAD\n`);
		expect(next).toContain(
			previous
				? `[${NEXT}]: ${REPOSITORY.url}/compare/${previous}...${NEXT}\n`
				: `[${NEXT}]: ${REPOSITORY.url}/releases/tag/${NEXT}\n`,
		);
		// What was under Unreleased is now under the release, word for word.
		const unreleased = /## \[Unreleased\]\n([\s\S]*?)\n(## |\[)/.exec(before)![1].trim();
		expect(next).toContain(`## [${NEXT}] - 2027-01-15\n\n${unreleased}\n`);

		const after = releaseChangelog(withUnreleased(next), AFTER, '2027-02-01');
		expect(releasedVersions(after).slice(0, 2)).toEqual([AFTER, NEXT]);
		expect(after).toContain(`[Unreleased]: ${REPOSITORY.url}/compare/${AFTER}...HEAD\n`);
		expect(after).toContain(`[${AFTER}]: ${REPOSITORY.url}/compare/${NEXT}...${AFTER}\n`);
	});

	it('a release refuses an empty Unreleased section and a version already released', () => {
		const next = releaseChangelog(withUnreleased(CHANGELOG), NEXT, '2027-01-15');
		expect(() => releaseChangelog(next, AFTER, '2027-02-01')).toThrow('nothing under Unreleased');
		expect(() => releaseChangelog(withUnreleased(next), NEXT, '2027-02-01')).toThrow(
			`already has ${NEXT}`,
		);
	});
});

describe('the version', () => {
	it('is typed only in package.json (and its lock): nothing else needs it', () => {
		const version = PACKAGE_JSON.version;
		const typedIn = trackedTextFiles().filter(
			(file) =>
				!['package.json', 'CHANGELOG.md'].includes(file) &&
				// A release's saved workflows are named after it: the release writes them.
				!file.startsWith('test/savedWorkflows/') &&
				new RegExp(`(^|[^\\d.])${version.replace(/\./g, '\\.')}($|[^\\d])`).test(readTracked(file)),
		);
		expect(typedIn).toEqual([]);
	});

	it('is set by the release script: npm run release is release-it, which sets and dates it', () => {
		expect(PACKAGE_JSON.scripts?.release).toBe('release-it');
		const config = JSON.parse(readTracked('.release-it.json'));
		expect(config.hooks['after:bump']).toBe(
			'node scripts/changelogRelease.js ${version} && SAVE_WORKFLOWS=${version} SKIP_INSTALL=1 bash scripts/node24.sh npx jest test/savedWorkflows.test.ts',
		);
		expect(config.git.addUntrackedFiles).toBe(true);
		expect(config.git).toMatchObject({ requireBranch: 'main', tagName: '${version}' });
	});
});
