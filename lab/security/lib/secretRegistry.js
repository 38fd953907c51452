'use strict';
/** Every secret part 2 looks for, and where each secret created on purpose is allowed to appear. */
const { authorizationSecret, secret } = require('./leaks');

/**
 * @typedef {import('./leaks').Secret} Secret
 * @typedef {{ executionIds: string[], cli: boolean, atMostOnce?: boolean }} AllowedPlace
 */

class SecretRegistry {
	constructor() {
		/** @type {Secret[]} */
		this.all = [];
		/** @type {Map<string, AllowedPlace>} secret name -> the execution (and CLI run) where it may appear */
		this.createdIn = new Map();
	}

	/**
	 * Registers a secret (once per value); an `authorization` secret is given as [publicKey, secretKey].
	 * @param {string} name
	 * @param {Secret['kind']} kind
	 * @param {string | [string, string]} value
	 * @returns {Secret}
	 */
	add(name, kind, value) {
		const known = this.all.find((s) => s.value === value);
		if (known) return known;
		const entry = Array.isArray(value)
			? authorizationSecret(name, ...value)
			: secret(name, kind, value);
		this.all.push(entry);
		return entry;
	}

	/**
	 * Registers every endpoint secret in the sandbox's store not registered yet.
	 * @param {import('./stack').Sandbox} sandbox
	 * @param {string} instanceUrl n8n's URL: endpoints under it are triggers'
	 * @param {string} [label]
	 */
	harvest(sandbox, instanceUrl, label) {
		for (const endpoint of sandbox.store.webhookEndpoints.values()) {
			if (this.all.some((s) => s.value === endpoint.secret)) continue;
			const isTrigger = endpoint.url.startsWith(`${instanceUrl}/webhook`);
			this.add(
				`${isTrigger ? 'trigger' : 'created'} secret (${label ?? endpoint.url})`,
				isTrigger ? 'triggerSecret' : 'createdSecret',
				endpoint.secret,
			);
		}
	}

	/** @param {...Secret['kind']} kinds */
	ofKind(...kinds) {
		return this.all.filter((s) => kinds.includes(s.kind));
	}
}

module.exports = { SecretRegistry };
