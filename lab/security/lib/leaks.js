'use strict';
/**
 * Looking for secrets: which forms of a secret to look for, counting them in text, JSON, files and an SQLite
 * database.
 */
const fs = require('fs');
const path = require('path');

/**
 * @typedef {object} Secret
 * @property {string} name e.g. "API secret key"
 * @property {'apiKey' | 'authorization' | 'triggerSecret' | 'createdSecret'} kind
 * @property {string} value
 * @property {string[]} needles the forms searched for
 */

/** The part of a secret after its well-known prefix: found even if a log formatter splits or drops the prefix. */
function core(value) {
	return value.replace(/^(whsec_|sk_|pk_)/, '');
}

/**
 * @param {string} name
 * @param {Secret['kind']} kind
 * @param {string} value
 * @returns {Secret}
 */
function secret(name, kind, value) {
	const needles =
		kind === 'authorization'
			? [value]
			: [
					core(value),
					Buffer.from(value).toString('base64'),
					Buffer.from(core(value)).toString('base64'),
				];
	return { name, kind, value, needles: [...new Set(needles)] };
}

/**
 * The Basic Authorization value the node sends with `publicKey:secretKey` (base64).
 * @param {string} name
 * @param {string} publicKey
 * @param {string} secretKey
 */
function authorizationSecret(name, publicKey, secretKey) {
	return secret(name, 'authorization', Buffer.from(`${publicKey}:${secretKey}`).toString('base64'));
}

/**
 * Occurrences of `needle` in `haystack` (string or Buffer), not overlapping.
 * @param {string | Buffer | undefined} haystack
 * @param {string} needle
 */
function countNeedle(haystack, needle) {
	if (!haystack || !needle) return 0;
	const text = Buffer.isBuffer(haystack) ? haystack : Buffer.from(String(haystack), 'utf8');
	const target = Buffer.from(needle, 'utf8');
	let count = 0;
	for (let at = text.indexOf(target); at !== -1; at = text.indexOf(target, at + target.length))
		count++;
	return count;
}

/**
 * Occurrences of a secret in any of its forms.
 * @param {string | Buffer | undefined} haystack
 * @param {Secret} s
 */
function countSecret(haystack, s) {
	return s.needles.reduce((sum, needle) => sum + countNeedle(haystack, needle), 0);
}

/**
 * Where a secret occurs inside a JSON value: the paths of the strings (and keys) that hold it.
 * @param {unknown} value
 * @param {Secret} s
 * @param {string} [at]
 * @returns {string[]} one entry per occurrence, e.g. `resultData.runData["Payment Platform"][0]...json.secret`
 */
function jsonPaths(value, s, at = '') {
	if (typeof value === 'string') {
		const count = countSecret(value, s);
		return Array.from({ length: count }, () => at || '(root)');
	}
	if (Array.isArray(value)) return value.flatMap((item, i) => jsonPaths(item, s, `${at}[${i}]`));
	if (value && typeof value === 'object') {
		return Object.entries(value).flatMap(([key, item]) => {
			const here = /^[A-Za-z_$][\w$]*$/.test(key)
				? `${at}${at ? '.' : ''}${key}`
				: `${at}[${JSON.stringify(key)}]`;
			const inKey = Array.from({ length: countSecret(key, s) }, () => `${here} (key)`);
			return [...inKey, ...jsonPaths(item, s, here)];
		});
	}
	return [];
}

/** Every file under `dir` (bounded), with its path relative to `dir`. */
function listFiles(dir, limit = 20_000) {
	const files = [];
	const visit = (current) => {
		for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
			if (files.length >= limit) throw new Error(`more than ${limit} files under ${dir}`);
			const full = path.join(current, entry.name);
			if (entry.isDirectory()) visit(full);
			else if (entry.isFile()) files.push(full);
		}
	};
	visit(dir);
	return files.map((full) => ({ full, relative: path.relative(dir, full) }));
}

