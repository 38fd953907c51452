'use strict';
const path = require('path');

/**
 * A workflow's static data (the whole column: `global` and each `node:<name>`) as the database of n8n in
 * `userFolder` (SQLite) holds it now.
 * @param {string} userFolder
 * @param {string} workflowId
 * @returns {Record<string, any>}
 */
function storedStaticDataColumn(userFolder, workflowId) {
	const { DatabaseSync } = require('node:sqlite');
	const file = path.join(userFolder, '.n8n', 'database.sqlite');
	const db = new DatabaseSync(file, { readOnly: true });
	try {
		const row = db.prepare('SELECT staticData FROM workflow_entity WHERE id = ?').get(workflowId);
		return row?.staticData ? JSON.parse(String(row.staticData)) : {};
	} finally {
		db.close();
	}
}

/**
 * A node's static data as the database of n8n in `userFolder` (SQLite) holds it now.
 * @param {string} userFolder
 * @param {string} workflowId
 * @param {string} nodeName
 */
function storedStaticData(userFolder, workflowId, nodeName) {
	return storedStaticDataColumn(userFolder, workflowId)[`node:${nodeName}`] ?? {};
}

module.exports = { storedStaticData, storedStaticDataColumn };
