'use strict';
/**
 * Where the repository states an operation besides the node's description, read from its files: the operation file
 * (nodes/PaymentPlatform/actions/<resource>/<operation>.operation.ts), the resource index's export of it
 * (actions/<resource>/index.ts) and NodeMap (actions/node.type.ts). Plain JavaScript because the community-node lint
 * forbids reading files in .ts.
 */
const fs = require('fs');
const path = require('path');
const ts = require('typescript');

const ACTIONS = path.resolve(__dirname, '..', '..', 'nodes', 'PaymentPlatform', 'actions');
const OPERATION_FILE = '.operation.ts';

/** The folders of actions/ that hold a resource index. */
const resourceFolders = () =>
	fs
		.readdirSync(ACTIONS, { withFileTypes: true })
		.filter(
			(entry) => entry.isDirectory() && fs.existsSync(path.join(ACTIONS, entry.name, 'index.ts')),
		)
		.map((entry) => entry.name);

/** `resource.operation` of every operation file under actions/. @returns {string[]} */
function operationFiles() {
	return fs
		.readdirSync(ACTIONS, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.flatMap((folder) =>
			fs
				.readdirSync(path.join(ACTIONS, folder.name))
				.filter((file) => file.endsWith(OPERATION_FILE))
				.map((file) => `${folder.name}.${file.slice(0, -OPERATION_FILE.length)}`),
		);
}

/**
 * `resource.operation` of every module a resource index exports that is its operation file's module (the same
 * object, not a copy or another file's).
 * @returns {string[]}
 */
function indexOperations() {
	return resourceFolders().flatMap((resource) => {
		const index = require(path.join(ACTIONS, resource, 'index'));
		return Object.keys(index)
			.filter((name) => name !== 'description')
			.filter((name) => {
				const file = path.join(ACTIONS, resource, `${name}${OPERATION_FILE}`);
				return fs.existsSync(file) && require(file) === index[name];
			})
			.map((name) => `${resource}.${name}`);
	});
}

/**
 * `resource.operation` of every operation NodeMap names, read with TypeScript's parser from the type literal
 * `type NodeMap = { resource: 'a' | 'b'; ... }`.
 * @param {string} [source] the text of actions/node.type.ts (default: the file)
 * @returns {string[]}
 */
function nodeMapOperations(source = fs.readFileSync(path.join(ACTIONS, 'node.type.ts'), 'utf8')) {
	const file = ts.createSourceFile('node.type.ts', source, ts.ScriptTarget.Latest);
	const nodeMap = file.statements.find(
		(statement) => ts.isTypeAliasDeclaration(statement) && statement.name.text === 'NodeMap',
	);
	if (!nodeMap || !ts.isTypeAliasDeclaration(nodeMap) || !ts.isTypeLiteralNode(nodeMap.type))
		throw new Error('actions/node.type.ts has no `type NodeMap = { ... }`');
	return nodeMap.type.members.flatMap((member) => {
		if (!ts.isPropertySignature(member) || !member.type) return [];
		const resource = member.name.getText(file);
		const types = ts.isUnionTypeNode(member.type) ? member.type.types : [member.type];
		return types
			.filter((type) => ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal))
			.map((type) => `${resource}.${/** @type {any} */ (type).literal.text}`);
	});
}

module.exports = { indexOperations, nodeMapOperations, operationFiles };
