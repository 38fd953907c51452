'use strict';
/**
 * Output of the security and queue suites: the end-to-end suite's node:test report plus groups (one test each) and
 * tables. A group counts each of its items as one check (a delivery with the right status, an execution count, a
 * search with 0 hits), so the totals written into the docs say how many things were verified.
 */

const os = require('os');
const { writeReport } = require('./results');
const { Report: CheckReport, seconds } = require('./report');
const { table } = require('./stats');

const MAX_FAILURE_LINES = 12;

/** The end-to-end suite's report (checks, phases, failures, summary) plus groups of counted results and tables. */
class Report extends CheckReport {
	constructor() {
		super();
		/** @type {string[]} the tables printed, as Markdown */
		this.tables = [];
	}

	/**
	 * Writes the last run (date, time, counts, the tables printed) as the report `file` (lab/lib/results.js) under
	 * `title`, and returns its summary line for the documents that link to it.
	 * @param {string} file e.g. 'security.md'
	 * @param {string} title
	 * @param {string} n8nVersion
	 */
	writeLastRun(file, title, n8nVersion) {
		const minutes = ((Date.now() - this.started) / 60_000).toFixed(1);
		const where = `n8n ${n8nVersion}, Node ${process.version}, ${os.cpus().length} cores`;
		const summary =
			`Last run: **${this.passed} passed, ${this.failed} failed** on ${new Date().toISOString().slice(0, 10)} ` +
			`(${minutes} min; ${where}).`;
		writeReport(file, [`# ${title}`, summary, ...this.tables].join('\n\n'));
		return summary;
	}
	/**
	 * A group of results as one test, `name: detail (n checks)`; it fails listing its failed items. Each result is
	 * one counted check.
	 * @param {string} name
	 * @param {Array<{ label: string, ok: boolean, problem?: string }>} results
	 * @param {string} [detail] What the group verified, e.g. "401 ×16, 0 executions".
	 * @returns {boolean} whether every result passed
	 */
	group(name, results, detail = '') {
		const failures = results.filter((r) => !r.ok);
		this.passed += results.length - failures.length;
		this.failed += failures.length;
		const ok = failures.length === 0 && results.length > 0;
		if (results.length === 0) this.failed++;
		const counts = ok
			? `${results.length} checks`
			: `${failures.length} of ${results.length} failed`;
		const lines = failures
			.slice(0, MAX_FAILURE_LINES)
			.map((failure) => `${failure.label}: ${failure.problem ?? 'failed'}`);
		if (failures.length > MAX_FAILURE_LINES)
			lines.push(`... and ${failures.length - MAX_FAILURE_LINES} more`);
		if (results.length === 0) lines.push('no checks ran');
		this.settle(
			`${name}${detail ? `: ${detail}` : ''} (${counts})`,
			ok ? undefined : new Error(lines.join('\n')),
		);
		return ok;
	}

	/**
	 * Prints a table and keeps it for writeLastRun(). Each row is keyed by its columns' titles, in the columns' order
	 * (a title missing from a row leaves its cell empty).
	 * @param {string} title
	 * @param {Array<Record<string, unknown>>} rows
	 */
	table(title, rows) {
		const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
		const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')));
		const text = `**${title}**\n\n${table(columns, cells)}`;
		this.tables.push(text);
		console.log(`\n${text}\n`);
	}
}

module.exports = { Report, seconds };
