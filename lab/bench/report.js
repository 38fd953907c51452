'use strict';
/** The bench's table (goals next to each figure), the machine it ran on, and lab/reports/performance.md around them. */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { CONFIG } = require('./config');
const { fixed, kb, ms, ratio, table } = require('../lib/stats');
const { AUTH_FORMS } = require('./lib/authForms');
const { COLUMNS, familyRows, figureRows, rate } = require('./figureRows');

/** @typedef {import('./lib/authForms').AuthForm} AuthForm */

/**
 * @typedef {import('./lib/context').BenchContext} BenchContext
 * @typedef {object} Results
 * @property {Awaited<ReturnType<typeof import('./figures/perCall').figurePerCall>>} [f1]
 * @property {Partial<Record<import('./lib/authForms').AuthForm, Awaited<ReturnType<typeof import('./figures/perCall').figurePerCall>>>>} [f1forms] figure 1 with other forms of the credential's authenticate
 * @property {Awaited<ReturnType<typeof import('./figures/returnAll').figureReturnAll>>} [f2]
 * @property {Awaited<ReturnType<typeof import('./figures/returnAll').figureReturnAll>>} [f2lazy] the same, n8n restarted with CONFIG.lazyAcquireEnv
 * @property {Awaited<ReturnType<typeof import('./figures/trigger').figureTrigger>>} [f3]
 * @property {Awaited<ReturnType<typeof import('./figures/trigger').figureTrigger>>} [f3lazy]
 * @property {Awaited<ReturnType<typeof import('./figures/packageCost').figurePackage>>} [f4]
 * @property {Awaited<ReturnType<typeof import('./figures/triggerFamilies').figureTriggerFamilies>>} [f3families]
 * @property {Awaited<ReturnType<typeof import('./figures/triggerFamilies').figureTriggerFamilies>>} [f3familiesLazy]
 * @property {Awaited<ReturnType<typeof import('./figures/forgedFlood').figureForgedFlood>>} [f5] the forged flood (opt-in)
 */

