'use strict';
/**
 * The relative imports of the repository's tracked sources, resolved to repository paths, for test/houses.test.ts
 * (the lint of .ts files forbids reading files and resolving paths).
 */
const path = require('path');
const { readTracked, trackedFiles } = require('./repositoryFiles');

/**
 * The relative imports of a file's text (require, import … from, import(), JSDoc import() types), resolved.
 * @param {string} file repository-relative
 * @param {string} text
 * @returns {Array<{ from: string, to: string }>}
 */
function importsOf(file, text) {
	const pattern = /(?:require\(|require\.resolve\(|from\s+|import\()\s*['"](\.\.?\/[^'"]*)['"]/g;
	return [...text.matchAll(pattern)].map((match) => ({
		from: file,
		to: path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])),
	}));
}

/** The relative imports of every tracked source file. */
function trackedImports() {
	return trackedFiles()
		.filter((file) => /\.(ts|js|mjs)$/.test(file))
		.flatMap((file) => importsOf(file, readTracked(file)));
}

module.exports = { importsOf, trackedImports };
