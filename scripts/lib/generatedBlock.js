'use strict';
/**
 * Figures that go stale (run counts, tables of the last run) are written into the documents by a tool, between two
 * marker comments, so that none is copied by hand:
 *
 *   <!-- <name>:start (written by <writer>) -->
 *   ...replaced on every run...
 *   <!-- <name>:end -->
 */
const fs = require('fs');

/**
 * `text` with its block `name` holding `markdown`, or undefined when the text has no such block.
 * @param {string} text
 * @param {string} name
 * @param {string} markdown
 */
function replaceGeneratedBlock(text, name, markdown) {
	const start = new RegExp(`<!-- ${name}:start[^>]*-->`).exec(text);
	const endMarker = `<!-- ${name}:end -->`;
	const end = start ? text.indexOf(endMarker, start.index) : -1;
	if (!start || end === -1) return undefined;
	const head = text.slice(0, start.index + start[0].length);
	return `${head}\n${markdown.trim()}\n${text.slice(end)}`;
}

/**
 * Replaces the block `name` in `file` with `markdown`. Returns false (and changes nothing) when the file has no such
 * block.
 * @param {string} file
 * @param {string} name
 * @param {string} markdown
 */
function writeGeneratedBlock(file, name, markdown) {
	const text = replaceGeneratedBlock(fs.readFileSync(file, 'utf8'), name, markdown);
	if (text === undefined) return false;
	fs.writeFileSync(file, text);
	return true;
}

module.exports = { replaceGeneratedBlock, writeGeneratedBlock };