/** @param {BenchContext} context */
function machine(context) {
	const cpu =
		/model name\s*:\s*(.+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ??
		os.cpus()[0]?.model;
	const n8nPackage = path.join(context.n8nDir ?? '', 'node_modules', 'n8n', 'package.json');
	return {
		cpu,
		cores: os.availableParallelism(),
		memory: `${fixed(os.totalmem() / 1024 ** 3, 1)} GiB`,
		node: process.version,
		n8n: fs.existsSync(n8nPackage)
			? JSON.parse(fs.readFileSync(n8nPackage, 'utf8')).version
			: 'n/a',
		os: `${os.type()} ${os.release()}`,
		loadAtStart: context.loadAtStart,
		loadAtEnd: os
			.loadavg()
			.map((n) => n.toFixed(2))
			.join(' '),
		otherN8n: context.otherN8n,
	};
}

/**
 * The table and the notes under it, as printed and as written into lab/reports/performance.md.
 * @param {Results} results
 * @param {BenchContext} context
 */
function render(results, context) {
	const { f1forms, f3, f3lazy, f4 } = results;
	const rows = figureRows(results);
	const m = machine(context);
	const notes = [];
	if (f1forms) {
		const taken = Object.keys(f1forms)
			.map((form) => `as ${AUTH_FORMS[/** @type {AuthForm} */ (form)].label}`)
			.join('; ');
		notes.push(
			`Figure 1 by the credential's \`authenticate\`: as shipped, then ${taken}; each form on n8n restarted ` +
				`with the package's credential file wrapped to that form (lab/bench/lib/authForms.js), right after the ` +
				`shipped form's runs, with its own HTTP Request node and fetch loop runs (the HTTP Request node uses ` +
				`the same credential, so its figures move with the form too).`,
		);
	}
	if (f3 && f3lazy) {
		notes.push(
			`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true (n8n restarted with it, same workflows): our trigger ` +
				`${rate(f3.ours.perSecond)} → ${rate(f3lazy.ours.perSecond)} accepted/s (×${ratio(f3lazy.ours.perSecond / f3.ours.perSecond)}), ` +
				`n8n CPU ${ms(f3.ours.cpuMsPerDelivery)} → ${ms(f3lazy.ours.cpuMsPerDelivery)} per delivery; hand-built ` +
				`${rate(f3.handBuilt.perSecond)} → ${rate(f3lazy.handBuilt.perSecond)}; plain Webhook ` +
				`${rate(f3.plain.perSecond)} → ${rate(f3lazy.plain.perSecond)}; plain Webhook with one expression ` +
				`${rate(f3.plainExpression.perSecond)} → ${rate(f3lazy.plainExpression.perSecond)}.`,
		);
	}
	const cut = [f3, f3lazy].flatMap((f) =>
		f
			? [f.ours, f.oursAfterRun, f.handBuilt, f.plain, f.plainExpression].flatMap(
					(side) => side.timedOut,
				)
			: [],
	);
	if (cut.length > 0) {
		notes.push(
			`Figure 3: ${cut.length} load run(s) stopped at the ${CONFIG.loadTimeLimitMs / 1000} s limit (sent: ${cut.join(', ')}).`,
		);
	}
	if (f4?.extras.length) {
		const list = f4.extras.map(
			(e) => `${e.group} (${e.files > 1 ? `${e.files} files, ` : ''}${kb(e.bytes)})`,
		);
		notes.push(
			`The tarball also holds files no node needs at run time: ${list.join(', ')} (sizes unpacked).`,
		);
	}
	const extraEnv = Object.keys(CONFIG.n8nEnv).length
		? ` except ${JSON.stringify(CONFIG.n8nEnv)}`
		: '';
	return [
		table(COLUMNS, rows),
		'',
		`Medians: figures 1 and 2 of ${CONFIG.runs} runs (after one warm-up each), figure 3 of ${CONFIG.triggerRuns} run(s) ` +
			`per setting (after ${CONFIG.warmUpDeliveries} warm-up deliveries each), figure 4 of ${CONFIG.requireRuns} processes; ` +
			`ours and the baselines alternate, each run starting with another side. Ratios are medians of the per-run ratios` +
			`${CONFIG.quick ? '. QUICK MODE (BENCH_QUICK=1): fewer runs and deliveries, not figures to publish' : ''}.`,
		...notes,
		'',
		`Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, ${m.os}; Node ${m.node}; n8n ${m.n8n} (SQLite, default ` +
			`settings${extraEnv}, execution pruning off; figures 2 and 3 also after a restart with ` +
			`${JSON.stringify(CONFIG.lazyAcquireEnv)}). Conditions: n8n, the sandbox, the bench and its load generator ` +
			`share the machine (anything else running shows in the load averages below): the figures vary from run to ` +
			`run, the ratios of alternating runs less; other "n8n start" processes at start: ` +
			`${m.otherN8n}; load average at start ` +
			`${m.loadAtStart}, at end ${m.loadAtEnd}. Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}.`,
	].join('\n');
}

/**
 * Figure 3's signature-family rows alone, as a Markdown table with its conditions (for a run of figure 3 only).
 * @param {Results} results
 * @param {BenchContext} context
 */
function renderFamilies(results, context) {
	const rows = familyRows(results);
	const m = machine(context);
	return [
		table(COLUMNS, rows),
		'',
		`Taken by \`BENCH_ONLY=3 npm run bench\` (figure 3 alone) on ${new Date().toISOString().slice(0, 10)}: medians of ` +
			`${CONFIG.triggerRuns} alternating run(s) per setting; n8n ${m.n8n}, ${m.cores} cores shared with other work ` +
			`(load average at start ${m.loadAtStart}, at end ${m.loadAtEnd}): noisy, compare the ratios` +
			`${CONFIG.quick ? `. QUICK MODE (BENCH_QUICK=1): ${CONFIG.triggerRuns} run, fewer deliveries` : ''}.`,
	].join('\n');
}

module.exports = { machine, render, renderFamilies };
