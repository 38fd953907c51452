'use strict';
/**
 * Runs a workflow with `n8n execute`, for every suite. `target`: the n8n folder, the running instance and the
 * sandbox in this process (`{ n8nDir, instance, sandbox }`, as a suite's context or stack has them).
 */
const { parseRawOutput, n8nCli } = require('./n8nProcess');
const { tail } = require('./processes');

/** How often `n8n execute` runs when something outside n8n kills it (SIGSEGV seen under load, on both lines). */
const EXECUTE_ATTEMPTS = 3;

/**
 * `n8n execute --id --rawOutput` (a second n8n process on the same user folder). A run killed by a signal (not by
 * n8n: something else on the machine; SIGSEGV seen under load, in n8n's native modules) counts as run when it had
 * already printed its whole execution (the crash came at shut-down): running it again would send its writes twice
 * (a second submit for review gets 409). Only a killed run that printed no execution is run again, with a note;
 * what it sent to the sandbox is forgotten first, so the checks count the requests of the run they judge.
 */
async function cliExecute(target, workflowId) {
	const args = ['execute', `--id=${workflowId}`, '--rawOutput'];
	let result = await n8nCli(target.n8nDir, target.instance, args, { allowFailure: true });
	for (let attempt = 2; result.code === null && attempt <= EXECUTE_ATTEMPTS; attempt++) {
		const printed = parseRawOutput(result.stdout);
		const sent = target.sandbox.requests.length;
		const killed = `n8n execute was killed by ${result.signal} (requests sent: ${sent})`;
		if (printed) {
			console.log(`       note: ${killed} after printing its execution, which is judged`);
			return { ...result, code: printed.data?.resultData?.error ? 1 : 0 };
		}
		console.log(
			`       note: ${killed} before printing an execution; running it again (${attempt}/${EXECUTE_ATTEMPTS})`,
		);
		target.sandbox.clearRequests();
		result = await n8nCli(target.n8nDir, target.instance, args, { allowFailure: true });
	}
	return result;
}

/** Runs a workflow with `n8n execute`; returns the execution (`{ data: { resultData } }`) and the exit code. */
async function execute(target, workflowId) {
	const { code, signal, stdout, stderr } = await cliExecute(target, workflowId);
	const run = parseRawOutput(stdout);
	if (!run) {
		throw new Error(
			`n8n execute printed no execution (exit ${code ?? signal}):\n${tail(stdout + stderr, 20)}`,
		);
	}
	return { code, run };
}

module.exports = { cliExecute, execute };
