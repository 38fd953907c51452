'use strict';
/**
 * What differs between the n8n release lines the project runs in: the one place the tooling asks. Suites never
 * branch on a version themselves; they ask this module.
 *
 * - 2.x (2.36 and later): Node 24; `linkedom` pinned (0.18.15 needs a package the registry lacks); offline
 *   activation is `publish:workflow`; some modules are switched off by name.
 * - 1.x (the long-term 1.123 line): Node 22 (its expression engine, isolated-vm 6.2, needs Node >= 22 and ships no
 *   binary for Node 20); `xlsx` pinned to the registry's last version (n8n-nodes-base asks for a tarball on a host
 *   that is not reachable here); 2.x's module names are unknown to it and the publication service does not exist; a
 *   new workflow must say `active: false`; the engine refuses to run a workflow whose parameters have issues (a
 *   resource locator value that fails its regex) before the node's own check can name the field.
 */

/** The n8n every suite uses unless told otherwise (the current line). Check `npm view n8n versions` to raise it. */
const PRIMARY_N8N_VERSION = '2.41.1';
/** The newest of the long-term 1.123 line that installs here: the compatibility matrix's second point. */
const LTS_N8N_VERSION = '1.123.81';

/** @param {string} version e.g. "1.123.81" */
function parseVersion(version) {
	const [major, minor] = version.split('.').map(Number);
	if (!Number.isInteger(major) || !Number.isInteger(minor)) {
		throw new Error(`not an n8n version: "${version}" (expected e.g. ${LTS_N8N_VERSION})`);
	}
	return { major, minor };
}

/**
 * @typedef {object} N8nLine
 * @property {string} version
 * @property {number} nodeMajor The Node.js major n8n runs on in the suites.
 * @property {number} oldestNodeMajor The oldest Node.js major this n8n line itself admits (its `engines`).
 * @property {Record<string, string>} npmOverrides
 * @property {Record<string, string>} env Extra environment for every n8n process of this line.
 * @property {Record<string, unknown>} newWorkflowDefaults Fields POST /rest/workflows requires beyond the workflow.
 * @property {RegExp | undefined} parameterIssuesError When set, the engine itself refuses to run a workflow whose
 *   parameters fail their editor checks (a resource locator's regex), with this message, before any node runs; the
 *   field's own message is shown in the editor. Unset: the node runs and its own check names the field.
 */

/**
 * @param {string} version
 * @returns {N8nLine}
 */
function n8nLine(version) {
	const { major, minor } = parseVersion(version);
	if (major >= 2) {
		return {
			version,
			nodeMajor: minor >= 36 ? 24 : 22,
			oldestNodeMajor: minor >= 36 ? 24 : 20,
			npmOverrides: { linkedom: '0.18.14' },
			env: {
				N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'false',
				N8N_DISABLED_MODULES: 'mcp-registry,instance-ai,agents,chat-hub,workflow-builder,insights',
			},
			newWorkflowDefaults: {},
			parameterIssuesError: undefined,
		};
	}
	return {
		version,
		nodeMajor: 22,
		oldestNodeMajor: 20,
		npmOverrides: { xlsx: '0.18.5' },
		env: {},
		newWorkflowDefaults: { active: false },
		parameterIssuesError: /^The workflow has issues and cannot be executed/,
	};
}

module.exports = { LTS_N8N_VERSION, PRIMARY_N8N_VERSION, n8nLine, parseVersion };
