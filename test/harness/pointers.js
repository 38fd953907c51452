'use strict';
/**
 * The repository paths that the maintainers' pages (AGENTS.md, .agents/*.md, CONTRIBUTING.md) and the code's comments
 * cite, and whether each resolves, for test/pointers.test.ts. Plain JavaScript because the community-node lint rules
 * (no `fs`, no `path`) apply to every .ts file.
 *
 * A cited path is a word with a `/` that names a file (it ends in an extension) or starts at one of the repository's
 * top folders. It resolves when it names a tracked file or folder from the root or from the citing file's folder, or
 * is the end of a tracked path (`actions/router.ts`, a page's shorthand inside the node it speaks of); `<name>` and
 * `*` stand for any one name. A place git ignores is what the build and the lab write (`dist/`, `lab/results/`), and
 * another project's path (n8n's `packages/...` and `dist/...`, a dependency's file) is not this repository's.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const ts = require('typescript');
const { ROOT } = require('../../scripts/lib/packageInfo');
const { readTracked, trackedFiles } = require('./repositoryFiles');

const TOP_FOLDERS =
	/^(nodes|credentials|sandbox|scripts|lab|test|docs|examples|icons|\.github|\.ci|\.agents)\//;
const EXTENSION = /\.(md|ts|js|mjs|cjs|json|ya?ml|svg|png|sh)$/;
/** A path-like word: segments of name characters (and `<name>`, `*` templates) joined by `/`. */
const PATH_WORD = /(?<![\w@.:/$-])(\/?(?:\.{1,2}\/)*(?:[\w.*<>-]+\/)+[\w.*<>-]*)/g;

/**
 * The comments of a source file, each with the line it starts on: every comment range before or after a node of the
 * compiler's parse (so a `//` in a string or a regular expression is none), or the `#` lines of a shell script.
 */
function commentsOf(file, text) {
	if (file.endsWith('.sh'))
		return text
			.split('\n')
			.map((line, index) => ({ text: line, line: index + 1 }))
			.filter(({ text: line }) => /^\s*#/.test(line));
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
	/** @type {Map<number, number>} */
	const ranges = new Map();
	const visit = (node) => {
		for (const range of [
			...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []),
			...(ts.getTrailingCommentRanges(text, node.getEnd()) ?? []),
		])
			ranges.set(range.pos, range.end);
		ts.forEachChild(node, visit);
	};
	visit(source);
	visit(source.endOfFileToken);
	return [...ranges].map(([pos, end]) => ({
		text: text.slice(pos, end),
		line: source.getLineAndCharacterOfPosition(pos).line + 1,
	}));
}

/** The repository paths `text` cites (addresses left out), each with its line. */
function pathsIn(text) {
	return text.split('\n').flatMap((line, index) =>
		[...line.replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, '').matchAll(PATH_WORD)]
			.map(([, word]) => word.replace(/[.,;:]+$/, ''))
			.filter((word) => !word.startsWith('@') && (EXTENSION.test(word) || TOP_FOLDERS.test(word)))
			.map((word) => ({ path: word, line: index + 1 })),
	);
}

/** Where a source file's comments cite repository paths. */
function citedInComments(file) {
	return commentsOf(file, readTracked(file)).flatMap((comment) =>
		pathsIn(comment.text).map(({ path: cited, line }) => ({
			path: cited,
			line: comment.line + line - 1,
		})),
	);
}

/** Where a Markdown page cites repository paths in code spans (its links are test/docs.test.ts's). */
function citedInCodeSpans(page) {
	return readTracked(page)
		.split('\n')
		.flatMap((line, index) =>
			[...line.matchAll(/`([^`\s]+)`/g)].flatMap(([, span]) =>
				pathsIn(span).map(({ path: cited }) => ({ path: cited, line: index + 1 })),
			),
		);
}

const escape = (text) => text.replace(/[.+?^$()|[\]{}\\]/g, '\\$&');

/** A dependency's own file (`scanner/scanner.mjs`): the end of a path inside node_modules/<package>/. */
function inDependency(cited) {
	const modules = path.join(ROOT, 'node_modules');
	const packages = fs
		.readdirSync(modules)
		.flatMap((name) =>
			name.startsWith('@')
				? fs.readdirSync(path.join(modules, name)).map((n) => `${name}/${n}`)
				: [name],
		);
	return packages.some((name) => fs.existsSync(path.join(modules, name, cited)));
}

/** Whether git ignores the place (what the build and the lab write). */
function ignored(cited) {
	try {
		execFileSync('git', ['check-ignore', '-q', '--no-index', cited.replace(/<[^>]+>|\*/g, 'x')], {
			cwd: ROOT,
		});
		return true;
	} catch {
		return false;
	}
}

/** Why `cited` (in `file`) does not resolve, or undefined when it does. */
function problemOf(file, cited) {
	if (/^\/(work|home|root|tmp|usr|etc|opt|var|Users)\//.test(cited))
		return 'is outside the repository';
	// Another leading `/` is an address's path (n8n's `/types/credentials.json`, the API's routes).
	if (cited.startsWith('/')) return undefined;
	const files = trackedFiles();
	const pattern = escape(cited.replace(/\/$/, ''))
		.replace(/<[^>]+>/g, '[^/]+')
		.replace(/\*/g, '[^/]*');
	const fromRoot = new RegExp(`^${pattern}(/|$)`);
	const relative = path.posix.normalize(path.posix.join(path.posix.dirname(file), cited));
	const fromFile = new RegExp(`^${escape(relative.replace(/\/$/, ''))}(/|$)`);
	const atTheEnd = new RegExp(`(^|/)${pattern}(/|$)`);
	if (files.some((tracked) => fromRoot.test(tracked) || fromFile.test(tracked))) return undefined;
	// A module specifier (`nodes/shared/documentedValues`) names its file without the extension.
	if (!EXTENSION.test(cited) && ['.ts', '.js'].some((ext) => files.includes(`${cited}${ext}`)))
		return undefined;
	if (!cited.startsWith('.') && files.some((tracked) => atTheEnd.test(tracked))) return undefined;
	if (/^(packages|dist)\//.test(cited) || inDependency(cited)) return undefined;
	if (ignored(cited) || ignored(relative)) return undefined;
	return 'names no tracked file or folder';
}

module.exports = { citedInCodeSpans, citedInComments, commentsOf, pathsIn, problemOf };
