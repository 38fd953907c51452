'use strict';
/**
 * CHANGELOG.md at a release (Keep a Changelog): the Unreleased section becomes `## [<version>] - <date>`, a new
 * empty Unreleased section goes above it, and the link definitions at the end compare the versions on the repository
 * of package.json. Run by release-it after it set the version (.release-it.json, hook `after:bump`), so that the
 * version is typed by nobody:
 *
 *   node scripts/changelogRelease.js <version>
 *
 * Refuses a release with nothing under Unreleased, and a version the file already has.
 */
const fs = require('fs');
const path = require('path');
const { REPOSITORY, ROOT } = require('./lib/packageInfo');

const CHANGELOG = path.join(ROOT, 'CHANGELOG.md');
const UNRELEASED = '## [Unreleased]';

/** The versions the file has released, newest first. */
function releasedVersions(text) {
	return [...text.matchAll(/^## \[(\d+\.\d+\.\d+[^\]]*)\] - \d{4}-\d{2}-\d{2}$/gm)].map(
		([, v]) => v,
	);
}

/**
 * The changelog with Unreleased released as `version` on `date` (YYYY-MM-DD).
 * @param {string} text
 * @param {string} version
 * @param {string} date
 */
function releaseChangelog(text, version, date) {
	const start = text.indexOf(`${UNRELEASED}\n`);
	if (start === -1) throw new Error(`CHANGELOG.md has no "${UNRELEASED}" section`);
	const bodyStart = start + UNRELEASED.length + 1;
	const next = text.slice(bodyStart).search(/^## |^\[[^\]]+\]: /m);
	const bodyEnd = next === -1 ? text.length : bodyStart + next;
	const body = text.slice(bodyStart, bodyEnd).trim();
	if (!body)
		throw new Error(
			'CHANGELOG.md: nothing under Unreleased; write what this release changes first',
		);
	const released = releasedVersions(text);
	if (released.includes(version)) throw new Error(`CHANGELOG.md already has ${version}`);
	const previous = released[0];
	const sections = `${UNRELEASED}\n\n## [${version}] - ${date}\n\n${body}\n\n`;
	const withoutLinks = (text.slice(0, start) + sections + text.slice(bodyEnd))
		.replace(/^\[Unreleased\]: .*\n?/m, '')
		.trimEnd();
	const links = [
		`[Unreleased]: ${REPOSITORY.url}/compare/${version}...HEAD`,
		`[${version}]: ${
			previous
				? `${REPOSITORY.url}/compare/${previous}...${version}`
				: `${REPOSITORY.url}/releases/tag/${version}`
		}`,
	];
	// The new links go first among the definitions, which stay at the end of the file.
	const firstLink = withoutLinks.search(/^\[[^\]]+\]: /m);
	return firstLink === -1
		? `${withoutLinks}\n\n${links.join('\n')}\n`
		: `${withoutLinks.slice(0, firstLink)}${links.join('\n')}\n${withoutLinks.slice(firstLink)}\n`;
}

if (require.main === module) {
	const version = process.argv[2];
	if (!/^\d+\.\d+\.\d+/.test(version ?? '')) {
		console.error('usage: node scripts/changelogRelease.js <version>');
		process.exit(2);
	}
	const date = new Date().toISOString().slice(0, 10);
	fs.writeFileSync(CHANGELOG, releaseChangelog(fs.readFileSync(CHANGELOG, 'utf8'), version, date));
}

module.exports = { CHANGELOG, releaseChangelog, releasedVersions };
