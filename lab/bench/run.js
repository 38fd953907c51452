'use strict';
/**
 * Benchmarks against the alternatives a user has, measured side by side in one run: `npm run bench`; the figures and
 * their settings: lab/README.md, Benchmarks, and lab/bench/config.js. Prints the table, writes it to
 * lab/results/bench/ and, after a full run, to lab/reports/performance.md. Exit code 1 when a figure could not be
 * measured or a count is off. Everything it starts is stopped, also on failure or Ctrl-C.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { CONFIG } = require('./config');
const { figurePerCall } = require('./figures/perCall');
const { figureReturnAll } = require('./figures/returnAll');
const {
	countsAddUp,
	endpointSecret,
	figureTrigger,
	setUpTriggerWorkflows,
} = require('./figures/trigger');
const { figurePackage } = require('./figures/packageCost');
const { AUTH_FORMS, installAuthForm } = require('./lib/authForms');
const { figureTriggerFamilies, setUpFamilyWorkflows } = require('./figures/triggerFamilies');
const { figureForgedFlood, renderFlood } = require('./figures/forgedFlood');
const { ROOT, n8n } = require('./lib/n8nRuns');
const { interrupt, log, state } = require('./lib/runState');
const { fixed } = require('../lib/stats');
const { machine, render, renderFamilies } = require('./report');
const {
	writeFamiliesBlock,
	writeFigureOneRun,
	writePerformanceDoc,
	writeReadmeTip,
} = require('./performanceDoc');
const { runCommand, stopAll, stopAllOnSignals } = require('../lib/processes');
const { resultsDir } = require('../lib/results');

const RESULTS_DIR = resultsDir('bench');

/**
 * (Re)starts n8n on the bench's user folder with `env` on top of the bench's own settings, and logs in.
 * @param {import('./lib/context').BenchContext} context
 * @param {Record<string, string>} env
 */
async function startN8n(context, env) {
	if (!context.n8nDir) throw new Error('n8n is not installed');
	const previous = context.instance;
	if (previous) {
		fs.appendFileSync(path.join(RESULTS_DIR, 'n8n.log'), previous.output());
		await previous.stop();
	}
	const nodeOptions = [
		// Quoted: NODE_OPTIONS splits on spaces, and the clone's path may have some.
		`--expose-gc --require ${JSON.stringify(path.join(__dirname, 'lib', 'gcProbe.js'))}`,
		process.env.BENCH_N8N_NODE_OPTIONS ?? '',
	].join(' ');
	context.n8nEnv = { ...CONFIG.n8nEnv, ...env };
	context.instance = await n8n.startN8n({
		n8nDir: context.n8nDir,
		userFolder: context.userFolder,
		// The same port again: the trigger's registered URL, and so its endpoint and secret, stay as they were.
		port: previous?.port,
		brokerPort: previous?.brokerPort,
		logLevel: 'warn',
		env: {
			// Figure 3 counts every execution afterwards: none may be pruned meanwhile.
			EXECUTIONS_DATA_PRUNE: 'false',
			NODE_OPTIONS: nodeOptions.trim(),
			...context.n8nEnv,
		},
	});
	const client = new n8n.N8nClient(context.instance.url);
	await client.ensureOwner();
	await client.createApiKey('bench');
	context.client = client;
	log(
		`n8n ${context.instance.url} (pid ${context.instance.process.child.pid}) ${JSON.stringify(context.n8nEnv)}`,
	);
}

/**
 * The figures that run in n8n. Return All first: its memory is then measured on an n8n that has done nothing else.
 * @param {import('./lib/context').BenchContext} context
 * @param {import('./report').Results} results
 */
