'use strict';
/**
 * The compatibility table: each end-to-end run records its result for its n8n version and Node.js version in
 * docs/compatibility.json and writes the table into docs/compatibility.md and into README.md (between the
 * `compatibility:start` and `compatibility:end` comments), so no result is copied by hand.
 */
const fs = require('fs');
const path = require('path');
const { writeGeneratedBlock } = require('../../../scripts/lib/generatedBlock');
const { ROOT } = require('../../../scripts/lib/packageInfo');

const RESULTS_FILE = path.join(ROOT, 'docs', 'compatibility.json');
const DOC_FILE = path.join(ROOT, 'docs', 'compatibility.md');
const README_FILE = path.join(ROOT, 'README.md');

/**
 * @typedef {object} CompatibilityResult
 * @property {string} n8n n8n version
 * @property {string} node Node.js version n8n ran on
 * @property {string} oldestNode the oldest Node.js the built files were checked on
 * @property {number} passed
 * @property {number} failed
 * @property {string[]} blocks what was run
 * @property {string} date YYYY-MM-DD
 */

/** @returns {CompatibilityResult[]} */
function readResults() {
	return fs.existsSync(RESULTS_FILE) ? JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) : [];
}

/** @param {string} version */
const versionKey = (version) =>
	version
		.split('.')
		.map((part) => part.padStart(6, '0'))
		.join('.');

/** @param {CompatibilityResult[]} results newest n8n first */
function table(results) {
	const rows = results.map(
		(r) =>
			`| ${r.n8n} | ${r.node} (built files also on ${r.oldestNode}) | ${r.blocks.join(', ')} | ` +
			`${r.failed === 0 ? 'pass' : 'FAIL'}: ${r.passed} passed, ${r.failed} failed | ${r.date} |`,
	);
	return [
		'| n8n | Node.js | What ran | Result of the last run | Date |',
		'|---|---|---|---|---|',
		...rows,
	].join('\n');
}

/**
 * Records one run's result (replacing the earlier one for the same n8n version) and rewrites the tables.
 * @param {CompatibilityResult} result
 */
function recordCompatibility(result) {
	const results = readResults()
		.filter((r) => r.n8n !== result.n8n)
		.concat(result)
		.sort((a, b) => versionKey(b.n8n).localeCompare(versionKey(a.n8n)));
	fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, '\t')}\n`);
	const rendered = table(results);
	fs.writeFileSync(
		DOC_FILE,
		[
			'# Compatibility: the last end-to-end run per n8n version',
			'',
			'Written by `npm run test:e2e` (the current n8n) and `npm run test:compat -- <n8n version>`; do not edit by hand.',
			'',
			rendered,
			'',
		].join('\n'),
	);
	writeGeneratedBlock(README_FILE, 'compatibility', rendered);
}

module.exports = { recordCompatibility };
