'use strict';
/**
 * A package registry on loopback that answers `npm view` as it is told (the package with a version, without it, or a
 * server error), and the install plan of an n8n version of the list (`node lab/lib/n8nLines.js plan <version>`) asked
 * with npm pointed at it: the registry's answer injected into the lab's real decision, npm included.
 */
const { execFile, execFileSync } = require('child_process');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { ROOT } = require('../../scripts/lib/packageInfo');
const { listenOnLoopback } = require('./receiver');

/**
 * @param {(name: string) => { status: number, body?: unknown }} answer what the registry says of a package's metadata
 * @returns {Promise<{ url: string, asked: string[], close: () => Promise<void> }>}
 */
async function startRegistry(answer) {
	/** @type {string[]} */
	const asked = [];
	const server = http.createServer((request, response) => {
		const name = decodeURIComponent((request.url ?? '/').slice(1).split('?')[0]);
		asked.push(name);
		const { status, body } = answer(name);
		response.writeHead(status, { 'content-type': 'application/json' });
		response.end(JSON.stringify(body ?? { error: status === 404 ? 'Not found' : 'broken' }));
	});
	return {
		url: `${await listenOnLoopback(server)}/`,
		asked,
		close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
	};
}

/** A package's metadata as a registry serves it, with these versions. */
function packument(name, versions) {
	return {
		name,
		'dist-tags': { latest: versions[versions.length - 1] },
		versions: Object.fromEntries(versions.map((version) => [version, { name, version }])),
	};
}

/**
 * The install plan of `version` with npm asking `registryUrl` (a fresh npm cache, so nothing answers from a file).
 * @returns {Promise<{ code: number, plan?: { run: boolean, reason?: string, missing?: string, note?: string }, stderr: string }>}
 */
function installPlanAgainst(version, registryUrl) {
	const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-npm-cache-'));
	return new Promise((resolve) => {
		execFile(
			process.execPath,
			[path.join(ROOT, 'lab/lib/n8nLines.js'), 'plan', version],
			{
				cwd: ROOT,
				env: {
					...process.env,
					npm_config_registry: registryUrl,
					npm_config_cache: cache,
					npm_config_fetch_retries: '0',
					npm_config_update_notifier: 'false',
				},
			},
			(error, stdout, stderr) => {
				fs.rmSync(cache, { recursive: true, force: true });
				const code = error ? Number(error.code ?? 1) : 0;
				let plan;
				try {
					plan = code === 0 ? JSON.parse(stdout) : undefined;
				} catch {
					stderr += `\nnot an install plan: ${JSON.stringify(stdout)}`;
				}
				resolve({ code, plan, stderr });
			},
		);
	});
}

/**
 * The n8n versions under test as lab/lib/n8nLines.js lists them (read as .ci/run and ci.yml read them).
 * @returns {Array<{ version: string, notInstallable?: { missing: string, reason: string } }>}
 */
function versionsUnderTest() {
	const script = "console.log(JSON.stringify(require('./lab/lib/n8nLines.js').N8N_VERSIONS))";
	return JSON.parse(
		execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }),
	);
}

module.exports = { installPlanAgainst, packument, startRegistry, versionsUnderTest };
