'use strict';
// Which node uses each name that nodes/shared declares, for test/layout.test.ts: the product's files read with the
// compiler's parser (nothing is run). A top-level statement that names an identifier uses the declaration it stands
// for (in the same file, or imported through any re-export). A node's file uses it for that node; a statement of
// nodes/shared uses it for whatever uses the names that statement declares. Plain JavaScript because the
// community-node lint rules (no `fs`, no `path`) apply to every .ts file.
const fs = require('fs');
const path = require('path');
const ts = require('typescript');
const { ROOT } = require('../../scripts/lib/packageInfo');
const { trackedFiles } = require('./repositoryFiles');

/** @param {string} file */
const ownerOf = (file) =>
	file.startsWith('nodes/PaymentPlatformTrigger/')
		? 'trigger'
		: file.startsWith('nodes/PaymentPlatform/')
			? 'action'
			: file.startsWith('nodes/shared/')
				? 'shared'
				: 'credential';

/** The product .ts file a relative specifier names. */
function resolve(from, specifier) {
	const base = path.posix.join(path.posix.dirname(from), specifier);
	return [`${base}.ts`, `${base}/index.ts`].find((file) => fs.existsSync(path.join(ROOT, file)));
}

/** The names a top-level statement declares. */
function declaredBy(statement) {
	if (ts.isVariableStatement(statement))
		return statement.declarationList.declarations.flatMap((d) =>
			ts.isIdentifier(d.name) ? [d.name.text] : [],
		);
	const named = /** @type {{ name?: ts.Node }} */ (statement).name;
	return named && ts.isIdentifier(named) ? [named.text] : [];
}

/** The identifiers a statement reads (not property names, not its own declared names). */
function identifiersIn(statement) {
	/** @type {Set<string>} */
	const names = new Set();
	const visit = (node) => {
		if (ts.isIdentifier(node)) {
			const parent = node.parent;
			const isPropertyName =
				(ts.isPropertyAccessExpression(parent) && parent.name === node) ||
				(ts.isPropertyAssignment(parent) && parent.name === node) ||
				(ts.isPropertySignature(parent) && parent.name === node);
			if (!isPropertyName) names.add(node.text);
		}
		ts.forEachChild(node, visit);
	};
	ts.forEachChild(statement, visit);
	return names;
}

/**
 * Every name declared in nodes/shared, with the set of nodes that use it ('action', 'trigger'; 'credential' too).
 * @returns {Map<string, Set<string>>} keyed `file#name`
 */
function sharedUse() {
	const files = trackedFiles().filter((f) => /^(nodes|credentials)\/.*\.ts$/.test(f));
	/** `file#name` → the `file#name` it re-exports or imports */
	const alias = new Map();
	/** `file#name` → statements reading it: { file, declares } */
	const readers = new Map();
	/** @type {Array<{ file: string, declares: string[], reads: Set<string> }>} */
	const statements = [];
	/** `file#name` of every declaration */
	const declarations = new Set();
	for (const file of files) {
		const source = ts.createSourceFile(
			file,
			fs.readFileSync(path.join(ROOT, file), 'utf8'),
			ts.ScriptTarget.Latest,
			true,
		);
		for (const statement of source.statements) {
			if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
				const specifier = statement.moduleSpecifier;
				if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.'))
					continue;
				const target = resolve(file, specifier.text);
				if (!target) continue;
				const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
				const elements = ts.isImportDeclaration(statement)
					? clause?.namedBindings && ts.isNamedImports(clause.namedBindings)
						? clause.namedBindings.elements
						: []
					: statement.exportClause && ts.isNamedExports(statement.exportClause)
						? statement.exportClause.elements
						: [];
				for (const element of elements) {
					const local = element.name.text;
					const imported = (element.propertyName ?? element.name).text;
					alias.set(`${file}#${local}`, `${target}#${imported}`);
				}
				continue;
			}
			const declares = declaredBy(statement);
			for (const name of declares) declarations.add(`${file}#${name}`);
			statements.push({ file, declares, reads: identifiersIn(statement) });
		}
	}
	const original = (key) => {
		for (let seen = 0; alias.has(key) && seen < 20; seen++) key = alias.get(key);
		return key;
	};
	for (const statement of statements) {
		for (const name of statement.reads) {
			if (statement.declares.includes(name)) continue;
			const key = original(`${statement.file}#${name}`);
			if (!declarations.has(key)) continue;
			if (!readers.has(key)) readers.set(key, []);
			readers.get(key).push(statement);
		}
	}
	/** @type {(key: string, seen: Set<string>) => Set<string>} */
	const usersOf = (key, seen) => {
		const users = new Set();
		if (seen.has(key)) return users;
		seen.add(key);
		for (const { file, declares } of readers.get(key) ?? []) {
			if (ownerOf(file) !== 'shared') users.add(ownerOf(file));
			else
				for (const name of declares)
					for (const user of usersOf(`${file}#${name}`, seen)) users.add(user);
		}
		return users;
	};
	return new Map(
		[...declarations]
			.filter((key) => key.startsWith('nodes/shared/'))
			.map((key) => [key, usersOf(key, new Set())]),
	);
}

module.exports = { sharedUse };
