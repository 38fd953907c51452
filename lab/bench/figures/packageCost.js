'use strict';
/** Figure 4, package cost: cold `require` of the built files (fresh processes), and the packed tarball. */
const path = require('path');
const { CONFIG } = require('../config');
const { ROOT, runNode } = require('../lib/n8nRuns');
const { runCommand } = require('../../lib/processes');
const { median } = require('../../lib/stats');

/**
 * @param {import('../lib/context').BenchContext} context
 */
async function figurePackage(context) {
	if (!context.n8nDir) throw new Error('n8n is not installed');
	const ourFiles = [
		'dist/credentials/PaymentPlatformApi.credentials.js',
		'dist/nodes/PaymentPlatform/PaymentPlatform.node.js',
		'dist/nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node.js',
	].map((file) => path.join(ROOT, file));
	const httpRequestFile = path.join(
		context.n8nDir,
		...['node_modules', 'n8n-nodes-base', 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js'],
	);
	const script = path.join(__dirname, '..', 'lib', 'requireCost.js');
	const ours = [];
	const http = [];
	for (let r = 0; r < CONFIG.requireRuns; r++) {
		ours.push(await runNode([script, ...ourFiles], 'require (ours)'));
		http.push(await runNode([script, httpRequestFile], 'require (HTTP Request)'));
	}
	const { stdout } = await runCommand('npm', ['pack', '--dry-run', '--json', '--silent'], {
		cwd: ROOT,
	});
	/** @type {Array<{ size: number, unpackedSize: number, entryCount?: number, files: Array<{ path: string, size: number }> }>} */
	const [pack] = JSON.parse(stdout);
	// What the tarball holds besides the node and credential code, the icons and the package's own files.
	/** @param {string} file */
	const needed = (file) =>
		/^dist\/(nodes|credentials|icons)\//.test(file) ||
		['package.json', 'README.md', 'LICENSE'].includes(file);
	/** @type {Map<string, { files: number, bytes: number }>} */
	const extras = new Map();
	for (const file of pack.files.filter((f) => !needed(f.path))) {
		const group = file.path.endsWith('.png') ? `${path.dirname(file.path)}/*.png` : file.path;
		const entry = extras.get(group) ?? { files: 0, bytes: 0 };
		entry.files++;
		entry.bytes += file.size;
		extras.set(group, entry);
	}
	return {
		extras: [...extras].map(([group, entry]) => ({ group, ...entry })),
		requireMs: median(ours.map((run) => run.ms)),
		httpRequireMs: median(http.map((run) => run.ms)),
		ratio: median(ours.map((run, i) => run.ms / http[i].ms)),
		tarballBytes: pack.size,
		unpackedBytes: pack.unpackedSize,
		files: pack.entryCount ?? pack.files.length,
	};
}

module.exports = { figurePackage };
