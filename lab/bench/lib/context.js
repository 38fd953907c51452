'use strict';
/**
 * The bench's shared state, filled in by the runner as it starts things.
 * @typedef {Awaited<ReturnType<typeof import('../../../sandbox').startSandbox>>} Sandbox
 * @typedef {Awaited<ReturnType<typeof import('../../lib/n8n').startN8n>>} N8nInstance
 * @typedef {InstanceType<typeof import('../../lib/n8n').N8nClient>} N8nClient
 * @typedef {{ id: string, name: string }} CredentialRef
 * @typedef {object} BenchContext
 * @property {string} workDir temporary folder, removed at the end
 * @property {string} userFolder n8n's user folder inside it
 * @property {string} [n8nDir] the pinned n8n install
 * @property {Sandbox} [sandbox]
 * @property {string[]} [chargeIds] the 10,000 charges the sandbox holds
 * @property {N8nInstance} [instance]
 * @property {N8nClient} [client]
 * @property {CredentialRef} [credential] the Payment Platform credential
 * @property {Record<string, string>} n8nEnv extra n8n environment of the current instance
 * @property {number} otherN8n other "n8n start" processes when the bench started
 * @property {string} loadAtStart load average when the bench started
 */

/**
 * The part of the context a figure that runs in n8n needs, checked once.
 * @param {BenchContext} context
 */
function running(context) {
	const { sandbox, instance, client, credential, chargeIds } = context;
	if (!sandbox || !instance || !client || !credential || !chargeIds) {
		throw new Error('n8n and the sandbox are not running');
	}
	return { sandbox, instance, client, credential, chargeIds };
}

module.exports = { running };
