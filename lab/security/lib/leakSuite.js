'use strict';
/**
 * Part 2: secrets never leak.
 *
 * The credential's secret key is `sk_LEAKCANARY_<random>` (and a second credential holds a wrong one,
 * `sk_LEAKCANARY_WRONG_<random>`); webhook secrets are the sandbox's `whsec_<64 hex>`, read from its store. The
 * end-to-end workflows run (every operation, invalid inputs, API errors, both examples, the trigger), then every
 * place n8n keeps or prints something is searched for each secret in every form (as is, without its prefix, base64,
 * and the Basic Authorization value `base64(publicKey:secretKey)`).
 *
 * Expected: the secret keys and Authorization values occur nowhere (the credential is stored encrypted). Each
 * secret returned by Webhook Endpoint → Create occurs once in execution data, in that node's output (where the user
 * asked for it), and nowhere else but that execution as stored. The trigger's endpoint secrets occur in no execution,
 * log or answer; they are kept in the workflow's static data (in clear in n8n's database, like n8n's own GitHub
 * Trigger keeps its webhook secret), which the public API and REST return with the workflow.
 */
const path = require('path');
const { searchEverything } = require('./leakSearch');
const { runWorkflows } = require('./leakRuns');
const { STATIC_DATA, printLeakTable, searchStorage } = require('./leakStorage');
const { jsonPaths, searchDatabase, secret } = require('./leaks');
const { SecretRegistry } = require('./secretRegistry');

/**
 * @typedef {import('./stack').SecurityStack} SecurityStack
 * @typedef {import('../../lib/groupReport').Report} Report
 */

/**
 * While trigger A is active: where its secret is kept. Read through the public API and straight from the database
 * (read-only, while n8n runs).
 * @param {SecurityStack} stack
 * @param {import('./stack').Trigger} triggerA
 */
async function inspectActiveTrigger(stack, triggerA) {
	const { client, n8nDir, userFolder } = stack;
	const triggerSecret = secret('trigger A secret', 'triggerSecret', triggerA.secret);
	const workflow = await client.getWorkflow(triggerA.workflowId);
	const apiPaths = jsonPaths(workflow, triggerSecret);
	const db = await searchDatabase(n8nDir, path.join(userFolder, '.n8n', 'database.sqlite'), [
		triggerSecret,
	]);
	return { apiPaths, dbLocations: db.found.get(triggerSecret.name) ?? [] };
}

/**
 * Part 2 before n8n stops (the attacks' triggers are still active). Returns what searchStorage needs after n8n has
 * stopped.
 * @param {Report} report
 * @param {SecurityStack} stack
 * @param {import('./leakSearch').Attacks} attacks what n8n answered to the attack deliveries, and their signatures
 */
async function runSecretChecks(report, stack, attacks) {
	if (!stack.triggers) throw new Error('part 2 needs the triggers of part 1');
	const registry = new SecretRegistry();
	const { canaries } = stack;
	registry.add('API secret key', 'apiKey', canaries.secretKey);
	registry.add('wrong API secret key (2nd credential)', 'apiKey', canaries.wrongSecretKey);
	registry.add('Authorization header', 'authorization', [canaries.publicKey, canaries.secretKey]);
	registry.add('Authorization header (wrong key)', 'authorization', [
		canaries.publicKey,
		canaries.wrongSecretKey,
	]);
	for (const { name, trigger } of stack.attackTriggers ?? []) {
		registry.add(`trigger ${name} secret`, 'triggerSecret', trigger.secret);
	}

	const active = await inspectActiveTrigger(stack, stack.triggers.A);
	const activeChecks = [
		{
			label: `while active, trigger A's secret is kept in ${STATIC_DATA} only`,
			ok:
				active.dbLocations.length === 1 &&
				`${active.dbLocations[0].table}.${active.dbLocations[0].column}` === STATIC_DATA,
			problem: JSON.stringify(active.dbLocations),
		},
	];
	report.group(
		'where an active trigger keeps its secret (by design)',
		activeChecks,
		`database: ${active.dbLocations.map((l) => `${l.table}.${l.column}`).join(', ') || 'nowhere'}; public API GET /workflows/{id}: ${active.apiPaths.join(', ') || 'not returned'}`,
	);

	const collected = await runWorkflows(report, stack, registry);
	const counts = await searchEverything(report, stack, registry, collected, attacks);
	return { registry, counts, active };
}

module.exports = { printLeakTable, runSecretChecks, searchStorage };
