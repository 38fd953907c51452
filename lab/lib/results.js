'use strict';
/**
 * Where the lab's runs put what they measured. A run writes only under lab/results/, which git ignores, so that a
 * `.ci/run` leaves every tracked file as it was. `npm run reports` (lab/scripts/publishReports.js) then copies the
 * reports and screenshots into lab/reports/ and the summary lines into the README and SECURITY.md, for a commit.
 */
const fs = require('fs');
const path = require('path');
const { ROOT } = require('../../scripts/lib/packageInfo');

const RESULTS_DIR = path.join(ROOT, 'lab', 'results');
const REPORTS_DIR = path.join(ROOT, 'lab', 'reports');
const RESULT_REPORTS_DIR = path.join(RESULTS_DIR, 'reports');
const RESULT_SCREENSHOTS_DIR = path.join(RESULTS_DIR, 'screenshots');
const RESULT_BLOCKS_DIR = path.join(RESULTS_DIR, 'blocks');

/** @param {string} dir */
function made(dir) {
	fs.mkdirSync(dir, { recursive: true });
	return dir;
}

/** A folder of lab/results/ for one run's logs and raw observations, e.g. resultsDir('e2e'). */
function resultsDir(/** @type {string[]} */ ...parts) {
	return made(path.join(RESULTS_DIR, ...parts));
}

/**
 * Writes a report, published as lab/reports/<file>.
 * @param {string} file e.g. 'security.md'
 * @param {string} text
 */
function writeReport(file, text) {
	const target = path.join(made(RESULT_REPORTS_DIR), file);
	fs.writeFileSync(target, text.endsWith('\n') ? text : `${text}\n`);
	return target;
}

/**
 * The report as this run left it, else as last published (for reports that keep rows of earlier runs).
 * @param {string} file
 * @returns {string | undefined}
 */
function readReport(file) {
	for (const dir of [RESULT_REPORTS_DIR, REPORTS_DIR]) {
		const candidate = path.join(dir, file);
		if (fs.existsSync(candidate)) return fs.readFileSync(candidate, 'utf8');
	}
	return undefined;
}

/** Where to save a screenshot, published as lab/reports/screenshots/<name>. @param {string} name */
function screenshotPath(name) {
	return path.join(made(RESULT_SCREENSHOTS_DIR), name);
}

/**
 * Records a summary for the generated block `block` of a tracked document (README.md, SECURITY.md), which
 * `npm run reports` writes there.
 * @param {string} document relative to the repository, e.g. 'README.md'
 * @param {string} block
 * @param {string} markdown
 */
function writeSummaryBlock(document, block, markdown) {
	const target = path.join(made(RESULT_BLOCKS_DIR), `${block}.json`);
	fs.writeFileSync(target, `${JSON.stringify({ document, block, markdown }, null, '\t')}\n`);
}

module.exports = {
	REPORTS_DIR,
	RESULT_BLOCKS_DIR,
	RESULT_REPORTS_DIR,
	RESULT_SCREENSHOTS_DIR,
	readReport,
	resultsDir,
	screenshotPath,
	writeReport,
	writeSummaryBlock,
};