async function runN8nFigures(context, results) {
	log('setup: sandbox, n8n, owner, credential');
	const { startSandbox } = require('../../sandbox');
	const sandbox = await startSandbox({ port: 0, delivery: { maxAttempts: 1 } });
	context.sandbox = sandbox;
	context.chargeIds = [
		...sandbox.store.charges.keys(),
		...sandbox.seedCharges(CONFIG.charges - sandbox.store.charges.size),
	];
	await n8n.installPackage(context.userFolder);
	await startN8n(context, {});
	const client = context.client;
	if (!client) throw new Error('no n8n client');
	context.credential = await client.createCredential(n8n.sandboxCredential(sandbox));

	if (CONFIG.only.has('2')) results.f2 = await figureReturnAll(context);
	if (CONFIG.only.has('1')) {
		results.f1 = await figurePerCall(context);
		await figurePerCallByAuthForm(context, results);
	}
	const setup = CONFIG.only.has('3') ? await setUpTriggerWorkflows(context) : undefined;
	const families = setup ? await setUpFamilyWorkflows(context) : undefined;
	if (setup) results.f3 = await figureTrigger(context, setup, 'default settings');
	if (families)
		results.f3families = await figureTriggerFamilies(context, families, 'default settings');
	if (CONFIG.only.has('5')) results.f5 = await figureForgedFlood(context);
	if (!CONFIG.only.has('2') && !setup) return;

	// The same figures again on an n8n restarted with the setting the profile pointed at (Return All first, as above).
	await startN8n(context, CONFIG.lazyAcquireEnv);
	if (CONFIG.only.has('2')) results.f2lazy = await figureReturnAll(context);
	if (setup) {
		setup.secret = endpointSecret(context, setup);
		results.f3lazy = await figureTrigger(context, setup, 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true');
	}
	if (families) {
		results.f3familiesLazy = await figureTriggerFamilies(context, families, 'lazy acquire');
	}
}

/**
 * Figure 1 again with each other form of the credential's `authenticate` (CONFIG.authForms), n8n restarted with each,
 * right after the shipped form's figure 1; then the shipped form again for the figures after it.
 * @param {import('./lib/context').BenchContext} context
 * @param {import('./report').Results} results
 */
async function figurePerCallByAuthForm(context, results) {
	if (CONFIG.authForms.length === 0) return;
	results.f1forms = {};
	for (const form of CONFIG.authForms) {
		log(`figure 1: the credential's authenticate as ${AUTH_FORMS[form].label}`);
		installAuthForm(context.userFolder, form);
		await startN8n(context, {});
		results.f1forms[form] = await figurePerCall(context);
	}
	installAuthForm(context.userFolder, 'shipped');
	// Figure 3 runs next on this n8n (figure 2's second round restarts it anyway).
	if (CONFIG.only.has('3')) await startN8n(context, {});
}

async function main() {
	stopAllOnSignals((signal) => {
		interrupt();
		console.log(`\n${signal}: stopping n8n and the sandbox`);
	});
	fs.rmSync(path.join(RESULTS_DIR, 'n8n.log'), { force: true });
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-'));
	// A signal ends the process without the finally below: the temporary user folder goes anyway.
	process.on('exit', () => {
		if (!CONFIG.keep) fs.rmSync(workDir, { recursive: true, force: true });
	});
	const { stdout: ps } = await runCommand('bash', ['-c', 'ps aux | grep -c "[n]8n start" || true']);
	/** @type {import('./lib/context').BenchContext} */
	const context = {
		workDir,
		userFolder: path.join(workDir, 'n8n'),
		n8nEnv: {},
		otherN8n: Number(ps.trim()) || 0,
		loadAtStart: os
			.loadavg()
			.map((n) => n.toFixed(2))
			.join(' '),
	};
	if (context.otherN8n > 0)
		log(`note: ${context.otherN8n} other "n8n start" process(es) running: figures will be noisy`);
	/** @type {import('./report').Results} */
	const results = {};
	const started = Date.now();
	let failed = false;
	try {
		log('setup: build, n8n');
		await n8n.buildPackage();
		context.n8nDir = await n8n.installN8n();
		if (CONFIG.only.has('4')) {
			log('figure 4: cold require, tarball');
			results.f4 = await figurePackage(context);
		}
		if (['1', '2', '3', '5'].some((f) => CONFIG.only.has(f))) await runN8nFigures(context, results);
	} catch (error) {
		failed = true;
		console.error(state.interrupted ? 'interrupted' : error);
	} finally {
		if (context.instance)
			fs.appendFileSync(path.join(RESULTS_DIR, 'n8n.log'), context.instance.output());
		await context.instance?.stop();
		await context.sandbox?.stop();
		await stopAll();
		if (CONFIG.keep) log(`kept ${workDir}`);
		else fs.rmSync(workDir, { recursive: true, force: true });
	}
	if (context.n8nDir && Object.keys(results).length > 0) {
		const text = render(results, context);
		log(
			`\n${text}\n\nTotal ${fixed((Date.now() - started) / 1000, 0)} s. Reproduce: npm run bench`,
		);
		fs.writeFileSync(path.join(RESULTS_DIR, 'latest.md'), `${text}\n`);
		if (results.f5) {
			fs.writeFileSync(path.join(RESULTS_DIR, 'flood.md'), `${renderFlood(results.f5)}\n`);
			log(`wrote lab/results/bench/flood.md`);
		}
		const config = { ...CONFIG, only: [...CONFIG.only] };
		const json = { config, machine: machine(context), results };
		fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
		const complete = !failed && CONFIG.only.size === 4 && !CONFIG.quick;
		if (complete && CONFIG.writeDoc) {
			log(`wrote ${path.relative(ROOT, writePerformanceDoc(text))}`);
			if (writeReadmeTip(results)) log('wrote the performance tip in README.md');
		} else if (results.f3families && !failed && CONFIG.writeDoc) {
			const written = writeFamiliesBlock(renderFamilies(results, context));
			log(
				written
					? 'wrote the signature-family rows of figure 3 in the performance report (lab/reports/performance.md)'
					: 'the performance report (lab/reports/performance.md) has no signature-family block',
			);
		}
		const figureOneOnly = !failed && CONFIG.only.size === 1 && results.f1 && !CONFIG.quick;
		if (figureOneOnly && CONFIG.writeDoc) {
			log(`wrote figure 1 into ${path.relative(ROOT, writeFigureOneRun(text))}`);
		}
	}
	for (const f3 of [results.f3, results.f3lazy]) if (f3 && !countsAddUp(f3)) failed = true;
	for (const f of [results.f3families, results.f3familiesLazy])
		if (f && f.families.some((side) => side.accepted !== side.expected)) failed = true;
	for (const f2 of [results.f2, results.f2lazy])
		if (f2 && f2.requests !== CONFIG.charges / CONFIG.perPage) failed = true;
	process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
