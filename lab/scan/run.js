'use strict';
/**
 * n8n's community package scanner (`@n8n/scan-community-package`, the check n8n runs before it verifies a package)
 * on this package: `npm run scan`, also a phase of .ci/run and a job of the GitHub workflows.
 *
 * The scanner's command line scans only a published version: it checks the npm provenance, fetches the source at
 * the attested commit, downloads the tarball, and lints both. Nothing here is published yet, so this runs the same
 * two lint passes with the scanner's own code (`analyzePackage` and its rule set, `buildScanConfig`): the source
 * (the scanner's `SOURCE_FILE_PATTERNS`: package.json, nodes/, credentials/) and the packed tarball (its `.js` files
 * and package.json). The provenance check needs the registry and is npm's and GitHub's part (publish.yml).
 *
 * The tarball is `npm pack` of a fresh build, or PACKAGE_TARBALL (the one CI installs into n8n and publishes).
 */
const assert = require('node:assert/strict');
const { test } = require('node:test');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');
const { ROOT } = require('../../scripts/lib/packageInfo');
const { buildPackage, packPackage } = require('../lib/packageInstall');
const { runCommand } = require('../lib/processes');

const SCANNER = '@n8n/scan-community-package';

/** The scanner's module (scanner/scanner.mjs), from the project's dependencies. */
async function loadScanner() {
	const version = require(`${SCANNER}/package.json`).version;
	const scanner = await import(
		pathToFileURL(require.resolve(`${SCANNER}/scanner/scanner.mjs`)).href
	);
	return {
		version,
		analyzePackage: scanner.analyzePackage,
		sourcePatterns: scanner.SOURCE_FILE_PATTERNS,
	};
}

/** The scanner's verdict on `folder`, as an assertion whose message is ESLint's report. */
function assertPassed(result) {
	assert.ok(result.passed, `${result.message}\n${result.details ?? ''}`);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-scan-'));
/** @type {{ version: string, analyzePackage: Function, sourcePatterns: string[] }} */
let scanner;
let tarball = '';
const unpacked = path.join(work, 'package');

test('scanner loaded', async () => {
	scanner = await loadScanner();
	console.log(`${SCANNER} ${scanner.version}`);
});

test('package packed', async () => {
	if (!process.env.PACKAGE_TARBALL) await buildPackage();
	tarball = await packPackage(work);
	fs.mkdirSync(unpacked);
	await runCommand('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
	console.log(`tarball ${path.relative(process.cwd(), tarball) || tarball}`);
});

test('source: the scanner finds no error (package.json, nodes/, credentials/)', async () => {
	assertPassed(await scanner.analyzePackage(ROOT, scanner.sourcePatterns));
});

test('tarball: the scanner finds no error (its .js files and package.json)', async () => {
	assertPassed(await scanner.analyzePackage(unpacked, ['**/*.js', 'package.json']));
});

test.after(() => fs.rmSync(work, { recursive: true, force: true }));
