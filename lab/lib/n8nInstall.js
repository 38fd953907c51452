'use strict';
/**
 * Installs an n8n release into the cache outside the repository (once per version and Node major) and says how to
 * run it: n8n runs on the Node.js its line needs (lab/lib/n8nLines.js), which need not be the tooling's Node 24.
 *
 * Facts behind the steps: a plain `npm install n8n` fails here because a Kafka native module cannot build, so
 * install scripts are skipped and only the two native modules n8n needs (sqlite3, isolated-vm) are rebuilt, against
 * the headers of the Node that will run n8n (built for another Node, n8n segfaults).
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { CACHE_DIR, ROOT } = require('../../scripts/lib/packageInfo');
const { PRIMARY_N8N_VERSION, n8nLine } = require('./n8nLines');
const { runCommand } = require('./processes');

/** @type {Map<number, string>} */
const nodeBinByMajor = new Map();

/**
 * The `node` executable of this major (fetched once by scripts/with-node.sh when the machine has another).
 * @param {number} major
 */
function nodeBin(major) {
	let bin = nodeBinByMajor.get(major);
	if (!bin) {
		bin = execFileSync(
			'bash',
			[path.join(ROOT, 'scripts', 'with-node.sh'), String(major), 'node', '-p', 'process.execPath'],
			{ encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
		).trim();
		nodeBinByMajor.set(major, bin);
	}
	return bin;
}

/** @param {string} version */
const n8nDirOf = (version) => path.join(CACHE_DIR, `n8n-${version}`);

/**
 * The n8n version installed in an n8n folder made by installN8n.
 * @param {string} n8nDir
 */
function versionOf(n8nDir) {
	const manifest = JSON.parse(fs.readFileSync(path.join(n8nDir, 'package.json'), 'utf8'));
	return /** @type {string} */ (manifest.dependencies.n8n);
}

/**
 * How to start n8n from an n8n folder: its Node and n8n's own entry script (not the `.bin` shim, whose
 * `#!/usr/bin/env node` would pick the tooling's Node).
 * @param {string} n8nDir
 * @returns {{ command: string, args: string[], version: string }}
 */
function n8nCommand(n8nDir) {
	const version = versionOf(n8nDir);
	return {
		command: nodeBin(n8nLine(version).nodeMajor),
		args: [path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n')],
		version,
	};
}

/**
 * Installs n8n `version` (default: the primary version) once, and returns
 * its folder.
 * @param {string} [version]
 */
async function installN8n(version = PRIMARY_N8N_VERSION) {
	const line = n8nLine(version);
	const n8nDir = n8nDirOf(version);
	const stamp = path.join(n8nDir, `.installed-${line.nodeMajor}`);
	if (
		fs.existsSync(stamp) &&
		fs.existsSync(path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'))
	) {
		return n8nDir;
	}
	const node = nodeBin(line.nodeMajor);
	console.log(
		`[n8n] installing n8n ${version} for Node ${line.nodeMajor} into ${n8nDir} (first time only, minutes)`,
	);
	fs.mkdirSync(n8nDir, { recursive: true });
	const manifest = {
		name: 'n8n-runtime-for-payment-platform-tests',
		private: true,
		dependencies: { n8n: version },
		overrides: line.npmOverrides,
	};
	fs.writeFileSync(path.join(n8nDir, 'package.json'), `${JSON.stringify(manifest, null, '\t')}\n`);
	const nodeHome = path.dirname(path.dirname(node));
	const env = {
		...process.env,
		PATH: `${path.dirname(node)}:${process.env.PATH}`,
		npm_config_nodedir: nodeHome,
	};
	const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
	await runCommand('npm', ['install', '--ignore-scripts', ...quiet], {
		cwd: n8nDir,
		env,
		echo: true,
	});
	await runCommand('npm', ['rebuild', 'sqlite3', 'isolated-vm', '--loglevel=error'], {
		cwd: n8nDir,
		env,
		echo: true,
	});
	fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
	return n8nDir;
}

module.exports = { installN8n, n8nCommand, nodeBin };
