'use strict';
/**
 * What the published files need at run time, checked on the package as installed in the n8n under test (from the
 * packed tarball, as n8n's community package install places it): the syntax and the `crypto`
 * functions on the oldest Node.js that n8n line admits, the `n8n-workflow` exports and `this.helpers` functions
 * in the `n8n-workflow` that n8n ships, and the nodes and credential loading there. The end-to-end run then shows
 * them working; these checks say which requirement broke when one does.
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { PACKAGE_JSON } = require('../../../scripts/lib/packageInfo');
const { n8nCommand, nodeBin } = require('../../lib/n8nInstall');
const { n8nLine } = require('../../lib/n8nLines');
const { runCommand } = require('../../lib/processes');

/**
 * The published JavaScript: every .js file under dist/nodes and dist/credentials of the installed package.
 * @param {string} packageDir
 */
function publishedFiles(packageDir) {
	const dist = path.join(packageDir, 'dist');
	return ['nodes', 'credentials'].flatMap((dir) =>
		fs
			.readdirSync(path.join(dist, dir), { recursive: true, encoding: 'utf8' })
			.filter((file) => file.endsWith('.js'))
			.map((file) => path.join(dist, dir, file)),
	);
}

/**
 * Names used as `<prefix><name>` anywhere in the published files (e.g. `n8n_workflow_1.` for the imports tsc
 * compiled, `crypto_1.`), sorted.
 * @param {string[]} sources
 * @param {RegExp} pattern with one capture group for the name
 */
function namesUsed(sources, pattern) {
	const names = new Set();
	for (const source of sources) for (const match of source.matchAll(pattern)) names.add(match[1]);
	return [...names].sort();
}

/**
 * Runs a script in another Node.js and returns what it printed as JSON.
 * @param {string} node
 * @param {string} script
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
async function runJson(node, script, args, env = process.env) {
	const { stdout } = await runCommand(node, ['-e', script, '--', ...args], { env });
	return JSON.parse(stdout);
}

/** Compiles each file given (vm.Script: parse only, nothing runs) and prints the ones that fail. */
const PARSE_SCRIPT = `
const fs = require('fs'); const vm = require('vm');
const failed = [];
for (const file of process.argv.slice(1)) {
	try { new vm.Script(fs.readFileSync(file, 'utf8'), { filename: file }); }
	catch (error) { failed.push(file + ': ' + error.message); }
}
console.log(JSON.stringify(failed));`;

/** Prints which of the given names are not functions of node:crypto. */
const CRYPTO_SCRIPT = `
const crypto = require('crypto');
console.log(JSON.stringify(process.argv.slice(1).filter((name) => typeof crypto[name] !== 'function')));`;

/** Loads each node and credential file given, instantiates its class, prints the names n8n would register. */
const LOAD_SCRIPT = `
const names = [];
for (const file of process.argv.slice(1)) {
	const exported = require(file);
	for (const Type of Object.values(exported)) {
		const instance = new Type();
		names.push(instance.description ? instance.description.name : instance.name);
	}
}
console.log(JSON.stringify(names));`;

/**
 * The oldest Node.js the line of the n8n in `n8nDir` admits: its executable, major and version.
 * @param {string} n8nDir
 */
async function oldestNodeOf(n8nDir) {
	const major = n8nLine(n8nCommand(n8nDir).version).oldestNodeMajor;
	const bin = nodeBin(major);
	return { bin, major, version: (await runCommand(bin, ['-v'])).stdout.trim() };
}

/**
 * @param {import('../../lib/report').Report} report
 * @param {{ n8nDir: string, packageDir: string, oldestNode: { bin: string, major: number, version: string } }}
 *   context oldestNode: oldestNodeOf(n8nDir), found once for the run; packageDir: the installed package.
 */
