'use strict';
/**
 * Programs from Debian's packages that the slow suites need (Chromium, PostgreSQL, Redis), installed with apt-get
 * when missing. CI starts from a clean machine where none of them is installed; a developer's machine may have them.
 */
const { runCommand } = require('./processes');

/**
 * Installs the Debian `packages` unless `isInstalled()` says they are there already. `apt-get update` runs only when
 * the first install fails (a fresh machine's package lists may be stale or empty).
 * @param {string[]} packages
 * @param {() => boolean} isInstalled
 * @param {string} what For messages, e.g. "chromium".
 */
async function ensureDebianPackages(packages, isInstalled, what) {
	if (isInstalled()) return;
	if (typeof process.getuid === 'function' && process.getuid() !== 0) {
		throw new Error(
			`${what} is not installed and only root can install it: apt-get install ${packages.join(' ')}`,
		);
	}
	console.log(`installing Debian ${packages.join(', ')} (apt-get, a minute or two)`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const options = { env, timeoutMs: 900_000 };
	const install = ['install', '-y', ...packages];
	const first = await runCommand('apt-get', install, { ...options, allowFailure: true });
	if (first.code !== 0) {
		await runCommand('apt-get', ['update'], options);
		await runCommand('apt-get', install, options);
	}
	if (!isInstalled())
		throw new Error(`apt-get installed ${packages.join(' ')} but ${what} is still missing`);
}

module.exports = { ensureDebianPackages };