/**
 * Counts each secret in the raw bytes of every file under `dir`.
 * @param {string} dir
 * @param {Secret[]} secrets
 * @returns {{ found: Map<string, Array<{ file: string, count: number }>>, files: number, bytes: number }}
 *   found: secret name -> files where it occurs
 */
function searchFiles(dir, secrets) {
	/** @type {Map<string, Array<{ file: string, count: number }>>} */
	const found = new Map(secrets.map((s) => [s.name, []]));
	let bytes = 0;
	const files = listFiles(dir);
	for (const { full, relative } of files) {
		const content = fs.readFileSync(full);
		bytes += content.length;
		for (const s of secrets) {
			const count = countSecret(content, s);
			if (count > 0) found.get(s.name)?.push({ file: relative, count });
		}
	}
	return { found, files: files.length, bytes };
}

/**
 * @typedef {{ table: string, column: string, rows: number, count: number }} TableHit
 */

/**
 * Opens n8n's SQLite database read-only with the sqlite3 module of the installed n8n and counts each secret per
 * table and column.
 * @param {string} n8nDir
 * @param {string} file
 * @param {Secret[]} secrets
 * @returns {Promise<{ found: Map<string, TableHit[]>, tables: number }>} found: secret name -> where it occurs
 */
async function searchDatabase(n8nDir, file, secrets) {
	const sqlite3 = require(path.join(n8nDir, 'node_modules', 'sqlite3'));
	const db = await new Promise((resolve, reject) => {
		const handle = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (error) =>
			error ? reject(error) : resolve(handle),
		);
	});
	const all = (sql) =>
		new Promise((resolve, reject) =>
			db.all(sql, (error, rows) => (error ? reject(error) : resolve(rows))),
		);
	try {
		/** @type {Map<string, TableHit[]>} */
		const found = new Map(secrets.map((s) => [s.name, []]));
		const tables = await all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
		for (const { name: table } of tables) {
			const rows = await all(`SELECT * FROM "${table.replace(/"/g, '""')}"`);
			const columns = new Map();
			for (const row of rows) {
				for (const [column, value] of Object.entries(row)) {
					if (value === null || value === undefined) continue;
					const text = Buffer.isBuffer(value) ? value : String(value);
					for (const s of secrets) {
						const count = countSecret(text, s);
						if (count === 0) continue;
						const key = `${s.name}\u0000${column}`;
						const entry = columns.get(key) ?? { secret: s.name, table, column, rows: 0, count: 0 };
						entry.rows++;
						entry.count += count;
						columns.set(key, entry);
					}
				}
			}
			for (const entry of columns.values()) {
				found.get(entry.secret)?.push({
					table: entry.table,
					column: entry.column,
					rows: entry.rows,
					count: entry.count,
				});
			}
		}
		return { found, tables: tables.length };
	} finally {
		await new Promise((resolve) => db.close(() => resolve(undefined)));
	}
}

/**
 * The MACs in a request's signature headers (names ending in "signature"): 64 hex characters, or 43 base64 characters
 * and "=". A MAC of at most two distinct characters (a forged filler such as zeros) is left out: text may hold one by
 * chance.
 * @param {Record<string, string | undefined> | Array<[string, string]> | undefined} headers
 * @returns {string[]}
 */
function signatureMacs(headers) {
	const entries = Array.isArray(headers) ? headers : Object.entries(headers ?? {});
	return entries
		.filter(([name]) => /signature$/i.test(name))
		.flatMap(([, value]) => String(value ?? '').match(/[0-9a-f]{64}|[A-Za-z0-9+/]{43}=/gi) ?? [])
		.filter((found) => new Set(found.toLowerCase()).size > 2);
}

module.exports = {
	authorizationSecret,
	countSecret,
	jsonPaths,
	searchDatabase,
	searchFiles,
	secret,
	signatureMacs,
};