async function checkBuiltFiles(report, { n8nDir, packageDir, oldestNode: oldest }) {
	const oldestNode = oldest.bin;
	const oldestNodeVersion = oldest.version;
	const files = publishedFiles(packageDir);
	const sources = files.map((file) => fs.readFileSync(file, 'utf8'));
	const workflowDir = path.dirname(
		require.resolve('n8n-workflow/package.json', { paths: [n8nDir] }),
	);
	const workflowVersion = JSON.parse(
		fs.readFileSync(path.join(workflowDir, 'package.json'), 'utf8'),
	).version;

	await report.check(
		'installed as n8n installs a community package: the packed files, no runtime dependency',
		() => {
			const installed = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
			assert.equal(installed.name, PACKAGE_JSON.name);
			assert.equal(installed.version, PACKAGE_JSON.version);
			assert.deepEqual(installed.dependencies ?? {}, {});
			const modules = path.join(packageDir, 'node_modules');
			const installedModules = fs.existsSync(modules)
				? fs.readdirSync(modules).filter((name) => !name.startsWith('.'))
				: [];
			assert.deepEqual(installedModules, []);
			assert.ok(!fs.existsSync(path.join(packageDir, 'nodes')), 'TypeScript sources were packed');
		},
	);
	await report.check(
		`built files: engines.node "${PACKAGE_JSON.engines.node}" admits Node ${oldest.major}`,
		() => {
			const floor = Number(/(\d+)/.exec(PACKAGE_JSON.engines.node)?.[1]);
			assert.ok(floor <= oldest.major, `engines.node starts at ${floor}`);
		},
	);
	await report.check(
		`built files: ${files.length} files parse on Node ${oldestNodeVersion}`,
		async () => {
			assert.deepEqual(await runJson(oldestNode, PARSE_SCRIPT, files), []);
		},
	);
	const cryptoNames = namesUsed(sources, /\bcrypto_1\.(\w+)/g);
	await report.check(
		`built files: crypto functions used exist on Node ${oldestNodeVersion} (${cryptoNames.join(', ')})`,
		async () => assert.deepEqual(await runJson(oldestNode, CRYPTO_SCRIPT, cryptoNames), []),
	);
	const workflowNames = namesUsed(sources, /\bn8n_workflow_1\.(\w+)/g);
	await report.check(
		`built files: n8n-workflow ${workflowVersion} exports what they import (${workflowNames.join(', ')})`,
		() => {
			const workflow = require(workflowDir);
			assert.deepEqual(
				workflowNames.filter((name) => workflow[name] === undefined),
				[],
			);
		},
	);
	const helperNames = namesUsed(sources, /\bhelpers\.(\w+)\b/g);
	await report.check(
		`built files: n8n-workflow ${workflowVersion} declares the helpers they call (${helperNames.join(', ')})`,
		() => {
			const declarations = fs
				.readdirSync(path.join(workflowDir, 'dist'), { recursive: true, encoding: 'utf8' })
				.filter((file) => file.endsWith('.d.ts'))
				.map((file) => fs.readFileSync(path.join(workflowDir, 'dist', file), 'utf8'))
				.join('\n');
			const missing = helperNames.filter(
				(name) => !new RegExp(`\\b${name}\\??[(:<]`).test(declarations),
			);
			assert.deepEqual(missing, []);
		},
	);
	await report.check(
		`built files: nodes and credential load on Node ${oldestNodeVersion} with n8n-workflow ${workflowVersion}`,
		async () => {
			const entries = [...PACKAGE_JSON.n8n.nodes, ...PACKAGE_JSON.n8n.credentials].map((file) =>
				path.join(packageDir, file),
			);
			const env = { ...process.env, NODE_PATH: path.join(n8nDir, 'node_modules') };
			const names = await runJson(oldestNode, LOAD_SCRIPT, entries, env);
			assert.deepEqual(names, ['paymentPlatform', 'paymentPlatformTrigger', 'paymentPlatformApi']);
		},
	);
}

module.exports = { checkBuiltFiles, oldestNodeOf };
