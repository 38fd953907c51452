'use strict';
const path = require('path');

/**
 * A node's static data as the database of n8n in `userFolder` (SQLite) holds it now.
 * @param {string} userFolder
 * @param {string} workflowId
 * @param {string} nodeName
 */
function storedStaticData(userFolder, workflowId, nodeName) {
	const { DatabaseSync } = require('node:sqlite');
	const file = path.join(userFolder, '.n8n', 'database.sqlite');
	const db = new DatabaseSync(file, { readOnly: true });
	try {
		const row = db.prepare('SELECT staticData FROM workflow_entity WHERE id = ?').get(workflowId);
		const staticData = row?.staticData ? JSON.parse(String(row.staticData)) : {};
		return staticData[`node:${nodeName}`] ?? {};
	} finally {
		db.close();
	}
}

module.exports = { storedStaticData };
