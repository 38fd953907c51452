'use strict';
/**
 * Child processes that never outlive the script that started them.
 *
 * Every child runs in its own process group (`detached`), so that stopping it also stops what it started (n8n's task
 * runner, npm's shell). The groups are stopped when the script ends in any way: normally, on an uncaught error, or
 * on SIGINT/SIGTERM (`stopAllOnSignals`). `process.on('exit')` cannot wait, so whatever is still running then gets
 * SIGKILL.
 */
const { spawn } = require('child_process');
const { waitFor } = require('../../scripts/lib/wait');

/** Children still running, stopped together by stopAll. @type {Set<{ child: import('child_process').ChildProcess, stop: () => Promise<void> }>} */
const running = new Set();

/**
 * @typedef {object} ManagedProcess
 * @property {import('child_process').ChildProcess} child
 * @property {string} name
 * @property {Promise<{ code: number | null, signal: string | null }>} exited
 * @property {() => string} output Everything the process wrote so far (stdout and stderr interleaved).
 * @property {(timeoutMs?: number) => Promise<void>} stop SIGTERM to the group, SIGKILL after timeoutMs.
 * @property {() => Promise<void>} [kill] SIGKILL to the group at once (a crash), resolved once it exited.
 */

/**
 * @param {number | undefined} pid undefined when the child never started.
 * @param {NodeJS.Signals} signal
 */
function killGroup(pid, signal) {
	if (pid === undefined) return;
	try {
		process.kill(-pid, signal);
	} catch {
		// Already gone.
	}
}

/**
 * Starts a long-running child in its own process group.
 * @param {string} name For messages.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, onLine?: (line: string) => void, keepOutput?: number }} [options]
 *   onLine receives each output line; keepOutput is how many characters of output to keep (default 2 MB).
 * @returns {ManagedProcess}
 */
function startProcess(name, command, args, options = {}) {
	const child = spawn(command, args, {
		env: options.env ?? process.env,
		cwd: options.cwd,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const keep = options.keepOutput ?? 2_000_000;
	let output = '';
	let partial = '';
	const onData = (chunk) => {
		const text = chunk.toString('utf8');
		output = (output + text).slice(-keep);
		if (!options.onLine) return;
		const lines = (partial + text).split('\n');
		partial = lines.pop() ?? '';
		for (const line of lines) options.onLine(line);
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);

	/** @type {ManagedProcess} */
	const managed = {
		child,
		name,
		output: () => output,
		exited: new Promise((resolve) => {
			child.on('error', (error) => {
				output += `\n[${name}] could not start: ${error.message}\n`;
				running.delete(managed);
				resolve({ code: -1, signal: null });
			});
			child.on('exit', (code, signal) => {
				if (partial && options.onLine) options.onLine(partial);
				partial = '';
				// The group may still hold grandchildren (n8n's task runner): end them with the leader.
				if (child.pid) killGroup(child.pid, 'SIGKILL');
				running.delete(managed);
				resolve({ code, signal });
			});
		}),
		async kill() {
			if (!running.has(managed) || !child.pid) return;
			killGroup(child.pid, 'SIGKILL');
			await managed.exited;
		},
		async stop(timeoutMs = 15_000) {
			if (!running.has(managed) || !child.pid) return;
			killGroup(child.pid, 'SIGTERM');
			let timer;
			const timeout = new Promise((resolve) => {
				timer = setTimeout(resolve, timeoutMs, 'timeout');
			});
			const result = await Promise.race([managed.exited, timeout]);
			clearTimeout(timer);
			if (result === 'timeout') {
				killGroup(child.pid, 'SIGKILL');
				await managed.exited;
			}
		},
	};
	running.add(managed);
	return managed;
}

/**
 * Runs a command to completion (in its own process group, stopped with the script) and returns its output.
 * Rejects when it exits non-zero, unless `allowFailure`.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, allowFailure?: boolean, timeoutMs?: number, echo?: boolean }} [options]
 *   echo: copy the output to this process's stderr as it comes.
 * @returns {Promise<{ code: number | null, signal: string | null, stdout: string, stderr: string }>}
 */
function runCommand(command, args, options = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, {
			env: options.env ?? process.env,
			cwd: options.cwd,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => {
			stdout += chunk;
			if (options.echo) process.stderr.write(chunk);
		});
		child.stderr.on('data', (chunk) => {
			stderr += chunk;
			if (options.echo) process.stderr.write(chunk);
		});
		const managed = { child, name: command, stop: async () => killGroup(child.pid, 'SIGKILL') };
		running.add(managed);
		const timer = options.timeoutMs
			? setTimeout(() => {
					stderr += `\n[timed out after ${options.timeoutMs} ms]\n`;
					killGroup(child.pid, 'SIGKILL');
				}, options.timeoutMs)
			: undefined;
		child.on('error', (error) => {
			clearTimeout(timer);
			running.delete(managed);
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			killGroup(child.pid, 'SIGKILL');
			running.delete(managed);
			if (code !== 0 && !options.allowFailure) {
				const tail = (stderr || stdout).trim().split('\n').slice(-20).join('\n');
				reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}\n${tail}`));
				return;
			}
			resolve({ code, signal, stdout, stderr });
		});
	});
}

/** The last `lines` lines of `text`. */
function tail(text, lines) {
	return text.trim().split('\n').slice(-lines).join('\n');
}

/**
 * Polls `check` until it returns true. Throws, with the process's last output, as soon as the process exits or once
 * timeoutMs has passed.
 * @param {ManagedProcess} managed
 * @param {() => Promise<boolean>} check
 * @param {{ timeoutMs?: number, intervalMs?: number }} [options]
 */
async function waitUntilReady(managed, check, { timeoutMs = 30_000, intervalMs = 250 } = {}) {
	let exited = false;
	void managed.exited.then(() => (exited = true));
	try {
		await waitFor(`${managed.name} to be ready`, check, {
			timeoutMs,
			intervalMs,
			stopIf: () => (exited ? `${managed.name} exited` : undefined),
		});
	} catch (error) {
		throw new Error(`${error.message}:\n${tail(managed.output(), 40)}`);
	}
}

/** Stops every child still running, in reverse start order (n8n before the services it uses). */
async function stopAll() {
	for (const managed of [...running].reverse()) await managed.stop();
}

let handlersInstalled = false;

/**
 * Stops every child when this process is interrupted or terminated, then exits (130 / 143); SIGKILLs whatever is
 * left when the process exits any other way.
 * @param {(signal: string) => void} [onSignal] Called first, e.g. to print a message.
 */
function stopAllOnSignals(onSignal) {
	if (handlersInstalled) return;
	handlersInstalled = true;
	let stopping = false;
	/** @type {Array<[NodeJS.Signals, number]>} */
	const exitCodes = [
		['SIGINT', 130],
		['SIGTERM', 143],
		['SIGHUP', 129],
	];
	for (const [signal, code] of exitCodes) {
		process.on(signal, () => {
			if (stopping) return;
			stopping = true;
			onSignal?.(signal);
			stopAll().finally(() => process.exit(code));
		});
	}
	process.on('exit', () => {
		for (const managed of running) if (managed.child.pid) killGroup(managed.child.pid, 'SIGKILL');
	});
}

module.exports = {
	runCommand,
	startProcess,
	stopAll,
	stopAllOnSignals,
	tail,
	waitUntilReady,
};
