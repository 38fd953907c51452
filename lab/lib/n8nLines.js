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

/**
 * @typedef {object} N8nVersionUnderTest
 * @property {string} version
 * @property {'current' | 'long-term'} line
 * @property {boolean} [primary] The one every suite and `npm start` use (exactly one): the newest that installs.
 * @property {{ missing: string, reason: string }} [notInstallable] It cannot be installed from some registry: `missing`
 *   is one package (name@version) it needs that a registry lacks (this project's machines reach one that lacks it),
 *   `reason` says what `npm view` found there. Its phase asks the registry for `missing` at every run (installPlan):
 *   absent, the phase is skipped with the reason; present (the public registry, GitHub's runners), the phase installs
 *   and runs it like any other. Neither fails the phase.
 */

/**
 * The n8n versions under test: the one list. `.ci/run` (and so the GitHub workflow, which takes its matrix from
 * `.ci/run --list`) runs every suite on the primary and the end-to-end checks on each other one (a `compat-<version>`
 * phase); the compatibility table in README.md and lab/reports/compatibility.md has one row per entry. Check
 * `npm view n8n versions` to raise them; see CONTRIBUTING.md ("Add an n8n version").
 * @type {N8nVersionUnderTest[]}
 */
const N8N_VERSIONS = [
	{
		version: '2.41.3',
		line: 'current',
		notInstallable: {
			missing: 'n8n-core@2.41.2',
			reason:
				'n8n-core 2.41.2, n8n-editor-ui 2.41.1 and 19 more of its own @n8n packages are not on the registry',
		},
	},
	{ version: '2.41.1', line: 'current', primary: true },
	{ version: '1.123.81', line: 'long-term' },
];

/** The n8n every suite uses unless told otherwise. */
const PRIMARY_N8N_VERSION = /** @type {N8nVersionUnderTest} */ (N8N_VERSIONS.find((v) => v.primary))
	.version;
/** The newest of the long-term line: the default of `npm run test:compat`. */
const LTS_N8N_VERSION = /** @type {N8nVersionUnderTest} */ (
	N8N_VERSIONS.find((v) => v.line === 'long-term')
).version;

/**
 * A version of the list (N8N_VERSION may name one for `npm start` and the suites); any other is refused, so that
 * what runs is what the compatibility table lists.
 * @param {string} version
 */
function versionUnderTest(version) {
	const entry = N8N_VERSIONS.find((v) => v.version === version);
	if (!entry) {
		const listed = N8N_VERSIONS.map((v) => v.version).join(', ');
		throw new Error(
			`n8n ${version} is not in the list under test (${listed}): add it to lab/lib/n8nLines.js`,
		);
	}
	return entry;
}

/** The phases of .ci/run that come from the list, as `name|command|what it is` lines (the primary's is `e2e`). */
function ciPhases() {
	return N8N_VERSIONS.filter((v) => !v.primary).map((v) => {
		const { nodeMajor } = n8nLine(v.version);
		return `compat-${v.version}|npm run test:compat -- ${v.version}|the end-to-end checks in n8n ${v.version} (${v.line} line) on Node ${nodeMajor}`;
	});
}

/**
 * Whether the registry that npm uses here has `spec` (name@version): `npm view` prints its version, or answers E404.
 * Any other failure (no network, a broken registry) is an error, not an answer.
 * @param {string} spec
 * @returns {Promise<boolean>}
 */
function registryHas(spec) {
	const { execFile } = require('child_process');
	return new Promise((resolve, reject) => {
		execFile('npm', ['view', spec, 'version'], (error, stdout, stderr) => {
			if (!error) resolve(stdout.trim() !== '');
			else if (/E404/.test(stderr)) resolve(false);
			else
				reject(
					new Error(`npm view ${spec} failed:\n${stderr.trim().split('\n').slice(-10).join('\n')}`),
				);
		});
	});
}

/**
 * @typedef {{ run: true, note?: string } | { run: false, reason: string, missing: string }} InstallPlan
 */

/**
 * Whether a version's phase installs and runs it here: a version marked not installable runs where the registry has
 * its missing package and is skipped with its reason where it does not; either way the phase passes on what it ran.
 * @param {N8nVersionUnderTest} entry
 * @param {(spec: string) => Promise<boolean>} [has] the registry's answer (default: `npm view`)
 * @returns {Promise<InstallPlan>}
 */
async function installPlan(entry, has = registryHas) {
	const note = entry.notInstallable;
	if (!note) return { run: true };
	if (!(await has(note.missing))) {
		return { run: false, reason: note.reason, missing: note.missing };
	}
	return {
		run: true,
		note: `n8n ${entry.version}: ${note.missing} is on this registry; installing it (the notInstallable note in lab/lib/n8nLines.js is for registries without it)`,
	};
}

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
 * @property {string} saveAsDraftQuery The query that keeps a public-API save (PUT) of a published workflow a draft:
 *   2.x publishes such a save unless told; 1.x has no draft and applies every save of an active workflow.
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
			saveAsDraftQuery: '?publishIfActive=false',
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
		saveAsDraftQuery: '',
		parameterIssuesError: /^The workflow has issues and cannot be executed/,
	};
}

module.exports = {
	LTS_N8N_VERSION,
	N8N_VERSIONS,
	PRIMARY_N8N_VERSION,
	installPlan,
	n8nLine,
	versionUnderTest,
};
// `node lab/lib/n8nLines.js phases`: the list's phases for .ci/run (any Node will do).
// `node lab/lib/n8nLines.js plan <version>`: that version's install plan here, as JSON.
if (require.main === module && process.argv[2] === 'phases') console.log(ciPhases().join('\n'));
if (require.main === module && process.argv[2] === 'plan') {
	installPlan(versionUnderTest(process.argv[3])).then(
		(plan) => console.log(JSON.stringify(plan)),
		(error) => {
			console.error(error.message);
			process.exitCode = 1;
		},
	);
}
