'use strict';
/**
 * One line per check, phase timings, and the closing summary line `N passed, N failed` (counted by .ci/run).
 */

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

class Report {
	constructor() {
		this.passed = 0;
		this.failed = 0;
		/** @type {Array<{ name: string, ms: number }>} */
		this.phases = [];
		this.started = Date.now();
	}

	/**
	 * Runs one check; a thrown error (e.g. from node:assert) fails it. Never throws.
	 * @returns {Promise<boolean>} whether it passed
	 */
	async check(name, fn) {
		const start = Date.now();
		try {
			await fn();
			this.passed++;
			console.log(`ok   ${name} (${seconds(Date.now() - start)})`);
			return true;
		} catch (error) {
			this.failed++;
			console.log(`FAIL ${name} (${seconds(Date.now() - start)})`);
			for (const line of String(error?.message ?? error)
				.split('\n')
				.slice(0, 25)) {
				console.log(`       ${line}`);
			}
			return false;
		}
	}

	/** A failure that is not a check of its own (a phase could not run): counted as one failed check. */
	fail(name, error) {
		this.failed++;
		console.log(`FAIL ${name}`);
		for (const line of String(error?.stack ?? error?.message ?? error)
			.split('\n')
			.slice(0, 25)) {
			console.log(`       ${line}`);
		}
	}

	/**
	 * Runs a phase and prints how long it took. An error escaping the phase is reported as a failure and
	 * rethrown (later phases usually depend on it).
	 */
	async phase(name, fn) {
		console.log(`--- ${name}`);
		const start = Date.now();
		try {
			return await fn();
		} catch (error) {
			this.fail(`${name}: could not complete`, error);
			throw error;
		} finally {
			const ms = Date.now() - start;
			this.phases.push({ name, ms });
			console.log(`--- ${name} took ${seconds(ms)}`);
		}
	}

	/** Prints the timings and the summary line; returns the exit code. */
	summary() {
		console.log('');
		console.log('timings:');
		for (const { name, ms } of this.phases) console.log(`  ${name.padEnd(34)} ${seconds(ms)}`);
		console.log(`  ${'total'.padEnd(34)} ${seconds(Date.now() - this.started)}`);
		console.log(`${this.passed} passed, ${this.failed} failed`);
		return this.failed === 0 && this.passed > 0 ? 0 : 1;
	}
}

module.exports = { Report, seconds };
