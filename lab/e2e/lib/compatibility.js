'use strict';
/**
 * The compatibility table: one row per n8n version under test (lab/lib/n8nLines.js), in the list's order. Each
 * end-to-end run records its result for its n8n version and Node.js version in the report compatibility.json and
 * writes the table into the report compatibility.md (with what ran) and, without that column, into the README's
 * block `compatibility` (lab/lib/results.js), so no result is copied by hand. After a change of the list alone:
 * `node lab/e2e/lib/compatibility.js`.
 */
const { N8N_VERSIONS } = require('../../lib/n8nLines');
const { readReport, writeReport, writeSummaryBlock } = require('../../lib/results');

const RESULTS_FILE = 'compatibility.json';

/**
 * @typedef {object} CompatibilityResult
 * @property {string} n8n n8n version
 * @property {string} node Node.js version n8n ran on
 * @property {string} oldestNode the oldest Node.js the built files were checked on
 * @property {number} passed
 * @property {number} failed
 * @property {string[]} blocks what was run
 * @property {string} date YYYY-MM-DD
 * @property {string} [notRun] why it could not run (then node, oldestNode and blocks are empty)
 */

/** @returns {CompatibilityResult[]} */
function readResults() {
	const text = readReport(RESULTS_FILE);
	return text ? JSON.parse(text) : [];
}

/**
 * One row per listed version, in the list's order (results of versions no longer listed are dropped). The README's
 * table leaves out what ran (`withWhatRan` false), which the report compatibility.md lists, to keep the README short.
 * @param {CompatibilityResult[]} results
 * @param {boolean} withWhatRan
 */
function table(results, withWhatRan) {
	/** A row; an empty cell is written `| |`, as before the README's table lost a column. */
	const cells = (n8n, node, whatRan, result, date) => {
		const values = withWhatRan ? [n8n, node, whatRan, result, date] : [n8n, node, result, date];
		return `| ${values.join(' | ')} |`.replace(/ {2,}/g, ' ');
	};
	const rows = N8N_VERSIONS.map(({ version, line }) => {
		const r = results.find((result) => result.n8n === version);
		const n8n = `${version} (${line})`;
		if (!r) return cells(n8n, '', '', 'not run yet', '');
		if (r.notRun) return cells(n8n, '', '', `not run: ${r.notRun}`, r.date);
		return cells(
			n8n,
			`${r.node} (built files also on ${r.oldestNode})`,
			r.blocks.join(', '),
			`${r.failed === 0 ? 'pass' : 'FAIL'}: ${r.passed} passed, ${r.failed} failed`,
			r.date,
		);
	});
	return [
		cells('n8n', 'Node.js', 'What ran', 'Result of the last run', 'Date'),
		withWhatRan ? '|---|---|---|---|---|' : '|---|---|---|---|',
		...rows,
	].join('\n');
}

/** Writes the results of the listed versions and both tables. @param {CompatibilityResult[]} results */
function writeTables(results) {
	const listed = N8N_VERSIONS.map((v) => v.version);
	const kept = results
		.filter((r) => listed.includes(r.n8n))
		.sort((a, b) => listed.indexOf(a.n8n) - listed.indexOf(b.n8n));
	writeReport(RESULTS_FILE, JSON.stringify(kept, null, '\t'));
	const rendered = table(kept, true);
	writeReport(
		'compatibility.md',
		[
			'# Compatibility: the last end-to-end run per n8n version',
			'',
			'Written by `npm run test:e2e` (the current n8n) and `npm run test:compat -- <n8n version>`, one row per',
			'version under test (`lab/lib/n8nLines.js`); do not edit by hand.',
			'',
			rendered,
			'',
		].join('\n'),
	);
	writeSummaryBlock('README.md', 'compatibility', table(kept, false));
}

/**
 * Records one run's result (replacing the earlier one for the same n8n version) and rewrites the tables.
 * @param {CompatibilityResult} result
 */
function recordCompatibility(result) {
	writeTables(
		readResults()
			.filter((r) => r.n8n !== result.n8n)
			.concat(result),
	);
}

if (require.main === module) writeTables(readResults());

module.exports = { recordCompatibility };
