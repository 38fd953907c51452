'use strict';
/**
 * `npm run reports`: publishes what the lab's last runs left in lab/results/ (see lab/lib/results.js): the reports
 * and screenshots into lab/reports/, the summary lines into their blocks of README.md and SECURITY.md. The only
 * step that writes the lab's results into tracked files; commit what it changed.
 */
const fs = require('fs');
const path = require('path');
const { writeGeneratedBlock } = require('../../scripts/lib/generatedBlock');
const { ROOT } = require('../../scripts/lib/packageInfo');
const {
	REPORTS_DIR,
	RESULT_BLOCKS_DIR,
	RESULT_REPORTS_DIR,
	RESULT_SCREENSHOTS_DIR,
} = require('../lib/results');

/** @param {string} dir */
const filesIn = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

/** @param {string} from @param {string} to */
function copyAll(from, to) {
	const files = filesIn(from);
	if (files.length > 0) fs.mkdirSync(to, { recursive: true });
	for (const file of files) fs.copyFileSync(path.join(from, file), path.join(to, file));
	return files.map((file) => path.relative(ROOT, path.join(to, file)));
}

function publishReports() {
	const written = [
		...copyAll(RESULT_REPORTS_DIR, REPORTS_DIR),
		...copyAll(RESULT_SCREENSHOTS_DIR, path.join(REPORTS_DIR, 'screenshots')),
	];
	const missing = [];
	for (const file of filesIn(RESULT_BLOCKS_DIR)) {
		const { document, block, markdown } = JSON.parse(
			fs.readFileSync(path.join(RESULT_BLOCKS_DIR, file), 'utf8'),
		);
		if (writeGeneratedBlock(path.join(ROOT, document), block, markdown))
			written.push(`${document} (${block})`);
		else missing.push(`${document} has no block ${block}`);
	}
	return { written, missing };
}

if (require.main === module) {
	const { written, missing } = publishReports();
	console.log(written.length ? `published:\n  ${written.join('\n  ')}` : 'nothing to publish yet');
	if (missing.length) {
		console.error(missing.join('\n'));
		process.exitCode = 1;
	}
}

module.exports = { publishReports };
