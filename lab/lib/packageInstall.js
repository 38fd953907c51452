'use strict';
/**
 * The package as a user gets it: built, packed by `npm pack` (or the release's tarball, PACKAGE_TARBALL), and
 * installed the way n8n's Community Nodes screen installs a package.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { PACKAGE_NAME, ROOT } = require('../../scripts/lib/packageInfo');
const { runCommand } = require('./processes');

/** `npm run build` (tsc + icons into dist/). */
async function buildPackage() {
	await runCommand('npm', ['run', 'build', '--silent'], { cwd: ROOT });
}

/**
 * The tarball to install or scan: PACKAGE_TARBALL when set (CI packs once, and every suite installs that file), else
 * `npm pack` of the built package into `destination`. Returns its absolute path.
 * @param {string} destination a folder for a tarball packed here
 */
async function packPackage(destination) {
	const given = process.env.PACKAGE_TARBALL;
	if (given) {
		const tarball = path.resolve(ROOT, given);
		if (!fs.existsSync(tarball)) throw new Error(`PACKAGE_TARBALL: no file ${tarball}`);
		return tarball;
	}
	const { stdout } = await runCommand(
		'npm',
		['pack', '--json', '--silent', '--pack-destination', destination],
		{ cwd: ROOT },
	);
	const [{ filename }] = JSON.parse(stdout);
	return path.join(destination, path.basename(filename));
}

/**
 * Installs the package into `<userFolder>/.n8n/nodes` with the steps of n8n's community package install (n8n 2.41.1
 * and 1.123.81 alike, `CommunityPackagesService.downloadPackage`): the tarball's contents into
 * `node_modules/<package name>`, its package.json without devDependencies, peerDependencies and optionalDependencies,
 * `npm install` there with n8n's flags (which installs the runtime dependencies: none), and the package in the
 * folder's package.json. Replaces an earlier copy. Returns the package's folder.
 */
async function installPackage(userFolder) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-pack-'));
	try {
		const tarball = await packPackage(work);
		fs.rmSync(target, { recursive: true, force: true });
		fs.mkdirSync(target, { recursive: true });
		await runCommand('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
	const manifestOfPackage = path.join(target, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...packageJson } = JSON.parse(
		fs.readFileSync(manifestOfPackage, 'utf8'),
	);
	fs.writeFileSync(manifestOfPackage, JSON.stringify(packageJson, null, 2));
	await runCommand(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		{ cwd: target },
	);
	const manifest = path.join(nodesDir, 'package.json');
	const current = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')) : {};
	current.name ??= 'installed-nodes';
	current.private = true;
	current.dependencies = { ...current.dependencies, [PACKAGE_NAME]: packageJson.version };
	fs.writeFileSync(manifest, `${JSON.stringify(current, null, 2)}\n`);
	return target;
}

module.exports = { buildPackage, installPackage, packPackage };
