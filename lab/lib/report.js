'use strict';
/**
 * The real-n8n suites on node:test: every phase is a test, every check a subtest of the phase running it, so the
 * runner prints them (`--test-reporter=spec`), shows a failed assertion with its diff, closes with its own summary
 * (`ℹ pass N`, `ℹ fail N`, read by .ci/run) and exits 1 on any failure. Phases run in the order the suite calls them
 * and share what earlier ones set up (the suite's context object).
 *
 * Why node:test and not Jest: the checks are created while the suite runs, from what earlier phases found (the
 * operations the installed package lists, the deliveries each attack produced). Jest needs every test declared before
 * the first one runs ("Tests cannot be nested. Test … cannot run because it is nested within …"); node:test's
 * `t.test()` adds a subtest at run time.
 *
 * The report also counts the checks (`passed`, `failed`) for the figures the suites write into the docs.
 */
const { test } = require('node:test');

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

class Report {
	constructor() {
		this.passed = 0;
		this.failed = 0;
		this.skipped = 0;
		/** @type {Set<unknown>} errors a failed phase reported and rethrew */
		this.phaseErrors = new Set();
		/** @type {Array<{ name: string, ms: number }>} */
		this.phases = [];
		this.started = Date.now();
		/** @type {any[]} the node:test contexts of the running phase and check, innermost last */
		this.contexts = [];
		/** @type {Map<any, Promise<unknown>[]>} subtests started without being awaited, per parent context */
		this.pending = new Map();
	}

	/**
	 * Runs `fn` as a test (a subtest of the running one, if any); resolves when it has finished, never rejects.
	 * @param {string} name
	 * @param {(t: any) => unknown} fn
	 * @returns {Promise<{ ok: boolean, value?: any, error?: unknown }>}
	 */
	async run(name, fn) {
		/** @type {{ ok: boolean, value?: any, error?: unknown }} */
		let outcome = { ok: false, error: new Error(`${name} did not run`) };
		const body = async (/** @type {any} */ t) => {
			this.contexts.push(t);
			try {
				outcome = { ok: true, value: await fn(t) };
			} catch (error) {
				outcome = { ok: false, error };
				throw error;
			} finally {
				await Promise.all(this.pending.get(t) ?? []);
				this.pending.delete(t);
				this.contexts.pop();
			}
		};
		const parent = this.contexts.at(-1);
		await (parent ? parent.test(name, body) : test(name, body));
		return outcome;
	}

	/** Starts a test of a result already known, without waiting for it (its parent waits before it ends). */
	settle(name, error) {
		const parent = this.contexts.at(-1);
		const body = () => {
			if (error !== undefined) throw error;
		};
		const running = parent ? parent.test(name, body) : test(name, body);
		if (parent) this.pending.set(parent, [...(this.pending.get(parent) ?? []), running]);
	}

	/**
	 * Runs one check; a thrown error (e.g. from node:assert) fails it. Never throws. A string the check returns is
	 * printed under it.
	 * @returns {Promise<boolean>} whether it passed
	 */
	async check(name, fn) {
		const { ok } = await this.run(name, async (t) => {
			const detail = await fn();
			if (typeof detail === 'string' && detail) t.diagnostic(detail);
		});
		if (ok) this.passed++;
		else this.failed++;
		return ok;
	}

	/** A failure that is not a check of its own (a phase could not run): counted as one failed check. */
	fail(name, error) {
		this.failed++;
		this.settle(name, error ?? new Error('failed'));
	}

	/**
	 * For a suite's outer `catch`: an error a phase reported is already a failure; any other (thrown between phases)
	 * fails here, so that it cannot end a run early and green.
	 */
	failUnlessReported(error) {
		if (!this.phaseErrors.has(error)) this.fail('the suite runs to its end', error);
	}

	/** Something that could not run for a known reason: node:test's skipped test (`ℹ skipped N`), not a check. */
	skip(name, reason) {
		this.skipped++;
		test(name, { skip: reason }, () => {});
	}

	/**
	 * Runs a phase as a test and prints how long it took. An error escaping the phase fails it and is rethrown
	 * (later phases usually depend on it).
	 */
	async phase(name, fn) {
		const start = Date.now();
		const outcome = await this.run(name, () => fn());
		const ms = Date.now() - start;
		this.phases.push({ name, ms });
		if (!outcome.ok) {
			this.failed++;
			this.phaseErrors.add(outcome.error);
			throw outcome.error;
		}
		return outcome.value;
	}

	/**
	 * Prints the timings; returns the exit code (node:test sets 1 itself when a test failed): 1 also when nothing
	 * passed and nothing was skipped for a known reason.
	 */
	summary() {
		console.log('');
		console.log('timings:');
		for (const { name, ms } of this.phases) console.log(`  ${name.padEnd(34)} ${seconds(ms)}`);
		console.log(`  ${'total'.padEnd(34)} ${seconds(Date.now() - this.started)}`);
		return this.failed === 0 && (this.passed > 0 || this.skipped > 0) ? 0 : 1;
	}

	/** The suite could not run at all: one failed test with the error. */
	static crashed(error) {
		test('the suite runs', () => {
			throw error;
		});
		process.exitCode = 1;
	}
}

module.exports = { Report, seconds };
