'use strict';
/**
 * The credential in n8n's own HTTP Request node (Authentication: Predefined Credential Type → Payment Platform API),
 * as the README's "Other endpoints" section shows it: a documented GET, and the two worked examples (docs/operations.md) for endpoints
 * the reference names without fields (a legal representative, a withdrawal). The sandbox accepts any JSON object on
 * those two chosen paths; what it recorded is checked, and a 2xx proves the Basic header carried the right key pair
 * (the sandbox answers 401 to anything else).
 */
const assert = require('node:assert/strict');
const { SEED } = require('../../../sandbox/seedIds');
const { execute } = require('../../lib/n8nExecute');
const { chain, httpRequestNode, manualTriggerNode } = require('../../lib/workflows');
const { nodeOutput } = require('../../lib/executions');

const HTTP_NODE_NAME = 'HTTP Request';

/**
 * Manual Trigger → HTTP Request with the package's credential.
 * @param {string} name
 * @param {{ id: string, name: string }} credential
 * @param {{ method: string, url: string, jsonBody?: string }} request
 */
function httpRequestWorkflow(name, credential, { method, url, jsonBody }) {
	const parameters = { method, url, options: {} };
	if (jsonBody !== undefined) {
		Object.assign(parameters, { sendBody: true, specifyBody: 'json', jsonBody });
	}
	return chain(name, [
		manualTriggerNode(),
		httpRequestNode(HTTP_NODE_NAME, parameters, { credential }),
	]);
}

/** The worked examples of docs/operations.md (the README links them), with the sandbox's address in place of https://api.example.com. */
const EXAMPLES = [
	{
		title: 'HTTP Request node with the credential: GET /v1/withdrawals/summary answers 2xx',
		method: 'GET',
		path: '/v1/withdrawals/summary',
		expect(items) {
			assert.equal(items[0].success, true);
			assert.equal(typeof items[0].data.available_balance, 'number');
		},
	},
	{
		title: 'Worked example: create a legal representative with the HTTP Request node',
		method: 'POST',
		path: `/v1/submerchants/${SEED.submerchants.pjWithoutLegalRepresentative}/legal-representatives`,
		body: { name: 'Maria Souza', tax_id: '12345678909' },
		expect(items) {
			assert.equal(items[0].success, true);
			assert.match(items[0].data.id, /^[0-9a-f-]{36}$/);
		},
	},
	{
		title: 'Worked example: create a withdrawal with the HTTP Request node',
		method: 'POST',
		path: '/v1/withdrawals',
		body: { amount: 10000 },
		expect(items) {
			assert.equal(items[0].success, true);
			assert.match(items[0].data.id, /^[0-9a-f-]{36}$/);
		},
	},
];

async function checkHttpRequestNode(report, context) {
	const { client, admin, credential } = context;
	for (const example of EXAMPLES) {
		await report.check(example.title, async () => {
			const created = await client.createWorkflow(
				httpRequestWorkflow(`E2E ${example.title}`, credential, {
					method: example.method,
					url: `${admin.url}${example.path}`,
					jsonBody: example.body === undefined ? undefined : JSON.stringify(example.body),
				}),
			);
			await admin.clearRequests();
			const { code, run } = await execute(context, created.id);
			const error = run.data.resultData.error;
			assert.equal(error, undefined, `execution failed: ${error?.message}`);
			assert.equal(code, 0);
			const requests = await admin.requests();
			assert.deepEqual(
				requests.map((r) => `${r.method} ${r.path}`),
				[`${example.method} ${example.path}`],
			);
			assert.ok(
				requests[0].status >= 200 && requests[0].status < 300,
				`sandbox answered ${requests[0].status}`,
			);
			if (example.body !== undefined) assert.deepEqual(requests[0].body, example.body);
			example.expect(nodeOutput(run, HTTP_NODE_NAME));
		});
	}
}

module.exports = { HTTP_NODE_NAME, checkHttpRequestNode, httpRequestWorkflow };
