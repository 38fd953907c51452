'use strict';
/**
 * Figures that go stale (run counts, tables of the last run) are written into the documents by the suite or the
 * bench that measured them, between two marker comments, so that none is copied by hand:
 *
 *   <!-- <name>:start (written by <writer>) -->
 *   ...replaced on every run...
 *   <!-- <name>:end -->
 */
const fs = require('fs');

/**
 * Replaces the block `name` in `file` with `markdown`. Returns false (and changes nothing) when the file has no such
 * block.
 * @param {string} file
 * @param {string} name
 * @param {string} markdown
 */
function writeGeneratedBlock(file, name, markdown) {
	const text = fs.readFileSync(file, 'utf8');
	const start = new RegExp(`<!-- ${name}:start[^>]*-->`).exec(text);
	const endMarker = `<!-- ${name}:end -->`;
	const end = start ? text.indexOf(endMarker, start.index) : -1;
	if (!start || end === -1) return false;
	const head = text.slice(0, start.index + start[0].length);
	fs.writeFileSync(file, `${head}\n${markdown.trim()}\n${text.slice(end)}`);
	return true;
}

module.exports = { writeGeneratedBlock };
