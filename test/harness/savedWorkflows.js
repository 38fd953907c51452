'use strict';
/**
 * The saved-workflow fixtures of test/savedWorkflows/: per release, workflows as the released node saved them and the
 * requests they sent. Plain JavaScript because the lint of .ts files forbids reading and writing files.
 */
const fs = require('fs');
const path = require('path');

const FOLDER = path.join(__dirname, '..', 'savedWorkflows');

/**
 * @typedef {{ method: string, path: string, query: unknown, body: unknown }} SentRequest
 * @typedef {{ name: string, workflow: { nodes: any[], connections: any }, requests: SentRequest[] }} SavedWorkflow
 */

/** Every release's fixture, oldest first. @returns {Array<{ release: string, workflows: SavedWorkflow[] }>} */
function savedReleases() {
	return fs
		.readdirSync(FOLDER)
		.filter((file) => file.endsWith('.json'))
		.map((file) => JSON.parse(fs.readFileSync(path.join(FOLDER, file), 'utf8')))
		.sort((a, b) => a.release.localeCompare(b.release, 'en', { numeric: true }));
}

/** The release whose fixture the run records (`SAVE_WORKFLOWS=<release>`), if any. */
const releaseToRecord = () => process.env.SAVE_WORKFLOWS || undefined;

/** Writes a release's fixture. @param {string} release @param {SavedWorkflow[]} workflows */
function saveRelease(release, workflows) {
	const file = path.join(FOLDER, `${release}.json`);
	fs.writeFileSync(file, `${JSON.stringify({ release, workflows }, null, '\t')}\n`);
	console.log(
		`${workflows.length} saved workflows written to ${path.relative(process.cwd(), file)}`,
	);
}

module.exports = { releaseToRecord, saveRelease, savedReleases };
