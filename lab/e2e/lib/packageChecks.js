'use strict';
/** The package as n8n sees it: node and credential types, icon, load errors, the credential test. */
const assert = require('node:assert/strict');
const n8n = require('../../lib/n8n');
const { WEBHOOK_EVENTS } = require('../../../sandbox/api/values');
const { CUSTOM_API_CALL, RESOURCES } = require('./expected');

async function checkPackageLoads(report, { client, instance, credential, sandbox }) {
	const asOwner = { headers: { cookie: client.cookie } };
	const nodeTypes = (await client.request('GET', '/types/nodes.json', asOwner)).body;
	const credentialTypes = (await client.request('GET', '/types/credentials.json', asOwner)).body;
	const find = (name) => nodeTypes.find((type) => type.name === name);

	await report.check(
		'package loads: action node type n8n-nodes-payment-platform.paymentPlatform',
		() => {
			const type = find(n8n.NODE_TYPES.action);
			assert.ok(type, 'not in /types/nodes.json');
			assert.equal(type.displayName, 'Payment Platform');
			assert.deepEqual(type.credentials, [{ name: n8n.CREDENTIAL_TYPE, required: true }]);
			const resource = type.properties.find((p) => p.name === 'resource');
			assert.deepEqual(
				resource.options.map((o) => o.name).filter((name) => name !== CUSTOM_API_CALL),
				RESOURCES,
			);
		},
	);
	await report.check('package loads: trigger node type with its POST webhook and 9 events', () => {
		const type = find(n8n.NODE_TYPES.trigger);
		assert.ok(type, 'not in /types/nodes.json');
		assert.ok(type.group.includes('trigger'));
		assert.partialDeepStrictEqual(type.webhooks, [
			{ name: 'default', httpMethod: 'POST', path: 'webhook' },
		]);
		const events = type.properties.find((p) => p.name === 'events');
		assert.deepEqual(
			events.options.map((o) => o.value),
			WEBHOOK_EVENTS,
		);
	});
	await report.check('package loads: credential type paymentPlatformApi', () => {
		const type = credentialTypes.find((t) => t.name === n8n.CREDENTIAL_TYPE);
		assert.ok(type, 'not in /types/credentials.json');
		// n8n appends its own allowed-domains fields to every credential type.
		assert.deepEqual(type.properties.map((p) => p.name).slice(0, 3), [
			'publicKey',
			'secretKey',
			'baseUrl',
		]);
	});
	await report.check(
		'credential type is served with an authenticate (a function, served as {}): the HTTP Request node lists it',
		() => {
			const type = credentialTypes.find((t) => t.name === n8n.CREDENTIAL_TYPE);
			// The credential authenticates with a function; n8n's loader serves a function `authenticate` as {}. The
			// editor lists a credential under Predefined Credential Type when the served type has `authenticate`.
			assert.deepEqual(type.authenticate, {});
		},
	);
	await report.check(
		'action node offers Custom API Call in Resource and in every Operation list; new nodes get its one version, 1',
		() => {
			const type = find(n8n.NODE_TYPES.action);
			const CUSTOM_API_CALL_KEY = '__CUSTOM_API_CALL__';
			const lists = type.properties.filter((p) => ['resource', 'operation'].includes(p.name));
			assert.equal(lists.length, 1 + RESOURCES.length);
			for (const list of lists) {
				assert.ok(
					list.options.some((o) => o.value === CUSTOM_API_CALL_KEY && o.name === CUSTOM_API_CALL),
					`no Custom API Call in ${list.name} ${JSON.stringify(list.displayOptions ?? {})}`,
				);
			}
			// The action node has one version: n8n serves it as a number, and the editor creates every node at it.
			assert.equal(type.defaultVersion, undefined);
			assert.equal(type.version, 1);
		},
	);
	await report.check('package loads: node icon is served', async () => {
		const type = find(n8n.NODE_TYPES.action);
		const iconUrl = typeof type.iconUrl === 'string' ? type.iconUrl : type.iconUrl?.light;
		assert.ok(iconUrl, `no iconUrl: ${JSON.stringify(type.iconUrl)}`);
		const response = await fetch(`${instance.url}/${iconUrl.replace(/^\//, '')}`);
		assert.equal(response.status, 200, `GET ${iconUrl}`);
		assert.match(await response.text(), /<svg/);
	});
	await report.check('package loads: no load error in the n8n log', () => {
		const lines = instance
			.output()
			.split('\n')
			.filter((line) => line.includes(n8n.PACKAGE_NAME) && /error|fail|skipping/i.test(line));
		assert.deepEqual(lines, []);
	});
	await report.check('credential test from the editor succeeds against the sandbox', async () => {
		const result = await client.rest('POST', '/credentials/test', {
			credentials: {
				id: credential.id,
				name: credential.name,
				type: n8n.CREDENTIAL_TYPE,
				data: n8n.sandboxCredential(sandbox).data,
			},
		});
		assert.equal(result.status, 'OK', JSON.stringify(result));
	});
	await report.check(
		'credential test with a wrong secret key fails, saying the key pair was refused',
		async () => {
			const { data } = n8n.sandboxCredential(sandbox);
			const result = await client.rest('POST', '/credentials/test', {
				credentials: {
					id: credential.id,
					name: credential.name,
					type: n8n.CREDENTIAL_TYPE,
					data: { ...data, secretKey: 'sk_wrong_key' },
				},
			});
			assert.equal(result.status, 'Error', JSON.stringify(result));
			// n8n 2.x shows the credential's rule for a 401; n8n 1.x its own message for a refused credential.
			assert.match(
				result.message,
				/refused the key pair \(HTTP 401\)|Authorization failed - please check your credentials/,
				JSON.stringify(result),
			);
			assert.doesNotMatch(JSON.stringify(result), /sk_wrong_key/);
		},
	);
}

module.exports = { checkPackageLoads };
