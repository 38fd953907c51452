'use strict';
// The repository's import graph for the layout rules of test/layout.test.ts: the product's modules read with the
// compiler's parser (nothing is run), and every tracked source's relative imports resolved to repository paths. Plain JavaScript because the community-node lint rules (no `fs`, no `path`)
// apply to every .ts file.
const fs = require('fs');
const path = require('path');
const { builtinModules } = require('module');
const ts = require('typescript');
const PACKAGE_JSON = require('../../package.json');
const { readTracked, trackedFiles } = require('./repositoryFiles');

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * @typedef {object} Import One import or re-export of a module.
 * @property {string} specifier as written
 * @property {string | undefined} target the repository-relative file it resolves to; undefined for a package
 * @property {string[] | '*'} names the exported names it takes; '*' for a namespace (`import * as`, `export *`)
 *
 * @typedef {object} Module
 * @property {string} file repository-relative, with `/`
 * @property {Array<{ name: string, isClass: boolean }>} exports
 * @property {Import[]} imports
 */

/** Every .ts file below `folders` (repository-relative), sorted. @param {string[]} folders */
function typeScriptFiles(folders) {
	const walk = (folder) =>
		fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
			const file = `${folder}/${entry.name}`;
			if (entry.isDirectory()) return walk(file);
			return entry.name.endsWith('.ts') ? [file] : [];
		});
	return folders.flatMap(walk).sort();
}

/** The repository-relative .ts file a relative specifier names, if any. */
function resolve(/** @type {string} */ from, /** @type {string} */ specifier) {
	if (!specifier.startsWith('.')) return undefined;
	const base = path.join(path.dirname(from), specifier);
	const found = [`${base}.ts`, `${base}/index.ts`].find((file) =>
		fs.existsSync(path.join(ROOT, file)),
	);
	return (found ?? base).split(path.sep).join('/');
}

const isExported = (/** @type {ts.Node} */ node) =>
	(ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []).some(
		(modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
	);

/** @param {string} file repository-relative @returns {Module} */
function readModule(file) {
	const source = ts.createSourceFile(
		file,
		fs.readFileSync(path.join(ROOT, file), 'utf8'),
		ts.ScriptTarget.Latest,
	);
	/** @type {Module} */
	const module = { file, exports: [], imports: [] };
	const importOf = (specifierNode, names) => {
		const specifier = /** @type {ts.StringLiteral} */ (specifierNode).text;
		module.imports.push({ specifier, target: resolve(file, specifier), names });
	};
	for (const statement of source.statements) {
		if (ts.isImportDeclaration(statement)) {
			const bindings = statement.importClause?.namedBindings;
			const names =
				bindings && ts.isNamespaceImport(bindings)
					? '*'
					: (bindings?.elements ?? []).map((e) => (e.propertyName ?? e.name).text);
			importOf(statement.moduleSpecifier, names);
		} else if (ts.isExportDeclaration(statement)) {
			const clause = statement.exportClause;
			if (clause && ts.isNamedExports(clause)) {
				for (const element of clause.elements)
					module.exports.push({ name: element.name.text, isClass: false });
			} else if (clause) {
				module.exports.push({ name: clause.name.text, isClass: false });
			}
			if (statement.moduleSpecifier) {
				const names =
					clause && ts.isNamedExports(clause)
						? clause.elements.map((e) => (e.propertyName ?? e.name).text)
						: '*';
				importOf(statement.moduleSpecifier, names);
			}
		} else if (isExported(statement)) {
			const declared = ts.isVariableStatement(statement)
				? statement.declarationList.declarations.map((d) => d.name.getText(source))
				: [/** @type {any} */ (statement).name?.text ?? 'default'];
			for (const name of declared)
				module.exports.push({ name, isClass: ts.isClassDeclaration(statement) });
		}
	}
	return module;
}

/** The modules of every .ts file below `folders` (repository-relative). @param {string[]} folders */
function modulesBelow(folders) {
	return typeScriptFiles(folders).map(readModule);
}

/** Whether `specifier` names a package the published code may import: a peer dependency or a Node built-in. */
const isRuntimePackage = (/** @type {string} */ specifier) =>
	Object.keys(PACKAGE_JSON.peerDependencies ?? {}).includes(specifier) ||
	builtinModules.includes(specifier.replace(/^node:/, ''));

/** The source files whose classes n8n loads (package.json "n8n": nodes and credentials). */
const LOADED_BY_N8N = [...PACKAGE_JSON.n8n.nodes, ...PACKAGE_JSON.n8n.credentials].map((built) =>
	built.replace(/^dist\//, '').replace(/\.js$/, '.ts'),
);

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

module.exports = { importsOf, isRuntimePackage, LOADED_BY_N8N, modulesBelow, ROOT, trackedImports };
