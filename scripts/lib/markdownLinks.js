'use strict';
/**
 * The links and images of a Markdown document as a renderer sees them: inline (`[text](target)`), full and shortcut
 * references (`[text][label]`, `[label]`) resolved through the document's definitions (`[label]: target`), and the
 * anchors its headings get on GitHub. Code (fenced blocks and code spans) holds no links.
 */

const blank = (text) => text.replace(/[^\n]/g, ' ');

/** Fenced code blocks blanked (same length, so that positions stay). */
function withoutFences(markdown) {
	return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, blank);
}

/** Fenced code blocks and code spans blanked. */
function withoutCode(markdown) {
	return withoutFences(markdown).replace(/`+[^`\n]*`+/g, blank);
}

/** Link reference definitions, by label (case-insensitive, as CommonMark matches them). */
function definitionsOf(markdown) {
	/** @type {Map<string, string>} */
	const definitions = new Map();
	for (const [, label, target] of withoutCode(markdown).matchAll(
		/^ {0,3}\[([^\]\n]+)\]:\s*(\S+)/gm,
	)) {
		if (!definitions.has(label.toLowerCase())) definitions.set(label.toLowerCase(), target);
	}
	return definitions;
}

/**
 * Every link and image: `label` is the reference label (undefined for an inline one), `target` what it leads to
 * (undefined for a reference without a definition), `line` its line number.
 * @param {string} markdown
 * @returns {{ image: boolean, text: string, label?: string, target?: string, line: number }[]}
 */
function linksOf(markdown) {
	const text = withoutCode(markdown);
	const definitions = definitionsOf(markdown);
	const lineOf = (index) => text.slice(0, index).split('\n').length;
	const links = [];
	// [text](target), [text][label], [text][] and [label]; not the definitions themselves, not task-list boxes.
	const pattern =
		/(!?)\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\](?:\(([^()\s]*)(?:\s+"[^"]*")?\)|\[([^\]\n]*)\]|(?!:))/g;
	for (const match of text.matchAll(pattern)) {
		const [, bang, inner, inline, reference] = match;
		const image = bang === '!';
		if (inline !== undefined) {
			links.push({ image, text: inner, target: inline, line: lineOf(match.index) });
			continue;
		}
		const label = reference || inner;
		const target = definitions.get(label.toLowerCase());
		// A bracketed text that is no reference ("[item 2]") is plain text, as a renderer shows it.
		if (reference === undefined && target === undefined) continue;
		links.push({ image, text: inner, label, target, line: lineOf(match.index) });
	}
	return links;
}

/**
 * The anchors GitHub gives the document's headings (lower case, punctuation dropped, spaces to hyphens, `-1`, `-2`
 * for repeats) and its explicit `<a id="…">` / `<a name="…">` anchors.
 * @param {string} markdown
 */
function headingAnchorsOf(markdown) {
	const anchors = new Set();
	const seen = new Map();
	for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
		const plain = heading
			.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/<[^>]+>/g, '')
			.trim()
			.toLowerCase();
		const slug = plain.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	for (const [, id] of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
	return anchors;
}

module.exports = { definitionsOf, headingAnchorsOf, linksOf };
