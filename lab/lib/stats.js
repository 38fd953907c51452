'use strict';
/** Small statistics and formatting helpers of the lab: medians, units, Markdown tables. */

/** The median of a list of numbers (mean of the two middle values for an even count). */
function median(values) {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The p-th percentile (0..100) by the nearest-rank method. */
function percentile(values, p) {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.ceil((p / 100) * sorted.length);
	return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const ms = (value) => `${fixed(value, value < 10 ? 2 : 0)} ms`;
const mb = (bytes) => `${fixed(bytes / 1024 / 1024, 1)} MB`;
const kb = (bytes) => `${fixed(bytes / 1024, 1)} kB`;
const ratio = (value) => fixed(value, 2);

/** A plain-text table (also valid Markdown): header row, separator, rows. */
function table(header, rows) {
	const all = [header, ...rows].map((row) => row.map((cell) => String(cell)));
	const widths = header.map((_, i) => Math.max(3, ...all.map((row) => row[i].length)));
	const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
	return [
		line(all[0]),
		`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
		...all.slice(1).map(line),
	].join('\n');
}

module.exports = { median, percentile, ms, mb, kb, ratio, fixed, table };
