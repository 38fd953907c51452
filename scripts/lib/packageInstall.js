'use strict';
/** The package as a user gets it: built, packed, and placed where n8n's community-node install puts it. */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { PACKAGE_JSON, PACKAGE_NAME, ROOT } = require('./packageInfo');
const { runCommand } = require('./processes');

/** `npm run build` (tsc + icons into dist/). */
async function buildPackage() {
	await runCommand('npm', ['run', 'build', '--silent'], { cwd: ROOT });
}

/**
 * Installs the built package the way n8n's community-node install places it: the `npm pack` tarball's contents in
 * `<userFolder>/.n8n/nodes/node_modules/<package name>` (real files, only what "files" publishes). Replaces an
 * earlier copy. Returns that folder.
 */
async function installPackage(userFolder) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-pack-'));
	try {
		const { stdout } = await runCommand(
			'npm',
			['pack', '--json', '--silent', '--pack-destination', work],
			{ cwd: ROOT },
		);
		const [{ filename }] = JSON.parse(stdout);
		await runCommand('tar', ['-xzf', path.join(work, path.basename(filename)), '-C', work]);
		fs.rmSync(target, { recursive: true, force: true });
		fs.mkdirSync(path.dirname(target), { recursive: true });
		fs.cpSync(path.join(work, 'package'), target, { recursive: true });
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
	// n8n keeps the same file next to its own community installs; nothing else needs it.
	const manifest = path.join(nodesDir, 'package.json');
	const current = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')) : {};
	current.name ??= 'installed-nodes';
	current.private = true;
	current.dependencies = { ...current.dependencies, [PACKAGE_NAME]: PACKAGE_JSON.version };
	fs.writeFileSync(manifest, `${JSON.stringify(current, null, 2)}\n`);
	return target;
}

module.exports = { buildPackage, installPackage };
