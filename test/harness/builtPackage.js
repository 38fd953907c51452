'use strict';
/**
 * The package as n8n loads it: the node and credential types of the built files that package.json's `n8n` section
 * lists (`npm run build` first). Plain JavaScript because the lint of .ts files forbids `path` and `require`.
 */
const path = require('path');
const { PACKAGE_JSON, ROOT } = require('../../scripts/lib/packageInfo');

/**
 * Every class the built files export, instantiated, by its description's (or credential's) `name`.
 * @param {string[]} files
 * @returns {Record<string, any>}
 */
function instancesOf(files) {
	const byName = {};
	for (const file of files) {
		for (const Type of Object.values(require(path.join(ROOT, file)))) {
			const instance = new Type();
			byName[instance.description?.name ?? instance.name] = instance;
		}
	}
	return byName;
}

/** The built node types' descriptions, by name. @returns {Record<string, import('n8n-workflow').INodeTypeDescription>} */
function builtNodeDescriptions() {
	return Object.fromEntries(
		Object.entries(instancesOf(PACKAGE_JSON.n8n.nodes)).map(([name, type]) => [
			name,
			type.description,
		]),
	);
}

/** The built credential types, by name. @returns {Record<string, import('n8n-workflow').ICredentialType>} */
function builtCredentials() {
	return instancesOf(PACKAGE_JSON.n8n.credentials);
}

module.exports = { builtCredentials, builtNodeDescriptions };
