'use strict';
/**
 * Part 2 after n8n has stopped: the raw bytes of every file in its user folder and its database table by table; and
 * the table of occurrences per secret and place.
 */
const path = require('path');
const { searchDatabase, searchFiles } = require('./leaks');

/**
 * @typedef {import('./stack').SecurityStack} SecurityStack
 * @typedef {import('../../lib/groupReport').Report} Report
 * @typedef {import('./secretRegistry').SecretRegistry} SecretRegistry
 * @typedef {import('./leakSearch').Counts} Counts
 * @typedef {import('./checkItems').CheckResult} CheckResult
 */

/** n8n's SQLite database and the files SQLite keeps next to it, relative to the user folder. */
const DATABASE_FILE = /^\.n8n\/database\.sqlite(-wal|-shm|-journal)?$/;
/** Where n8n keeps a workflow's static data, and an execution's data. */
const STATIC_DATA = 'workflow_entity.staticData';
const EXECUTION_DATA = 'execution_data.data';

/**
 * After n8n stopped: the raw bytes of every file in its user folder, and the database table by table.
 * @param {Report} report
 * @param {SecurityStack} stack
 * @param {SecretRegistry} registry
 * @param {Counts} counts filled in with the two places
 */
async function searchStorage(report, stack, registry, counts) {
	const secrets = registry.all;
	const files = searchFiles(stack.userFolder, secrets);
	const db = await searchDatabase(
		stack.n8nDir,
		path.join(stack.userFolder, '.n8n', 'database.sqlite'),
		secrets,
	);
	/** @type {CheckResult[]} */
	const fileResults = [];
	/** @type {CheckResult[]} */
	const dbResults = [];
	for (const s of secrets) {
		const inFiles = files.found.get(s.name) ?? [];
		const outsideDb = inFiles.filter((f) => !DATABASE_FILE.test(f.file));
		const tables = db.found.get(s.name) ?? [];
		const row = counts.get(s.name) ?? {};
		row['files (raw bytes)'] = inFiles.map((f) => `${f.file}:${f.count}`).join(' ') || '0';
		row['database tables'] =
			tables.map((t) => `${t.table}.${t.column}:${t.count}`).join(' ') || '0';
		if (s.kind === 'apiKey' || s.kind === 'authorization') {
			fileResults.push({
				label: `${s.name}: in no file`,
				ok: inFiles.length === 0,
				problem: inFiles.map((f) => `${f.file} (${f.count})`).join(', '),
			});
			dbResults.push({
				label: `${s.name}: in no table`,
				ok: tables.length === 0,
				problem: tables.map((t) => `${t.table}.${t.column}`).join(', '),
			});
		} else {
			const allowed = s.kind === 'createdSecret' ? EXECUTION_DATA : STATIC_DATA;
			fileResults.push({
				label: `${s.name}: in no file but the database`,
				ok: outsideDb.length === 0,
				problem: outsideDb.map((f) => `${f.file} (${f.count})`).join(', '),
			});
			const elsewhere = tables.filter((t) => `${t.table}.${t.column}` !== allowed);
			dbResults.push({
				label: `${s.name}: in no table but ${allowed}`,
				ok: elsewhere.length === 0,
				problem: elsewhere.map((t) => `${t.table}.${t.column}`).join(', '),
			});
			if (s.kind === 'createdSecret' && !registry.createdIn.get(s.name)?.atMostOnce) {
				// Controls: the stored execution holds it, so a secret in the database is found when there.
				fileResults.push({
					label: `control: ${s.name} found in a database file`,
					ok: inFiles.some((f) => DATABASE_FILE.test(f.file)),
					problem: 'not found: the file search does not work',
				});
				dbResults.push({
					label: `control: ${s.name} found in ${EXECUTION_DATA}`,
					ok: tables.some((t) => `${t.table}.${t.column}` === EXECUTION_DATA),
					problem: 'not found: the table search does not work',
				});
			}
		}
	}
	report.group(
		"n8n's user folder, every file's raw bytes",
		fileResults,
		`${files.files} files, ${Math.round(files.bytes / 1024)} KB`,
	);
	report.group("n8n's database, table by table", dbResults, `${db.tables} tables`);
}

/**
 * Prints the counts per secret and place.
 * @param {Report} report
 * @param {SecretRegistry} registry
 * @param {Counts} counts
 */
function printLeakTable(report, registry, counts) {
	const places = [
		'execution data',
		'errors',
		'n8n server log (debug)',
		'n8n execute output',
		'sandbox log',
		'HTTP answers (deliveries, REST)',
		'files (raw bytes)',
		'database tables',
	];
	/** @type {Record<string, string>} */
	const short = {
		'n8n server log (debug)': 'n8n log',
		'n8n execute output': 'CLI output',
		'HTTP answers (deliveries, REST)': 'answers',
		'files (raw bytes)': 'user folder files',
		'database tables': 'database tables',
	};
	report.table(
		'Occurrences of each secret',
		registry.all.map((s) => ({
			secret: s.name,
			...Object.fromEntries(places.map((p) => [short[p] ?? p, counts.get(s.name)?.[p]])),
		})),
	);
}

module.exports = { STATIC_DATA, printLeakTable, searchStorage };
