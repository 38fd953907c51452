'use strict';
/**
 * The API reference and the chosen-defaults page as text, for test/refusals.test.ts (the lint of .ts files forbids
 * reading files). The repository keeps a copy of the reference beside this file, since a clean clone has nothing else;
 * `sharedReference` finds the shared one (`shared/api-reference.md` in a directory above the checkout), if any.
 */
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');

const read = (file) => fs.readFileSync(file, 'utf8');

function referenceCopy() {
	return read(path.join(__dirname, 'api-reference.md'));
}

function chosenDefaultsPage() {
	return read(path.join(ROOT, 'docs', 'chosen-defaults.md'));
}

/** @returns {string | undefined} */
function sharedReference() {
	for (let dir = ROOT; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
		const file = path.join(dir, 'shared', 'api-reference.md');
		if (fs.existsSync(file)) return read(file);
	}
	return undefined;
}

module.exports = { chosenDefaultsPage, referenceCopy, sharedReference };
