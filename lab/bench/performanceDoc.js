'use strict';
/**
 * The performance report (lab/reports/performance.md, see lab/lib/results.js), written by `npm run bench` around
 * the table of its last full run, so that no figure in it is copied by hand. The prose explains how each figure is taken and what the profile found; the numbers come from the
 * run.
 */
const fs = require('fs');
const path = require('path');
const { CONFIG } = require('./config');
const { fixed, ms } = require('../lib/stats');
const { replaceGeneratedBlock } = require('../../scripts/lib/generatedBlock');
const { readReport, writeReport, writeSummaryBlock } = require('../lib/results');
const { REPOSITORY } = require('../../scripts/lib/packageInfo');

const DOC = 'performance.md';

/** The block of the report that keeps the last figure-1-only runs (`BENCH_ONLY=1`) across full runs. */
const FIGURE_ONE_BLOCK = 'figure-1-runs';
const FIGURE_ONE_RUNS_KEPT = 3;
const RUN_HEADING = '### Figure 1 alone, ';

/** The figure-1-only runs the report holds now, newest first (empty when it has none). */
function figureOneRuns() {
	const text = readReport(DOC) ?? '';
	const block = new RegExp(
		`<!-- ${FIGURE_ONE_BLOCK}:start[^>]*-->([\\s\\S]*?)<!-- ${FIGURE_ONE_BLOCK}:end -->`,
	).exec(text);
	if (!block) return [];
	return block[1]
		.split(RUN_HEADING)
		.slice(1)
		.map((run) => `${RUN_HEADING}${run.trim()}`);
}

/** @param {string[]} runs */
const runsText = (runs) => runs.join('\n\n') || '(none yet)';

/** @param {string[]} runs */
function figureOneSection(runs) {
	return [
		'## Figure 1 alone, by credential form',
		'',
		'Figure 1 taken on its own (`BENCH_ONLY=1 npm run bench`), the credential as shipped and in its other forms, each',
		`form after a restart of n8n (see "How each figure is taken"). The last ${FIGURE_ONE_RUNS_KEPT} such runs, newest first;`,
		"a full run keeps them. Wall times follow the load of the machine at the time (each run's last line gives the load",
		"averages and the other n8n running); n8n's CPU time per request is the steadier figure.",
		'',
		`<!-- ${FIGURE_ONE_BLOCK}:start (written by npm run bench with BENCH_ONLY=1) -->`,
		runsText(runs),
		`<!-- ${FIGURE_ONE_BLOCK}:end -->`,
	].join('\n');
}

/**
 * Adds a figure-1-only run (its rendered table and notes) to the report, keeping the last few.
 * @param {string} table
 */
function writeFigureOneRun(table) {
	const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
	const how = `\`BENCH_ONLY=1 BENCH_AUTH_FORMS=${CONFIG.authForms.join(',') || 'none'} npm run bench\``;
	const runs = [`${RUN_HEADING}${date}, ${how}\n\n${table.trim()}`, ...figureOneRuns()].slice(
		0,
		FIGURE_ONE_RUNS_KEPT,
	);
	const text = readReport(DOC) ?? '# Performance\n';
	return writeReport(
		DOC,
		replaceGeneratedBlock(text, FIGURE_ONE_BLOCK, runsText(runs)) ??
			`${text.trimEnd()}\n\n${figureOneSection(runs)}\n`,
	);
}

/** The report's fixed sections (how each figure is taken, the profiles, the goals), with the bench's settings. */
function methodSections() {
	const settings = {
		items: CONFIG.items.toLocaleString('en-US'),
		batchSize: String(CONFIG.batchSize),
		concurrency: String(CONFIG.concurrency),
	};
	const text = fs.readFileSync(path.join(__dirname, 'performanceMethod.md'), 'utf8');
	return text
		.replace(/^<!--[\s\S]*?-->\n\n/, '')
		.replace(/\{(items|batchSize|concurrency)\}/g, (_, name) => settings[name])
		.trimEnd();
}

/**
 * Writes the report around `table` (the rendered figures and notes).
 * @param {string} table
 */
function writePerformanceDoc(table) {
	const text = [
		'# Performance',
		'',
		'Written by `npm run bench` (`lab/bench/run.js`; about 15 minutes, not part of the tests) from its last run: the',
		'alternatives a user has, measured side by side against the sandbox and a real n8n with this package installed as',
		'a community node. Figures are medians with ours and the baseline alternating in one run; each ratio is ours /',
		'baseline within the same run.',
		'',
		table,
		'',
		methodSections(),
		'',
		figureOneSection(figureOneRuns()),
		'',
	].join('\n');
	return writeReport(DOC, text);
}

/**
 * The README's performance tip, with the effect of the setting as the last full run measured it (block
 * `performance-tip`). Returns false when the run has no figure 3 to take it from.
 * @param {import('./report').Results} results
 */
function writeReadmeTip(results) {
	const { f1, f3, f3lazy } = results;
	if (!f3 || !f3lazy) return false;
	const date = new Date().toISOString().slice(0, 10);
	const tips = [];
	if (f1) {
		tips.push(
			`- **Many reads**: give Get and the other read operations **Options → Batching**. Our last bench (${date}): ` +
				`${CONFIG.items.toLocaleString('en-US')} × Charge → Get, ${CONFIG.batchSize} per batch, ${fixed(f1.batchedSpeedup, 1)}× as fast as n8n's HTTP Request node with ` +
				`the same credential; one at a time, ${ms(f1.overheadMsPerRequest)} per request over a plain \`fetch\` loop.`,
		);
	}
	tips.push(
		`- **Busy webhooks**: start n8n with \`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\`. Our last bench (${date}): ` +
			`the trigger took ${fixed(f3lazy.ours.perSecond / f3.ours.perSecond, 1)}× as many deliveries per second, ` +
			`n8n's CPU per delivery ${ms(f3.ours.cpuMsPerDelivery)} → ${ms(f3lazy.ours.cpuMsPerDelivery)} ` +
			`([lab/reports/performance.md](${REPOSITORY.page('lab/reports/performance.md')})).`,
	);
	writeSummaryBlock('README.md', 'performance-tip', tips.join('\n'));
	return true;
}

/**
 * Figure 3's signature-family rows after a run of figure 3 alone (a full run has them in its table): the block
 * `trigger-signature-families` of the report. False when the report has no such block.
 * @param {string} markdown
 */
function writeFamiliesBlock(markdown) {
	const text = replaceGeneratedBlock(readReport(DOC) ?? '', 'trigger-signature-families', markdown);
	if (text === undefined) return false;
	writeReport(DOC, text);
	return true;
}

module.exports = { writeFamiliesBlock, writeFigureOneRun, writePerformanceDoc, writeReadmeTip };
