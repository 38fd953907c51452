'use strict';
/** Building n8n workflow JSON, as the editor saves it, for every suite and the benchmarks. */
const { randomUUID } = require('crypto');
const { CREDENTIAL_TYPE } = require('../../scripts/lib/packageInfo');

/**
 * @typedef {{ name: string, type: string, typeVersion: number, parameters: object, [key: string]: unknown }} NodeJson
 * @typedef {{ name: string, nodes: Array<NodeJson & { id: string, position: number[] }>,
 *   connections: Record<string, { main: Array<Array<{ node: string, type: string, index: number }>> }>,
 *   settings: { executionOrder: string } }} WorkflowJson
 */

/**
 * A chain of nodes, each connected to the next on its first output.
 * @param {string} name
 * @param {NodeJson[]} nodes
 * @returns {WorkflowJson}
 */
function chain(name, nodes) {
	/** @type {WorkflowJson['connections']} */
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	return {
		name,
		nodes: nodes.map((node, i) => ({ id: randomUUID(), position: [i * 220, 0], ...node })),
		connections,
		settings: { executionOrder: 'v1' },
	};
}

/**
 * The `credentials` entry of a node that uses this Payment Platform credential.
 * @param {{ id: string, name: string }} credential
 */
const credentialsOf = (credential) => ({
	[CREDENTIAL_TYPE]: { id: credential.id, name: credential.name },
});

module.exports = { chain, credentialsOf };
