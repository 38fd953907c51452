'use strict';
/**
 * The repository's tracked files and their text, for the tests of its identity and of the README's links (the lint
 * of .ts files forbids reading files). Tracked means what `git ls-files` lists: what a clone, and GitHub, has.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { PACKAGE_JSON, REPOSITORY, ROOT } = require('../../scripts/lib/packageInfo');

/** @type {Set<string> | undefined} */
let tracked;

/** Every tracked file, repository-relative with `/`. */
function trackedFiles() {
	tracked ??= new Set(
		execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
			.split('\0')
			.filter((file) => file && fs.existsSync(path.join(ROOT, file))),
	);
	return [...tracked];
}

/** Whether `file` (repository-relative) is a tracked file, or a folder holding one. */
function isTracked(file) {
	const files = trackedFiles();
	const folder = file.replace(/\/$/, '');
	return files.includes(folder) || files.some((f) => f.startsWith(`${folder}/`));
}

/** @param {string} file repository-relative */
function readTracked(file) {
	return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

/** Tracked text files (no images, no lock file). */
function trackedTextFiles() {
	return trackedFiles().filter(
		(file) => !/\.(png|jpe?g|gif|ico|tgz)$/i.test(file) && file !== 'package-lock.json',
	);
}

module.exports = {
	PACKAGE_JSON,
	REPOSITORY,
	isTracked,
	readTracked,
	trackedFiles,
	trackedTextFiles,
};
