'use strict';
/**
 * A process's resident set size (sampled, keeping the peak) and CPU time, from /proc (Linux); waiting until it is
 * quiet; a full collection in n8n.
 */
const fs = require('fs');
const { execFileSync } = require('child_process');
const { sleep } = require('../../scripts/lib/wait');

let clockTicks;
/** Clock ticks per second (the unit of utime and stime in /proc/<pid>/stat). */
function ticksPerSecond() {
	if (clockTicks === undefined) {
		try {
			clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
		} catch {
			clockTicks = 100;
		}
	}
	return clockTicks;
}

/** CPU time (user + system, all threads) `pid` has used so far, in ms; undefined when it cannot be read. */
function cpuMsOf(pid) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields after the command name (which may hold spaces) start after the last ')'.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		const utime = Number(fields[11]);
		const stime = Number(fields[12]);
		return ((utime + stime) * 1000) / ticksPerSecond();
	} catch {
		return undefined;
	}
}

/** VmRSS of `pid` in bytes, or undefined when it cannot be read. */
function rssOf(pid) {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
		return match ? Number(match[1]) * 1024 : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Starts sampling every `intervalMs`; `stop()` returns { peak, before, samples } in bytes. The sampler runs on this
 * process's event loop, so the loop must stay free while it samples (the measured work runs in other processes).
 */
function sampleRss(pid, intervalMs = 20) {
	const before = rssOf(pid);
	let peak = before ?? 0;
	let samples = 0;
	const timer = setInterval(() => {
		const value = rssOf(pid);
		samples++;
		if (value !== undefined && value > peak) peak = value;
	}, intervalMs);
	return {
		stop() {
			clearInterval(timer);
			const last = rssOf(pid);
			if (last !== undefined && last > peak) peak = last;
			return { peak, before, samples };
		},
	};
}

/**
 * Waits until `pid` has been quiet (under a tenth of a core over `windowMs`) or `timeoutMs` has passed. n8n keeps
 * working after it answers (saving a 10,000-item execution, collecting garbage): a measurement started then would
 * share the 2 cores with that tail of the previous one. Returns how long it waited.
 * @param {number} pid
 */
async function waitUntilQuiet(pid, { windowMs = 200, timeoutMs = 10_000 } = {}) {
	const started = Date.now();
	let before = cpuMsOf(pid);
	while (Date.now() - started < timeoutMs) {
		await sleep(windowMs);
		const now = cpuMsOf(pid);
		if (before === undefined || now === undefined || now - before < windowMs / 10) break;
		before = now;
	}
	return Date.now() - started;
}

/**
 * A full garbage collection in n8n (`pid` runs with lab/bench/lib/gcProbe.js), then the wait until it is quiet.
 * @param {number} pid
 */
async function collectGarbage(pid) {
	process.kill(pid, 'SIGUSR2');
	return await waitUntilQuiet(pid);
}

module.exports = { collectGarbage, cpuMsOf, sampleRss, waitUntilQuiet };
