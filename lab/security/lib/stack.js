'use strict';
/**
 * What the security suite runs against: the sandbox in this process (so its store and log lines can be read) with
 * recognisable keys, and a real n8n (debug log level, every output line kept) with this package installed as a
 * community node, an owner, an API key and one credential: the lab's stack (lab/lib/stack.js) with these settings.
 */
const { randomBytes } = require('crypto');
const fs = require('fs');
const path = require('path');
const n8n = require('../../lib/n8n');

/**
 * Secret values nobody could mistake for anything else, fresh for each run.
 * secretKey is the credential's; wrongSecretKey is a second credential's, entered wrongly by the user (still a
 * secret, never to be shown).
 */
function makeCanaries() {
	const tag = randomBytes(8).toString('hex');
	return {
		publicKey: `pk_canary_${tag}`,
		secretKey: `sk_LEAKCANARY_${randomBytes(12).toString('hex')}`,
		wrongSecretKey: `sk_LEAKCANARY_WRONG_${randomBytes(12).toString('hex')}`,
	};
}

/**
 * @typedef {Awaited<ReturnType<typeof import('../../../sandbox').startSandbox>>} Sandbox
 * @typedef {import('./attackRun').Trigger} Trigger
 * @typedef {object} SecurityStack
 * @property {ReturnType<typeof makeCanaries>} canaries
 * @property {string} userFolder
 * @property {string} n8nDir
 * @property {string[]} sandboxLog
 * @property {string[]} n8nLog every line n8n printed
 * @property {Sandbox} sandbox
 * @property {import('../../lib/n8nProcess').N8nInstance} instance
 * @property {import('../../lib/n8n').N8nClient} client
 * @property {{ id: string, name: string }} credential
 * @property {{ A: Trigger, B: Trigger }} [triggers] the triggers of the last attack run (still active)
 * @property {Array<{ name: string, trigger: Trigger }>} [attackTriggers] every trigger the attacks activated, by name
 * @property {() => Promise<void>} stop
 */

/**
 * The lab's stack (lab/lib/stack.js) for this suite: the sandbox with the canary keys and one delivery attempt, n8n at
 * `debug`, both logging every line here; no example workflows. `stop()` stops both.
 * @param {{ n8nDir: string, workDir: string }} options
 * @returns {Promise<SecurityStack>}
 */
async function startSecurityStack({ n8nDir, workDir }) {
	const canaries = makeCanaries();
	const userFolder = path.join(workDir, 'n8n');
	/** @type {string[]} */
	const sandboxLog = [];
	/** @type {string[]} */
	const n8nLog = [];
	const stack = await n8n.startStack({
		n8nDir,
		userFolder,
		apiKeyLabel: 'security',
		examples: false,
		sandbox: {
			publicKey: canaries.publicKey,
			secretKey: canaries.secretKey,
			log: (/** @type {string} */ line) => sandboxLog.push(line),
			// One attempt: a delivery n8n refuses shows as refused, not hidden by a retry.
			delivery: { maxAttempts: 1, baseDelayMs: 100, timeoutMs: 15_000 },
		},
		n8n: { logLevel: 'debug', onLine: (/** @type {string} */ line) => n8nLog.push(line) },
	});
	return Object.assign(stack, { canaries, userFolder, n8nDir, sandboxLog, n8nLog });
}

/**
 * Writes the logs a failed run needs into `dir`.
 * @param {SecurityStack} stack
 * @param {string} dir
 */
function saveLogs(stack, dir) {
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, 'n8n.log'), `${stack.n8nLog.join('\n')}\n`);
	fs.writeFileSync(path.join(dir, 'sandbox.log'), `${stack.sandboxLog.join('\n')}\n`);
}

module.exports = { saveLogs, startSecurityStack };
