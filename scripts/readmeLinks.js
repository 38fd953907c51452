'use strict';
/**
 * The README is also the package's page on npmjs.com, which shows it away from the repository: a relative image there
 * shows nothing and a relative link may lead nowhere. So the README points into the repository by reference
 * (`[docs/trigger.md]`, `[all fields][docs/trigger.md#the-item]`, `![Action node][lab/reports/screenshots/editor-action-node.png]`),
 * and the definitions of those references, absolute addresses built from package.json's `repository`, are written
 * here into the block `repository-links` at the end of the README:
 *
 *   npm run readme:links
 *
 * turns the README's relative inline links and images into such references and rewrites the block; run it after
 * adding a link or an image, or after changing `repository`. test/readme.test.ts fails while the block differs from
 * what this writes, and while a link or an image leads to nothing in the repository.
 */
const fs = require('fs');
const path = require('path');
const { REPOSITORY, ROOT } = require('./lib/packageInfo');
const { writeGeneratedBlock } = require('./lib/generatedBlock');
const { linksOf } = require('./lib/markdownLinks');

const README = path.join(ROOT, 'README.md');
const BLOCK = 'repository-links';

/** A path into the repository, with an optional anchor: what a reference label into it looks like. */
const REPOSITORY_PATH = /^(?!\w+:)(?!#)([\w./-]+?)\/?(#[\w-]+)?$/;

/** Whether `target` is relative: a path into the repository (not an address, not an anchor of the README). */
function isRelative(target) {
	return REPOSITORY_PATH.test(target);
}

/**
 * The absolute address of a path into the repository: raw bytes for an image, GitHub's page of the file (or folder)
 * for a link, with its anchor.
 * @param {string} target e.g. `docs/trigger.md#the-item`
 * @param {boolean} image
 */
function absoluteAddress(target, image) {
	const [, file, anchor = ''] = /** @type {RegExpExecArray} */ (REPOSITORY_PATH.exec(target));
	if (image) return REPOSITORY.raw(file);
	const folder =
		fs.existsSync(path.join(ROOT, file)) && fs.statSync(path.join(ROOT, file)).isDirectory();
	return `${REPOSITORY.page(file, folder ? 'tree' : 'blob')}${anchor}`;
}

/** The README with its relative inline links and images written as references labelled by their path. */
function withReferences(markdown) {
	return markdown.replace(
		/(!?)\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\]\(([^()\s]+)\)/g,
		(whole, bang, text, target) => {
			if (!isRelative(target)) return whole;
			return text === target ? `${bang}[${text}]` : `${bang}[${text}][${target}]`;
		},
	);
}

/** The definitions block: one line per path the README refers to, in order of first use. */
function definitionsBlock(markdown) {
	const body = markdown.replace(new RegExp(`<!-- ${BLOCK}:start[\\s\\S]*`), '');
	/** @type {Map<string, string>} */
	const lines = new Map();
	for (const link of linksOf(`${body}\n${placeholderDefinitions(body)}`)) {
		if (link.label === undefined || !isRelative(link.label) || lines.has(link.label.toLowerCase()))
			continue;
		lines.set(
			link.label.toLowerCase(),
			`[${link.label}]: ${absoluteAddress(link.label, link.image)}`,
		);
	}
	return [...lines.values()].join('\n');
}

/** Definitions for every path-like label of `body`, so that linksOf sees its references before they are defined. */
function placeholderDefinitions(body) {
	const labels = [...body.matchAll(/\]\[([^\]\n]+)\]|\[([^\]\n]+)\](?![(:[])/g)]
		.map(([, full, shortcut]) => full ?? shortcut)
		.filter((label) => isRelative(label));
	return [...new Set(labels)].map((label) => `[${label}]: #`).join('\n');
}

/** Rewrites the README: references instead of relative links, and the block of their definitions. */
function writeReadmeLinks() {
	const text = withReferences(fs.readFileSync(README, 'utf8'));
	const withBlock = text.includes(`<!-- ${BLOCK}:start`)
		? text
		: `${text.trimEnd()}\n\n<!-- ${BLOCK}:start (written by npm run readme:links) -->\n<!-- ${BLOCK}:end -->\n`;
	fs.writeFileSync(README, withBlock);
	writeGeneratedBlock(README, BLOCK, definitionsBlock(withBlock));
}

if (require.main === module) writeReadmeLinks();

module.exports = { BLOCK, README, definitionsBlock, isRelative };
