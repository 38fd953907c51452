'use strict';
/**
 * Part 2: workflows run with `n8n execute` (a second n8n process, debug log level). What it prints is searched too;
 * the secret Webhook Endpoint → Create returns may appear once, in the execution it prints.
 */
const n8n = require('../../lib/n8n');
const { SEED } = require('../../../sandbox/seedIds');
const { invalidCase } = require('../../lib/operationCases');
const { operationWorkflow } = require('../../lib/workflows');
const { allExecutions } = require('../../lib/executions');
const { UNCALLED_URL, chargeGet, webhookEndpointCreate } = require('./workflows');

/**
 * @typedef {{ title: string, output: string, printed: any }} CliRun what one `n8n execute` printed, and the
 *   execution it printed (parsed)
 * @typedef {import('./leakRuns').LeakRun} LeakRun
 * @typedef {import('./checkItems').CheckResult} CheckResult
 */

/** @param {string} text */
const stripAnsi = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

/**
 * Runs Webhook Endpoint → Create, a wrong-key Charge → Get and an input n8n itself refuses with `n8n execute`.
 * @param {LeakRun} run
 */
async function runWithCli(run) {
	const { stack, registry, wrongCredential } = run;
	const { client, credential, sandbox } = stack;
	/** @type {CheckResult[]} */
	const cli = [];
	const runCli = cliRunner(run, cli);

	const createWorkflowId = await runCli(
		'Webhook Endpoint → Create',
		webhookEndpointCreate(credential),
		0,
	);
	const cliEndpoints = [...sandbox.store.webhookEndpoints.values()].filter(
		(e) => e.url === UNCALLED_URL,
	);
	const cliSecret = cliEndpoints.at(-1)?.secret;
	const createExecutionIds = (await allExecutions(client, { workflowId: createWorkflowId })).map(
		(e) => e.id,
	);
	for (const [i, endpoint] of cliEndpoints.entries()) {
		const last = i === cliEndpoints.length - 1;
		const created = registry.add(
			`created secret (Create, n8n execute${last ? '' : ', killed run'})`,
			'createdSecret',
			endpoint.secret,
		);
		// A killed run may have died before n8n saved or printed its execution: at most once, then.
		registry.createdIn.set(created.name, {
			cli: true,
			executionIds: createExecutionIds,
			atMostOnce: !last,
		});
	}
	cli.push({
		label: 'n8n execute: Webhook Endpoint → Create registered an endpoint',
		ok: Boolean(cliSecret),
		problem: 'no endpoint in the sandbox',
	});

	await runCli('wrong secret key (401)', chargeGet(SEED.charges.captured, wrongCredential), 1);

	// n8n's own parameter check refuses this input, and refuses to activate such a workflow: only n8n execute runs it.
	const n8nChecked = invalidCase(true);
	const invalidId = await runCli(
		n8nChecked.title,
		operationWorkflow(
			'invalid',
			{ resource: n8nChecked.resource, operation: n8nChecked.operation, ...n8nChecked.parameters },
			credential,
		),
		1,
	);
	const [invalidRun] = await allExecutions(client, { workflowId: invalidId, includeData: true });
	cli.push({
		label: `n8n execute: ${n8nChecked.title}`,
		ok:
			invalidRun?.status === 'error' &&
			n8nChecked.expectedMessage.test(String(invalidRun.data?.resultData?.error?.message)),
		problem: `status ${invalidRun?.status}: ${invalidRun?.data?.resultData?.error?.message}`,
	});
	run.report.group('workflows run with n8n execute (debug log level)', cli);
}

/**
 * Returns `runCli(title, workflow, expectCode)`: imports the workflow, runs it with `n8n execute`, records what it
 * printed in `run.cliRuns` and a check of its exit code in `cli`; resolves with the workflow's id. n8n execute now
 * and then dies of a signal (SIGSEGV seen here, in n8n's native modules): such a run is run once more, and what the
 * dead run printed is searched too.
 * @param {LeakRun} run
 * @param {CheckResult[]} cli
 */
function cliRunner(run, cli) {
	const { stack } = run;
	/**
	 * @param {string} title
	 * @param {import('../../lib/workflows').WorkflowJson} workflow
	 * @param {number} expectCode
	 * @returns {Promise<string>}
	 */
	return async (title, workflow, expectCode) => {
		const created = await stack.client.createWorkflow({
			...workflow,
			name: `Security CLI: ${title}`,
		});
		let code;
		for (let attempt = 1; attempt <= 2; attempt++) {
			const result = await n8n.n8nCli(
				stack.n8nDir,
				stack.instance,
				['execute', `--id=${created.id}`, '--rawOutput'],
				{ allowFailure: true, logLevel: 'debug' },
			);
			code = result.code;
			const output = `${result.stdout}\n${result.stderr}`;
			run.cliRuns.push({ title, output, printed: printedExecution(result.stdout) });
			if (code !== null) break;
			console.log(
				`       note: n8n execute (${title}) was killed by a signal; running it once more`,
			);
		}
		cli.push({
			label: `n8n execute: ${title} exits ${expectCode}`,
			ok: code === expectCode,
			problem: `exit ${code}`,
		});
		return created.id;
	};
}

/**
 * The execution `n8n execute --rawOutput` prints. At debug level it goes through n8n's logger: the first line is
 * `<time> info {` and the last `} { <metadata> }`, each line wrapped in colour codes.
 * @param {string} stdout
 */
function printedExecution(stdout) {
	const lines = stripAnsi(stdout).split('\n');
	const start = lines.findIndex((line) => /^(\S+\s+info\s+)?\{$/.test(line));
	if (start === -1) return undefined;
	for (let end = start + 1; end < lines.length; end++) {
		if (!/^\}( \{.*\})?$/.test(lines[end])) continue;
		try {
			return JSON.parse(['{', ...lines.slice(start + 1, end), '}'].join('\n'));
		} catch {
			// A nested closing brace: keep looking.
		}
	}
	return undefined;
}

module.exports = { runWithCli };
